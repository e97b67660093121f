import { ValidationError, type Knex, type Translate } from '@alterna/core';
import { deletionBlockers, type PlanningGroupUsage } from '../rules/group-deletion.js';

const messageKeys = {
  subscriptions: 'planning.groups.delete.studentsLinked',
  lessons: 'planning.groups.delete.lessonsLinked',
  children: 'planning.groups.delete.childrenLinked',
} as const;

/** What still uses the group (one query of three counts). */
export async function groupUsage(db: Knex | Knex.Transaction, groupId: string): Promise<PlanningGroupUsage> {
  const row = await db
    .select(
      db.raw('(SELECT count(*) FROM planning_group_subscriptions WHERE planning_group_id = ?)::int AS subscriptions', [groupId]),
      db.raw('(SELECT count(*) FROM lesson_planning_groups WHERE planning_group_id = ?)::int AS lessons', [groupId]),
      db.raw('(SELECT count(*) FROM planning_groups WHERE parent_id = ?)::int AS children', [groupId]),
    )
    .first();
  return { subscriptions: Number(row?.subscriptions ?? 0), lessons: Number(row?.lessons ?? 0), children: Number(row?.children ?? 0) };
}

/**
 * Deletes the group (its subject lines go with it) unless students, lessons or child groups still use it: SPEC §8
 * "students linked to the planning group". The caller holds the group's row lock, so nothing links to it meanwhile.
 */
export async function deleteGroup(trx: Knex.Transaction, groupId: string, t: Translate): Promise<void> {
  const blockers = deletionBlockers(await groupUsage(trx, groupId));
  if (blockers.length) throw new ValidationError(blockers.map((kind) => ({ path: '', message: t(messageKeys[kind]) })));
  await trx('planning_groups').where('id', groupId).delete();
}
