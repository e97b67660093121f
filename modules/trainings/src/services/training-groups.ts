import { AccessDeniedError, narrowCampuses, NotFoundError, ValidationError, validate, type Actor, type Translate, type Violation } from '@alterna/core';
import { trainingGroupSchema, type TrainingGroupInput } from '../validation/index.js';
import { groupVariantProblem } from '../rules/training-plan.js';
import { isOutsideSession } from '../rules/groups.js';
import { perm } from '../permissions.js';
import { campusRefs } from './campuses.js';
import { dateText, type ServiceContext } from './context.js';
import type { TrainingSessionsService } from './sessions.js';
import type { TrainingGroupsRow } from '../models/index.js';
import type { TrainingsService } from './trainings.js';
import type { TrainingGroup } from './types.js';

export interface TrainingGroupFilter {
  /** Campuses asked for; those the actor may not read are left out. */
  campusIds?: readonly string[] | null;
  trainingIds?: readonly string[] | null;
  trainingSessionId?: string | null;
  /** Only groups of the current session (SPEC §7 "...ByCurrentSession"). */
  currentSession?: boolean;
}

export interface TrainingGroupsService {
  /** Groups on the actor's campuses, ordered by session (latest first), then short name. */
  list(actor: Actor | null, filter?: TrainingGroupFilter): Promise<TrainingGroup[]>;
  /** SPEC §7 getTrainingGroupByTraining: the campus must be one of the actor's. */
  byTraining(actor: Actor | null, campusId: string, trainingId: string, trainingSessionId: string): Promise<TrainingGroup[]>;
  get(actor: Actor | null, id: string): Promise<TrainingGroup>;
  create(actor: Actor | null, input: unknown, t: Translate): Promise<TrainingGroup>;
  update(actor: Actor | null, id: string, input: unknown, t: Translate): Promise<TrainingGroup>;
  /** Internal, for other modules (planning): groups by id, no campus filter; check the campus yourself. */
  byIds(ids: readonly string[]): Promise<TrainingGroup[]>;
}

/** A group's columns (generated for `training_groups`) with its training's and variant's names. */
interface GroupRow extends Omit<TrainingGroupsRow, 'created_at' | 'updated_at'> {
  training_name: string;
  training_short_name: string;
  training_is_published: boolean;
  variant_name: string;
}

export function trainingGroupsService(ctx: ServiceContext, deps: { trainings: TrainingsService; sessions: TrainingSessionsService }): TrainingGroupsService {
  const { knex } = ctx.core;

  const select = () =>
    knex('training_groups as g')
      .join('trainings as t', 't.id', 'g.training_id')
      .join('training_plan_variants as v', 'v.id', 'g.variant_id')
      .join('training_sessions as s', 's.id', 'g.training_session_id')
      .select(
        'g.id', 'g.name', 'g.short_name', knex.raw(dateText('g.start_date', 'start_date')), knex.raw(dateText('g.end_date', 'end_date')),
        'g.campus_id', 'g.training_session_id', 'g.training_id', 't.name as training_name', 't.short_name as training_short_name',
        't.is_published as training_is_published', 'g.variant_id', 'v.name as variant_name',
      )
      .orderBy([{ column: 's.start_date', order: 'desc' }, { column: 'g.short_name' }, { column: 'g.name' }]);

  const present = async (rows: GroupRow[]): Promise<TrainingGroup[]> => {
    if (!rows.length) return [];
    const campuses = await campusRefs(ctx, rows.map((r) => r.campus_id));
    const sessions = new Map((await deps.sessions.list()).map((s) => [s.id, s]));
    return rows.map((row) => ({
      id: row.id,
      uuid: row.id,
      name: row.name,
      shortName: row.short_name,
      startDate: row.start_date,
      endDate: row.end_date,
      campus: campuses.get(row.campus_id) ?? { id: row.campus_id, uuid: row.campus_id, name: '' },
      trainingSession: sessions.get(row.training_session_id)!,
      training: { id: row.training_id, uuid: row.training_id, name: row.training_name, shortName: row.training_short_name, isPublished: row.training_is_published },
      variant: { id: row.variant_id, uuid: row.variant_id, name: row.variant_name },
    }));
  };

  /** Everything a group must agree with: its session's dates, its campus offering the training, its variant. */
  const check = async (actor: Actor, value: TrainingGroupInput, exceptId: string | null, t: Translate) => {
    if (!(await knex('trainings').where('id', value.trainingId).first('id'))) {
      throw new ValidationError([{ path: 'trainingId', message: t('trainings.training.unknown') }]);
    }
    const campuses = await deps.trainings.assertCanRead(actor, value.trainingId, perm.groupRead);
    const session = await deps.sessions.get(value.trainingSessionId);
    if (!session) throw new ValidationError([{ path: 'trainingSessionId', message: t('trainings.session.unknown') }]);
    const violations: Violation[] = [];
    if (!campuses.includes(value.campusId)) violations.push({ path: 'campusId', message: t('trainings.group.campusNotOffered') });
    if (isOutsideSession(value, session)) {
      violations.push({ path: 'startDate', message: t('trainings.group.outsideSession', { start: session.startDate, end: session.endDate }) });
    }
    const variants: { id: string }[] = await knex('training_plan_variants as v')
      .join('training_plans as p', 'p.id', 'v.training_plan_id')
      .select('v.id')
      .where({ 'p.training_id': value.trainingId, 'p.training_session_id': value.trainingSessionId });
    const variantProblem = groupVariantProblem(variants.map((v) => v.id), value.variantId);
    if (variantProblem) violations.push({ path: 'variantId', message: t(variantProblem) });
    const clash = knex('training_groups')
      .where({ campus_id: value.campusId, training_session_id: value.trainingSessionId })
      .whereRaw('lower(short_name) = lower(?)', [value.shortName]);
    if (exceptId) clash.whereNot('id', exceptId);
    if (await clash.first('id')) violations.push({ path: 'shortName', message: t('trainings.group.shortNameTaken') });
    if (violations.length) throw new ValidationError(violations);
  };

  const row = (value: TrainingGroupInput) => ({
    name: value.name, short_name: value.shortName, start_date: value.startDate, end_date: value.endDate,
    campus_id: value.campusId, training_session_id: value.trainingSessionId, training_id: value.trainingId, variant_id: value.variantId,
  });

  const service: TrainingGroupsService = {
    async list(actor, filter = {}) {
      const campuses = narrowCampuses(filter.campusIds, ctx.campusesFor(actor, perm.groupRead));
      if (!campuses.length) return [];
      const query = select().whereIn('g.campus_id', campuses);
      if (filter.trainingIds) query.whereIn('g.training_id', filter.trainingIds);
      if (filter.trainingSessionId) query.where('g.training_session_id', filter.trainingSessionId);
      if (filter.currentSession) {
        const current = await deps.sessions.current();
        if (!current) return [];
        query.where('g.training_session_id', current.id);
      }
      return present(await query);
    },
    async byTraining(actor, campusId, trainingId, trainingSessionId) {
      ctx.core.permissions.assert(actor, perm.groupRead, campusId);
      return service.list(actor, { campusIds: [campusId], trainingIds: [trainingId], trainingSessionId });
    },
    async get(actor, id) {
      const campuses = ctx.campusesFor(actor, perm.groupRead);
      const found: GroupRow | undefined = await select().where('g.id', id).first();
      if (!found) throw new NotFoundError('training group');
      if (!campuses.includes(found.campus_id)) throw new AccessDeniedError();
      return (await present([found]))[0]!;
    },
    async create(actor, input, t) {
      ctx.campusesFor(actor, perm.groupUpdate);
      const value = await validate(trainingGroupSchema, input, t);
      ctx.core.permissions.assert(actor, perm.groupUpdate, value.campusId);
      await check(actor!, value, null, t);
      const [created] = await knex('training_groups').insert(row(value)).returning('id');
      if (!created) throw new Error('trainings: the training group insert returned no row');
      return service.get(actor, created.id);
    },
    async update(actor, id, input, t) {
      const current = await service.get(actor, id);
      ctx.core.permissions.assert(actor, perm.groupUpdate, current.campus.id);
      const value = await validate(trainingGroupSchema, input, t);
      ctx.core.permissions.assert(actor, perm.groupUpdate, value.campusId);
      await check(actor, value, id, t);
      await knex('training_groups').where({ id }).update({ ...row(value), updated_at: knex.fn.now() });
      return service.get(actor, id);
    },
    async byIds(ids) {
      if (!ids.length) return [];
      return present(await select().whereIn('g.id', [...new Set(ids)]));
    },
  };
  return service;
}
