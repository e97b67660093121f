import { fn, violatedConstraint, NotFoundError, NotLoggedInError, ValidationError, dateText, validate, type Actor, type PermissionMatrix, type Translate } from '@alterna/core';
import { perm } from '../permissions.js';
import { workStudyEditSchema, workStudySchema } from '../validation/resources.js';
import type { PlanningDeps } from './deps.js';
import type { Db } from './resource-common.js';
import { TrainingGroupWorkStudyModel } from '../models/index.js';
import type { TrainingGroupWorkStudiesRow } from '../models/rows.js';

export interface WorkStudyTrainingGroup {
  id: string;
  name: string;
  shortName: string;
  startDate: string;
  endDate: string;
  campus: { id: string; name: string };
}

/** SPEC §3 ScheduleTrainingGroupWorkStudy: uuid, startDate, endDate (days), type Entreprise | Formation. */
export interface WorkStudyPeriod {
  id: string;
  trainingGroupId: string;
  startDate: string;
  endDate: string;
  type: string;
  trainingGroup: { id: string; name: string; shortName: string };
}

export interface WorkStudiesService {
  /** Training groups of the current session on the actor's campuses (the picker), with whether it may change them. */
  trainingGroups(actor: Actor | null): Promise<(WorkStudyTrainingGroup & { canUpdate: boolean })[]>;
  /** A training group's periods by start. */
  list(actor: Actor | null, trainingGroupId: string): Promise<{ trainingGroup: WorkStudyTrainingGroup; canUpdate: boolean; periods: WorkStudyPeriod[] }>;
  create(actor: Actor | null, input: unknown, t: Translate): Promise<WorkStudyPeriod>;
  update(actor: Actor | null, id: string, input: unknown, t: Translate): Promise<WorkStudyPeriod>;
  remove(actor: Actor | null, id: string): Promise<{ deleted: string }>;
  /** SPEC §7 ScheduleTrainingGroupWorkStudies: periods of the training groups of those planning groups (the actor's campuses only). */
  byPlanningGroups(actor: Actor | null, planningGroupIds: string[]): Promise<WorkStudyPeriod[]>;
  /** SPEC §7 …ByTrainingGroupNoTraining: the group's company periods (type Entreprise), when no training takes place. */
  companyPeriods(actor: Actor | null, trainingGroupId: string): Promise<WorkStudyPeriod[]>;
}

const NO_OVERLAP = 'training_group_work_studies_no_overlap';

export function workStudiesService(deps: PlanningDeps): WorkStudiesService {
  // Typed by name: TypeScript only runs assertion methods (`assert`) on explicitly typed references.
  const permissions: PermissionMatrix = deps.permissions;
  const { knex } = deps;
  const groupColumns = [
    'g.id', 'g.name', 'g.short_name', knex.raw(dateText('g.start_date', 'start_date')), knex.raw(dateText('g.end_date', 'end_date')),
    'c.id as campus_id', 'c.name as campus_name',
  ];
  const toGroup = (row: Record<string, any>): WorkStudyTrainingGroup => ({
    id: row.id, name: row.name, shortName: row.short_name, startDate: row.start_date, endDate: row.end_date, campus: { id: row.campus_id, name: row.campus_name },
  });
  const periods = (db: Db) =>
    db('training_group_work_studies as w')
      .join('trainings_training_groups as g', 'g.id', 'w.training_group_id')
      .select('w.id', 'w.training_group_id', knex.raw(dateText('w.start_date', 'start_date')), knex.raw(dateText('w.end_date', 'end_date')), 'w.type', 'g.name as group_name', 'g.short_name as group_short_name')
      .orderBy([{ column: 'g.short_name' }, { column: 'w.start_date' }]);
  const toPeriod = (row: Record<string, any>): WorkStudyPeriod => ({
    id: row.id,
    trainingGroupId: row.training_group_id,
    startDate: row.start_date,
    endDate: row.end_date,
    type: row.type,
    trainingGroup: { id: row.training_group_id, name: row.group_name, shortName: row.group_short_name },
  });

  /** The group, if the actor holds the permission on its campus (404 when it does not exist). */
  async function groupFor(actor: Actor, trainingGroupId: string, permission: string): Promise<WorkStudyTrainingGroup> {
    const row = await knex('trainings_training_groups as g').join('training_centre_campuses as c', 'c.id', 'g.campus_id').where('g.id', trainingGroupId).first(groupColumns);
    if (!row) {
      permissions.assert(actor, permission);
      throw new NotFoundError('training group');
    }
    permissions.assert(actor, permission, row.campus_id);
    return toGroup(row);
  }

  /** The period lies within the group's dates, else 422 saying which. */
  function assertWithinGroup(group: WorkStudyTrainingGroup, value: { startDate: string; endDate: string }, t: Translate): void {
    const message = t('planning.resources.workStudy.outsideGroup', { group: group.shortName, start: group.startDate, end: group.endDate });
    const violations = [
      ...(value.startDate < group.startDate || value.startDate > group.endDate ? [{ path: 'startDate', message }] : []),
      ...(value.endDate > group.endDate || value.endDate < group.startDate ? [{ path: 'endDate', message }] : []),
    ];
    if (violations.length) throw new ValidationError(violations);
  }

  /** The exclusion constraint refused the row: name the period it overlaps. */
  async function overlapError(groupId: string, value: { startDate: string; endDate: string }, exceptId: string | null, t: Translate): Promise<ValidationError> {
    const query = periods(knex)
      .where('w.training_group_id', groupId)
      .andWhereRaw("daterange(w.start_date, w.end_date, '[]') && daterange(?::date, ?::date, '[]')", [value.startDate, value.endDate]);
    if (exceptId) query.whereNot('w.id', exceptId);
    const other = await query.first();
    const words = other
      ? { type: t(`planning.resources.workStudy.types.${other.type}`), start: other.start_date, end: other.end_date }
      : { type: '', start: value.startDate, end: value.endDate };
    return new ValidationError([{ path: '', message: t('planning.resources.workStudy.overlap', words) }], {
      conflicts: other ? [{ kind: 'companyPeriod', otherId: other.id, resourceId: groupId, startAt: other.start_date, endAt: other.end_date, label: other.type }] : [],
    });
  }

  async function save(groupId: string, value: { startDate: string; endDate: string; type: TrainingGroupWorkStudiesRow['type'] }, id: string | null, t: Translate): Promise<WorkStudyPeriod> {
    const row = { start_date: value.startDate, end_date: value.endDate, type: value.type };
    let savedId: string;
    try {
      if (id) {
        await TrainingGroupWorkStudyModel.query(knex).findById(id).patch({ ...row, updated_at: fn.now() });
        savedId = id;
      } else {
        const [created] = await knex('training_group_work_studies').insert({ ...row, training_group_id: groupId }).returning('id');
        if (!created) throw new Error('work-studies: the insert returned no row');
        savedId = created.id;
      }
    } catch (error) {
      if (violatedConstraint(error, 'exclusionViolation') === NO_OVERLAP) throw await overlapError(groupId, value, id, t);
      throw error;
    }
    return toPeriod(await periods(knex).where('w.id', savedId).first());
  }

  async function existing(actor: Actor, id: string) {
    const row = await TrainingGroupWorkStudyModel.query(knex).findById(id).select('id', 'training_group_id');
    if (!row) {
      permissions.assert(actor, perm.resourceUpdate);
      throw new NotFoundError('work-study period');
    }
    return { id: row.id as string, group: await groupFor(actor, row.training_group_id, perm.resourceUpdate) };
  }

  return {
    async trainingGroups(actor) {
      const campuses = permissions.campusesOrDeny(actor, perm.resourceRead);
      const session = await deps.core.module('trainings').sessions.current();
      if (!session) return [];
      const rows = await knex('trainings_training_groups as g')
        .join('training_centre_campuses as c', 'c.id', 'g.campus_id')
        .whereIn('g.campus_id', campuses)
        .andWhere('g.training_session_id', session.id)
        .orderBy([{ column: 'c.name' }, { column: 'g.short_name' }])
        .select(groupColumns);
      return rows.map((row: Record<string, any>) => ({ ...toGroup(row), canUpdate: permissions.isGranted(actor, perm.resourceUpdate, row.campus_id) }));
    },

    async list(actor, trainingGroupId) {
      if (!actor) throw new NotLoggedInError();
      const trainingGroup = await groupFor(actor, trainingGroupId, perm.resourceRead);
      const rows = await periods(knex).where('w.training_group_id', trainingGroupId);
      return { trainingGroup, canUpdate: permissions.isGranted(actor, perm.resourceUpdate, trainingGroup.campus.id), periods: rows.map(toPeriod) };
    },

    async create(actor, input, t) {
      if (!actor) throw new NotLoggedInError();
      const value = await validate(workStudySchema, input, t);
      const group = await groupFor(actor, value.trainingGroup, perm.resourceUpdate);
      assertWithinGroup(group, value, t);
      return save(group.id, value, null, t);
    },

    async update(actor, id, input, t) {
      if (!actor) throw new NotLoggedInError();
      const value = await validate(workStudyEditSchema, input, t);
      const { group } = await existing(actor, id);
      assertWithinGroup(group, value, t);
      return save(group.id, value, id, t);
    },

    async remove(actor, id) {
      if (!actor) throw new NotLoggedInError();
      await existing(actor, id);
      await TrainingGroupWorkStudyModel.query(knex).deleteById(id);
      return { deleted: id };
    },

    async byPlanningGroups(actor, planningGroupIds) {
      const campuses = permissions.campusesOrDeny(actor, perm.resourceRead);
      if (!planningGroupIds.length) return [];
      // A sub-group without its own training group follows its parent's.
      const trainingGroups = knex('planning_groups as pg')
        .leftJoin('planning_groups as parent', 'parent.id', 'pg.parent_id')
        .whereIn('pg.id', planningGroupIds)
        .whereIn('pg.campus_id', campuses)
        .select(knex.raw('COALESCE(pg.training_group_id, parent.training_group_id)'));
      const rows = await periods(knex).whereIn('w.training_group_id', trainingGroups);
      return rows.map(toPeriod);
    },

    async companyPeriods(actor, trainingGroupId) {
      if (!actor) throw new NotLoggedInError();
      await groupFor(actor, trainingGroupId, perm.resourceRead);
      const rows = await periods(knex).where('w.training_group_id', trainingGroupId).andWhere('w.type', 'Entreprise');
      return rows.map(toPeriod);
    },
  };
}
