import type { Knex, Translate, Violation } from '@alterna/core';
import { createsCycle, descendantsOf } from '../rules/group-parent.js';
import type { PlanningGroupInput } from '../validation/groups.js';
import type { GroupCampusRef, PlanningGroupFormOptions } from './group-types.js';

type Db = Knex | Knex.Transaction;

const key = (name: string) => `planning.groups.informations.${name}`;

/** Whether the campus exists (an unknown one is the caller's mistake: 422, not 403). */
export async function campusExists(db: Db, campusId: string): Promise<boolean> {
  return !!(await db('training_centre_campuses as campuses').where('id', campusId).first('id'));
}

/**
 * What is wrong with a group's informations beyond their shape: the training group and the parent belong to
 * the campus, the parent is neither the group nor one below it, the name is free on the campus, and the
 * campus no longer changes once students, lessons or child groups hang on the group. Few small queries.
 */
export async function informationViolations(db: Db, input: PlanningGroupInput, t: Translate, groupId: string | null): Promise<Violation[]> {
  const campus = input.campus!;
  const violations: Violation[] = [];
  const [trainingGroup, campusGroups, sameName, current] = await Promise.all([
    input.trainingGroup ? db('trainings_training_groups as training_groups').where('id', input.trainingGroup).first('campus_id') : null,
    input.parent ? db('planning_groups').where('campus_id', campus).orWhere('id', input.parent).select('id', 'parent_id', 'campus_id') : [],
    db('planning_groups').where('campus_id', campus).whereRaw('lower(name) = lower(?)', [input.name]).modify((q) => groupId && q.whereNot('id', groupId)).first('id'),
    groupId ? db('planning_groups').where('id', groupId).first('campus_id') : null,
  ]);
  if (input.trainingGroup && trainingGroup?.campus_id !== campus) {
    violations.push({ path: 'trainingGroup', message: t(key(trainingGroup ? 'trainingGroupCampus' : 'unknownTrainingGroup')) });
  }
  if (input.parent) {
    const rows = campusGroups as { id: string; parent_id: string | null; campus_id: string }[];
    const parent = rows.find((row) => row.id === input.parent);
    const parentOf = new Map(rows.map((row) => [row.id, row.parent_id]));
    if (!parent) violations.push({ path: 'parent', message: t(key('unknownParent')) });
    else if (parent.campus_id !== campus) violations.push({ path: 'parent', message: t(key('parentCampus')) });
    else if (input.parent === groupId || createsCycle(groupId, input.parent, parentOf)) violations.push({ path: 'parent', message: t(key('parentCycle')) });
  }
  if (sameName) violations.push({ path: 'name', message: t(key('nameTaken')) });
  if (groupId && current && current.campus_id !== campus && (await isAnchored(db, groupId))) {
    violations.push({ path: 'campus', message: t(key('campusLocked')) });
  }
  return violations;
}

/** Students, lessons or child groups hold the group to its campus. */
async function isAnchored(db: Db, groupId: string): Promise<boolean> {
  const row = await db
    .select(
      db.raw('EXISTS (SELECT 1 FROM planning_group_subscriptions WHERE planning_group_id = ?) AS subscriptions', [groupId]),
      db.raw('EXISTS (SELECT 1 FROM lesson_planning_groups WHERE planning_group_id = ?) AS lessons', [groupId]),
      db.raw('EXISTS (SELECT 1 FROM planning_groups WHERE parent_id = ?) AS children', [groupId]),
    )
    .first();
  return !!(row?.subscriptions || row?.lessons || row?.children);
}

/** The row written for a group's informations. */
export function informationsRow(input: PlanningGroupInput) {
  return { name: input.name, campus_id: input.campus!, training_group_id: input.trainingGroup ?? null, parent_id: input.parent ?? null };
}

/**
 * The choices of the new / edit form on the campuses given (those where the actor may change groups): training
 * groups not yet over (and the group's own), and the planning groups that may be its parent.
 */
export async function formOptions(db: Db, campusIds: readonly string[], group: { id: string; trainingGroupId: string | null } | null, today: string): Promise<PlanningGroupFormOptions> {
  const [campuses, trainingGroups, groups] = await Promise.all([
    db('training_centre_campuses as campuses').whereIn('id', campusIds).select('id', 'name').orderBy('name'),
    db('trainings_training_groups as tg')
      .join('training_centre_campuses as c', 'c.id', 'tg.campus_id')
      .whereIn('tg.campus_id', campusIds)
      .where((q) => {
        q.where('tg.end_date', '>=', today);
        if (group?.trainingGroupId) q.orWhere('tg.id', group.trainingGroupId);
      })
      .select('tg.id', 'tg.name', 'tg.short_name', 'tg.campus_id', 'c.name as campus_name',
        db.raw("to_char(tg.start_date, 'YYYY-MM-DD') AS start_date"), db.raw("to_char(tg.end_date, 'YYYY-MM-DD') AS end_date"))
      .orderBy([{ column: 'tg.short_name' }, { column: 'tg.start_date', order: 'desc' }]),
    db('planning_groups as g').join('training_centre_campuses as c', 'c.id', 'g.campus_id').whereIn('g.campus_id', campusIds)
      .select('g.id', 'g.name', 'g.parent_id', 'g.campus_id', 'c.name as campus_name').orderBy('g.name'),
  ]);
  const campusRef = (id: string, name: string): GroupCampusRef => ({ id, uuid: id, name });
  const below = group ? descendantsOf(group.id, new Map(groups.map((g: { id: string; parent_id: string | null }) => [g.id, g.parent_id]))) : new Set<string>();
  return {
    campuses: campuses.map((c: { id: string; name: string }) => campusRef(c.id, c.name)),
    trainingGroups: trainingGroups.map((tg: { id: string; name: string; short_name: string; campus_id: string; campus_name: string; start_date: string; end_date: string }) => ({
      id: tg.id, uuid: tg.id, name: tg.name, shortName: tg.short_name, campus: campusRef(tg.campus_id, tg.campus_name), startDate: tg.start_date, endDate: tg.end_date,
    })),
    parents: groups
      .filter((g: { id: string }) => g.id !== group?.id && !below.has(g.id))
      .map((g: { id: string; name: string; campus_id: string; campus_name: string }) => ({ id: g.id, uuid: g.id, name: g.name, campus: campusRef(g.campus_id, g.campus_name) })),
  };
}
