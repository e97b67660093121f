import type { Knex } from '@alterna/core';

// Set queries of the conflict engine: each takes the whole list of probes as one JSON parameter and answers
// in one round trip, whatever the list's length. A LATERAL probe per row keeps PostgreSQL on the GiST
// indexes (the exclusion constraints' (resource, period) indexes), never a scan of the lessons.

type Db = Knex | Knex.Transaction;

/** What a probe looks for: lessons holding a room, teacher or group; bookings of a room; constraints of a teacher. */
export type ProbeKind = 'room' | 'teacher' | 'planningGroup' | 'booking' | 'trainerConstraint';

/** A resource held over a period by the slot at index `i` of the checked list. */
export interface Probe {
  kind: ProbeKind;
  i: number;
  resourceId: string;
  startAt: string;
  endAt: string;
}

/** What a probe ran into: another lesson, a booking or a trainer constraint (names are read later, by `describe`). */
export interface Hit {
  kind: ProbeKind;
  i: number;
  resourceId: string;
  otherId: string;
  startAt: string;
  endAt: string;
  label: string | null;
}

const overlapping = "period && tstzrange(s.start_at, s.end_at, '[)')";
const heldBy = (kind: ProbeKind, from: string) => `SELECT s.k, s.i, x.* FROM s CROSS JOIN LATERAL (${from}) x WHERE s.k = '${kind}'`;
const lessonLink = (table: string, column: string) =>
  `SELECT h.${column} AS resource_id, h.lesson_id AS other_id, lower(h.period) AS start_at, upper(h.period) AS end_at, NULL::text AS label
     FROM ${table} h WHERE h.${column} = s.resource_id AND h.active AND h.${overlapping} AND h.lesson_id <> ALL(?::uuid[])`;

/**
 * Every held resource of the list in ONE round trip: active lessons (other than `excluded`) holding the
 * probed rooms, teachers and planning groups, bookings of the rooms, constraints of the teachers. Only the
 * (resource, period) GiST indexes are read: no join, so the cost follows the probes, not the table sizes.
 */
export async function heldResources(db: Db, probes: Probe[], excluded: string[]): Promise<Hit[]> {
  if (!probes.length) return [];
  const { rows } = await db.raw(
    `WITH s AS MATERIALIZED (
       SELECT * FROM jsonb_to_recordset(?::jsonb) AS s(k text, i int, resource_id uuid, start_at timestamptz, end_at timestamptz)
     )
     ${heldBy('room', lessonLink('lesson_rooms', 'room_id'))}
     UNION ALL ${heldBy('teacher', lessonLink('lesson_teachers', 'teacher_id'))}
     UNION ALL ${heldBy('planningGroup', lessonLink('lesson_planning_groups', 'planning_group_id'))}
     UNION ALL ${heldBy('booking', `SELECT b.room_id, b.id, b.start_at, b.end_at, b.title FROM room_bookings b WHERE b.room_id = s.resource_id AND b.${overlapping}`)}
     UNION ALL ${heldBy('trainerConstraint', `SELECT c.teacher_id, c.id, c.start_at, c.end_at, c.description FROM trainer_constraints c WHERE c.teacher_id = s.resource_id AND c.${overlapping}`)}`,
    [JSON.stringify(probes.map((p) => ({ k: p.kind, i: p.i, resource_id: p.resourceId, start_at: p.startAt, end_at: p.endAt }))), excluded, excluded, excluded],
  );
  return rows.map((row: { k: ProbeKind; i: number; resource_id: string; other_id: string; start_at: Date; end_at: Date; label: string | null }) => ({
    kind: row.k, i: row.i, resourceId: row.resource_id, otherId: row.other_id, startAt: new Date(row.start_at).toISOString(), endAt: new Date(row.end_at).toISOString(), label: row.label,
  }));
}

/** A day ('YYYY-MM-DD') a slot falls on, with what it is checked against (campus or planning group). */
export interface DayProbe {
  i: number;
  id: string;
  day: string;
}

const dayRows = `jsonb_to_recordset(?::jsonb) AS s(i int, id uuid, day date)`;

/** Company periods ('Entreprise' work-study) of the training groups of the probed planning groups (or of their parents) on the probed day. */
export async function companyPeriodsOn(
  db: Db,
  probes: DayProbe[],
): Promise<{ i: number; workStudyId: string; trainingGroupId: string; trainingGroupName: string; startDate: string; endDate: string }[]> {
  if (!probes.length) return [];
  const { rows } = await db.raw(
    `SELECT DISTINCT s.i, w.id, w.training_group_id, tg.name AS training_group_name,
            to_char(w.start_date, 'YYYY-MM-DD') AS start_date, to_char(w.end_date, 'YYYY-MM-DD') AS end_date
       FROM ${dayRows}
       JOIN planning_groups pg ON pg.id = s.id
       LEFT JOIN planning_groups parent ON parent.id = pg.parent_id
       JOIN training_group_work_studies w
         ON w.type = 'Entreprise' AND w.training_group_id IN (pg.training_group_id, parent.training_group_id)
        AND s.day BETWEEN w.start_date AND w.end_date
       JOIN trainings_training_groups tg ON tg.id = w.training_group_id`,
    [JSON.stringify(probes)],
  );
  return rows.map((row: any) => ({
    i: row.i, workStudyId: row.id, trainingGroupId: row.training_group_id, trainingGroupName: row.training_group_name, startDate: row.start_date, endDate: row.end_date,
  }));
}

/** Campuses by id with their name and open ISO weekdays. */
export async function campusesByIds(db: Db, ids: string[]): Promise<Map<string, { name: string; openDays: number[] }>> {
  if (!ids.length) return new Map();
  const rows: { id: string; name: string; open_days: number[] }[] = await db('training_centre_campuses as campuses').whereIn('id', ids).select('id', 'name', 'open_days');
  return new Map(rows.map((row) => [row.id, { name: row.name, openDays: (row.open_days ?? []).map(Number) }]));
}

export interface SessionDates {
  id: string;
  startDate: string;
  endDate: string;
}

/** Every training session (a handful of rows: never overlapping, one per school year). */
export async function sessionDates(db: Db): Promise<SessionDates[]> {
  const rows: { id: string; start_date: string; end_date: string }[] = await db('trainings_training_sessions as training_sessions').select(
    'id',
    db.raw("to_char(start_date, 'YYYY-MM-DD') AS start_date"),
    db.raw("to_char(end_date, 'YYYY-MM-DD') AS end_date"),
  );
  return rows.map((row) => ({ id: row.id, startDate: row.start_date, endDate: row.end_date }));
}

/** The session of each planning group that has a training group (planning group -> training group -> its session). */
export async function sessionsOfGroups(db: Db, groupIds: string[]): Promise<Map<string, SessionDates>> {
  if (!groupIds.length) return new Map();
  const rows: { group_id: string; id: string; start_date: string; end_date: string }[] = await db('planning_groups as pg')
    .join('trainings_training_groups as tg', 'tg.id', 'pg.training_group_id')
    .join('trainings_training_sessions as s', 's.id', 'tg.training_session_id')
    .whereRaw('pg.id = ANY(?::uuid[])', [groupIds])
    .select('pg.id as group_id', 's.id', db.raw("to_char(s.start_date, 'YYYY-MM-DD') AS start_date"), db.raw("to_char(s.end_date, 'YYYY-MM-DD') AS end_date"));
  return new Map(rows.map((row) => [row.group_id, { id: row.id, startDate: row.start_date, endDate: row.end_date }]));
}

/** The session whose dates contain the day, if any. */
export function sessionOn(sessions: readonly SessionDates[], day: string): SessionDates | null {
  return sessions.find((session) => session.startDate <= day && day <= session.endDate) ?? null;
}

/** Parent of each given planning group and of their children (what the one-level family check needs). */
export async function groupParents(db: Db, groupIds: string[]): Promise<Map<string, string | null>> {
  if (!groupIds.length) return new Map();
  const rows: { id: string; parent_id: string | null }[] = await db('planning_groups').whereIn('id', groupIds).orWhereIn('parent_id', groupIds).select('id', 'parent_id');
  return new Map(rows.map((row) => [row.id, row.parent_id]));
}
