import { isPgError, NotFoundError, ValidationError, todayIn, validate, type Actor, type Knex, type PermissionMatrix, type Translate } from '@alterna/core';
import { perm } from '../permissions.js';
import { CENTRE_TIME_ZONE } from '../types.js';
import { planningGroupSchema, subjectLinesSchema, subscriptionsSchema } from '../validation/groups.js';
import type { PlanningDeps } from './deps.js';
import { deleteGroup } from './group-deletion.js';
import { campusExists, formOptions, informationsRow, informationViolations } from './group-informations.js';
import { groupRow, groupRows, presentGroups, type GroupRow } from './group-store.js';
import { saveSubjectLines } from './group-subject-lines.js';
import { availableRegistrations, subscribe, subscriptionsOf, unsubscribe, type SubscriptionScope } from './group-subscriptions.js';
import type { PlanningGroup, PlanningGroupFormOptions, PlanningGroupPage } from './group-types.js';

export type * from './group-types.js';

export interface PlanningGroupsService {
  /** SPEC §7 PlanningGroupByCampus: groups of the actor's readable campuses, narrowed by `campusList`. */
  list(actor: Actor | null, campusList?: readonly string[] | null): Promise<PlanningGroup[]>;
  get(actor: Actor | null, id: string): Promise<PlanningGroup>;
  /** The group page: students, registrations it may take, subjects to pick. */
  page(actor: Actor | null, id: string): Promise<PlanningGroupPage>;
  /** Choices of the new form, or of the edit form of group `id`. */
  formOptions(actor: Actor | null, id?: string | null): Promise<PlanningGroupFormOptions>;
  /** /planning/planning-groups/new */
  create(actor: Actor | null, input: unknown, t: Translate): Promise<PlanningGroup>;
  /** /planning/planning-groups/{id}/informations/edit */
  update(actor: Actor | null, id: string, input: unknown, t: Translate): Promise<PlanningGroup>;
  /** The whole table of school subjects with hours, saved at once. */
  saveSubjectLines(actor: Actor | null, id: string, input: unknown, t: Translate): Promise<PlanningGroup>;
  subscribe(actor: Actor | null, id: string, input: unknown, t: Translate): Promise<{ added: number; planningGroup: PlanningGroup }>;
  unsubscribe(actor: Actor | null, id: string, input: unknown, t: Translate): Promise<{ removed: number; planningGroup: PlanningGroup }>;
  /** Refused while students, lessons or child groups use it. */
  remove(actor: Actor | null, id: string, t: Translate): Promise<void>;
  /** Internal, for sibling services: groups by id, no permission check (check the campus yourself). */
  byIds(db: Knex | Knex.Transaction, ids: readonly string[]): Promise<PlanningGroup[]>;
}


export function planningGroupsService(deps: PlanningDeps): PlanningGroupsService {
  const knex = deps.knex;
  const permissions: PermissionMatrix = deps.permissions;
  const today = () => todayIn(CENTRE_TIME_ZONE);

  /** The group, readable by the actor (404 unknown, 403 another campus). */
  const readable = async (actor: Actor | null, id: string, db: Knex | Knex.Transaction = knex, lock = false): Promise<GroupRow> => {
    const row = await groupRow(db, id, { lock });
    if (!row) throw new NotFoundError('planning group');
    permissions.assert(actor, perm.groupRead, row.campus_id);
    return row;
  };
  /** The group, changeable by the actor on its campus. */
  const changeable = async (actor: Actor | null, id: string, db: Knex | Knex.Transaction = knex, lock = false): Promise<GroupRow> => {
    const row = await readable(actor, id, db, lock);
    permissions.assert(actor, perm.groupUpdate, row.campus_id);
    return row;
  };
  const one = async (db: Knex | Knex.Transaction, id: string): Promise<PlanningGroup> => {
    const [group] = await presentGroups(db, await groupRows(db).where('g.id', id));
    if (!group) throw new NotFoundError('planning group');
    return group;
  };
  const scopeOf = (row: GroupRow): SubscriptionScope => ({ groupId: row.id, campusId: row.campus_id, trainingGroupId: row.training_group_id, today: today() });

  /** Validates a group's informations and checks the actor may place a group on that campus. */
  const checkedInformations = async (actor: Actor | null, input: unknown, t: Translate, groupId: string | null) => {
    const values = await validate(planningGroupSchema, input, t);
    if (!(await campusExists(knex, values.campus!))) throw new ValidationError([{ path: 'campus', message: t('planning.groups.informations.unknownCampus') }]);
    permissions.assert(actor, perm.groupUpdate, values.campus);
    const violations = await informationViolations(knex, values, t, groupId);
    if (violations.length) throw new ValidationError(violations);
    return values;
  };
  /** A racing request took the name between the check and the write. */
  const nameTaken = (error: unknown, t: Translate) => {
    if (isPgError(error, 'uniqueViolation', 'planning_groups_name_unique')) throw new ValidationError([{ path: 'name', message: t('planning.groups.informations.nameTaken') }]);
    throw error;
  };

  return {
    async list(actor, campusList) {
      const campuses = permissions.campusesOrDeny(actor, perm.groupRead, campusList);
      if (!campuses.length) return [];
      return presentGroups(knex, await groupRows(knex).whereIn('g.campus_id', campuses));
    },

    async get(actor, id) {
      await readable(actor, id);
      return one(knex, id);
    },

    async page(actor, id) {
      const row = await readable(actor, id);
      const [planningGroup, children, subscriptions, available, subjects] = await Promise.all([
        one(knex, id),
        knex('planning_groups').where('parent_id', id).select('id', 'name').orderBy('name'),
        subscriptionsOf(knex, id),
        availableRegistrations(knex, scopeOf(row)),
        knex('trainings_school_subjects as s')
          .where('s.archived', false)
          .orWhereExists((q) => q.select(knex.raw('1')).from('planning_group_subject_lines as l').where('l.planning_group_id', id).whereRaw('l.school_subject_id = s.id'))
          .select('s.id', 's.name', 's.short_name', 's.color')
          .orderBy('s.name'),
      ]);
      return {
        planningGroup,
        children: children.map((c: { id: string; name: string }) => ({ id: c.id, uuid: c.id, name: c.name })),
        subscriptions,
        availableRegistrations: available,
        subjects: subjects.map((s: { id: string; name: string; short_name: string; color: string | null }) => ({ id: s.id, uuid: s.id, name: s.name, shortName: s.short_name, color: s.color })),
        canUpdate: permissions.isGranted(actor, perm.groupUpdate, row.campus_id),
      };
    },

    async formOptions(actor, id) {
      const campuses = permissions.campusesOrDeny(actor, perm.groupUpdate);
      const row = id ? await changeable(actor, id) : null;
      return formOptions(knex, campuses, row ? { id: row.id, trainingGroupId: row.training_group_id } : null, today());
    },

    async create(actor, input, t) {
      const values = await checkedInformations(actor, input, t, null);
      const [created] = await knex('planning_groups').insert(informationsRow(values)).returning('id').catch((error: unknown) => nameTaken(error, t));
      if (!created) throw new Error('planning: the planning group insert returned no row');
      return one(knex, created.id);
    },

    async update(actor, id, input, t) {
      await changeable(actor, id);
      const values = await checkedInformations(actor, input, t, id);
      await knex('planning_groups').where('id', id).update({ ...informationsRow(values), updated_at: knex.fn.now() }).catch((error: unknown) => nameTaken(error, t));
      return one(knex, id);
    },

    async saveSubjectLines(actor, id, input, t) {
      await changeable(actor, id);
      const { lines } = await validate(subjectLinesSchema, input, t);
      return knex.transaction(async (trx) => {
        await changeable(actor, id, trx, true);
        await saveSubjectLines(trx, id, lines, t);
        return one(trx, id);
      });
    },

    async subscribe(actor, id, input, t) {
      await changeable(actor, id);
      const { registrations } = await validate(subscriptionsSchema, input, t);
      return knex.transaction(async (trx) => {
        const row = await changeable(actor, id, trx, true);
        const added = await subscribe(trx, scopeOf(row), registrations as string[], t);
        return { added, planningGroup: await one(trx, id) };
      });
    },

    async unsubscribe(actor, id, input, t) {
      await changeable(actor, id);
      const { registrations } = await validate(subscriptionsSchema, input, t);
      return knex.transaction(async (trx) => {
        await changeable(actor, id, trx, true);
        const removed = await unsubscribe(trx, id, registrations as string[]);
        return { removed, planningGroup: await one(trx, id) };
      });
    },

    async remove(actor, id, t) {
      await knex
        .transaction(async (trx) => {
          await changeable(actor, id, trx, true);
          await deleteGroup(trx, id, t);
        })
        .catch((error: unknown) => {
          // Something linked to the group after all (a module the counts do not know): still a refusal, never a 500.
          if (isPgError(error, 'foreignKeyViolation')) throw new ValidationError([{ path: '', message: t('planning.groups.delete.inUse') }]);
          throw error;
        });
    },

    async byIds(db, ids) {
      if (!ids.length) return [];
      return presentGroups(db, await groupRows(db).whereIn('g.id', ids));
    },
  };
}
