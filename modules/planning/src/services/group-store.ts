import type { Knex } from '@alterna/core';
import type { GroupRef, GroupSubjectLine, PlanningGroup } from './group-types.js';

type Db = Knex | Knex.Transaction;

/** A planning group row with what it refers to, as one join reads it. */
export interface GroupRow {
  id: string;
  name: string;
  campus_id: string;
  campus_name: string;
  training_group_id: string | null;
  training_group_name: string | null;
  training_group_short_name: string | null;
  training_group_campus_id: string | null;
  training_group_campus_name: string | null;
  parent_id: string | null;
  parent_name: string | null;
}

const ref = (id: string, name: string): GroupRef => ({ id, uuid: id, name });

/** Planning groups with campus, training group and parent names; narrow it with `where`. */
export function groupRows(db: Db) {
  return db('planning_groups as g')
    .join('training_centre_campuses as c', 'c.id', 'g.campus_id')
    .leftJoin('trainings_training_groups as tg', 'tg.id', 'g.training_group_id')
    .leftJoin('training_centre_campuses as tgc', 'tgc.id', 'tg.campus_id')
    .leftJoin('planning_groups as p', 'p.id', 'g.parent_id')
    .select(
      'g.id', 'g.name', 'g.campus_id', 'c.name as campus_name', 'g.training_group_id', 'tg.name as training_group_name',
      'tg.short_name as training_group_short_name', 'tg.campus_id as training_group_campus_id', 'tgc.name as training_group_campus_name',
      'g.parent_id', 'p.name as parent_name',
    )
    .orderBy([{ column: 'c.name' }, { column: 'g.name' }]);
}

interface LineRow {
  id: string;
  planning_group_id: string;
  hours: string | number;
  subject_id: string;
  subject_name: string;
  subject_short_name: string;
  subject_color: string | null;
  scheduled: boolean;
}

/**
 * The subject lines of these groups, each marked `scheduled` when an active or locked lesson of its group
 * teaches its subject (one set query; the EXISTS walks the group's lesson links by index).
 */
export async function subjectLinesOf(db: Db, groupIds: readonly string[]): Promise<Map<string, GroupSubjectLine[]>> {
  const lines = new Map<string, GroupSubjectLine[]>();
  if (!groupIds.length) return lines;
  const rows: LineRow[] = await db('planning_group_subject_lines as l')
    .join('trainings_school_subjects as s', 's.id', 'l.school_subject_id')
    .whereIn('l.planning_group_id', groupIds)
    .select(
      'l.id', 'l.planning_group_id', 'l.hours', 's.id as subject_id', 's.name as subject_name', 's.short_name as subject_short_name', 's.color as subject_color',
      db.raw(`EXISTS (
        SELECT 1 FROM lesson_planning_groups lpg JOIN lessons le ON le.id = lpg.lesson_id
        WHERE lpg.planning_group_id = l.planning_group_id AND le.school_subject_id = l.school_subject_id AND le.status IN ('active', 'locked')
      ) AS scheduled`),
    )
    .orderBy([{ column: 'l.position' }, { column: 's.short_name' }]);
  for (const row of rows) {
    const line: GroupSubjectLine = {
      id: row.id, uuid: row.id, hours: Number(row.hours), scheduled: !!row.scheduled,
      schoolSubject: { id: row.subject_id, uuid: row.subject_id, name: row.subject_name, shortName: row.subject_short_name, color: row.subject_color },
    };
    lines.set(row.planning_group_id, [...(lines.get(row.planning_group_id) ?? []), line]);
  }
  return lines;
}

/** Students subscribed to each of these groups (one grouped count). */
export async function subscriptionCounts(db: Db, groupIds: readonly string[]): Promise<Map<string, number>> {
  if (!groupIds.length) return new Map();
  const rows: { id: string; count: string | number }[] = await db('planning_group_subscriptions')
    .whereIn('planning_group_id', groupIds)
    .groupBy('planning_group_id')
    .select({ id: 'planning_group_id' })
    .count({ count: '*' });
  return new Map(rows.map((row) => [row.id, Number(row.count)]));
}

/** Rows to PlanningGroups: three queries whatever the number of groups. */
export async function presentGroups(db: Db, rows: GroupRow[]): Promise<PlanningGroup[]> {
  const ids = rows.map((row) => row.id);
  const [lines, counts] = await Promise.all([subjectLinesOf(db, ids), subscriptionCounts(db, ids)]);
  return rows.map((row) => ({
    id: row.id,
    uuid: row.id,
    name: row.name,
    campus: ref(row.campus_id, row.campus_name),
    trainingGroup: row.training_group_id
      ? {
          ...ref(row.training_group_id, row.training_group_name ?? ''),
          shortName: row.training_group_short_name ?? '',
          campus: ref(row.training_group_campus_id ?? '', row.training_group_campus_name ?? ''),
        }
      : null,
    parent: row.parent_id ? ref(row.parent_id, row.parent_name ?? '') : null,
    schoolSubjectLines: lines.get(row.id) ?? [],
    subscriptionsCount: counts.get(row.id) ?? 0,
  }));
}

/** One group's row, locked FOR UPDATE inside a transaction when asked (changes of the same group queue up). */
export async function groupRow(db: Db, id: string, options: { lock?: boolean } = {}): Promise<GroupRow | undefined> {
  if (options.lock) await db('planning_groups').where('id', id).forUpdate().first('id');
  return groupRows(db).where('g.id', id).first();
}
