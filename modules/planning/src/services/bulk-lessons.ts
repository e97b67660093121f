// Set reads and writes of lessons for bulk runs: snapshots (what undo restores), inserts of lessons and their
// link rows, restores. One statement per table for a whole batch, never a query per lesson.
import type { Knex } from '@alterna/core';
import type { LessonSlot } from '../types.js';
import { countRoomChanges } from './lesson-sequence.js';

type Db = Knex | Knex.Transaction;
/** Bindings of arrays (pg sends them as PostgreSQL arrays). */
const arrays = (values: unknown[]) => values as Knex.RawBinding[];

/** Everything about a lesson that a bulk change may alter, so that undo can put it back as it was. */
export interface LessonSnapshot {
  id: string;
  campusId: string;
  trainingSessionId: string | null;
  startAt: string;
  endAt: string;
  remote: string;
  lessonType: string;
  status: string;
  cancellationType: string | null;
  cancelDesc: string | null;
  description: string | null;
  schoolSubjectId: string | null;
  creationKey: string | null;
  createdBy: string | null;
  teachers: { id: string; contractId: string | null }[];
  rooms: string[];
  planningGroups: string[];
}

/** A lesson to insert: a snapshot without id (a new lesson) or with one (a deleted lesson put back). */
export type NewLesson = Omit<LessonSnapshot, 'id'> & { id?: string };

export const linkTables = {
  teachers: { table: 'lesson_teachers', column: 'teacher_id' },
  rooms: { table: 'lesson_rooms', column: 'room_id' },
  planningGroups: { table: 'lesson_planning_groups', column: 'planning_group_id' },
} as const;

/** Slices of a list, so that no statement passes PostgreSQL's 65,535 parameters. */
export function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

/** Snapshots of the lessons that still exist (four set queries), optionally locked for the transaction. */
export async function loadSnapshots(db: Db, ids: string[], options: { forUpdate?: boolean } = {}): Promise<Map<string, LessonSnapshot>> {
  const found = new Map<string, LessonSnapshot>();
  if (!ids.length) return found;
  await loadLessonRows(db, ids, options, found);
  const present = [...found.keys()];
  if (present.length) await loadLinks(db, present, found);
  return found;
}

async function loadLessonRows(db: Db, ids: string[], options: { forUpdate?: boolean }, found: Map<string, LessonSnapshot>): Promise<void> {
  const query = db('lessons')
    .select('id', 'campus_id', 'training_session_id', 'start_at', 'end_at', 'remote', 'lesson_type', 'status', 'cancellation_type', 'cancel_desc',
      'description', 'school_subject_id', 'creation_key', 'created_by')
    .whereRaw('id = ANY(?::uuid[])', [ids]);
  if (options.forUpdate) query.forUpdate();
  for (const row of await query) {
    found.set(row.id, {
      id: row.id, campusId: row.campus_id, trainingSessionId: row.training_session_id, startAt: iso(row.start_at), endAt: iso(row.end_at),
      remote: row.remote, lessonType: row.lesson_type, status: row.status, cancellationType: row.cancellation_type, cancelDesc: row.cancel_desc,
      description: row.description, schoolSubjectId: row.school_subject_id, creationKey: row.creation_key, createdBy: row.created_by,
      teachers: [], rooms: [], planningGroups: [],
    });
  }
}

async function loadLinks(db: Db, present: string[], found: Map<string, LessonSnapshot>): Promise<void> {
  for (const row of await db('lesson_teachers').select('lesson_id', 'teacher_id', 'teacher_contract_id').whereRaw('lesson_id = ANY(?::uuid[])', [present]).orderBy(['lesson_id', 'teacher_id'])) {
    found.get(row.lesson_id)!.teachers.push({ id: row.teacher_id, contractId: row.teacher_contract_id });
  }
  for (const row of await db('lesson_rooms').select('lesson_id', 'room_id').whereRaw('lesson_id = ANY(?::uuid[])', [present]).orderBy(['lesson_id', 'room_id'])) {
    found.get(row.lesson_id)!.rooms.push(row.room_id);
  }
  for (const row of await db('lesson_planning_groups').select('lesson_id', 'planning_group_id').whereRaw('lesson_id = ANY(?::uuid[])', [present]).orderBy(['lesson_id', 'planning_group_id'])) {
    found.get(row.lesson_id)!.planningGroups.push(row.planning_group_id);
  }
}

/** What a lesson (as it is or as it would be) occupies, for the conflict check. */
export function slotOf(lesson: Pick<LessonSnapshot, 'campusId' | 'startAt' | 'endAt' | 'teachers' | 'rooms' | 'planningGroups'> & { id?: string | null }): LessonSlot {
  return {
    lessonId: lesson.id ?? null,
    campusId: lesson.campusId,
    startAt: lesson.startAt,
    endAt: lesson.endAt,
    teacherIds: lesson.teachers.map((t) => t.id),
    roomIds: lesson.rooms,
    planningGroupIds: lesson.planningGroups,
  };
}

/** Lesson columns with their SQL types and how to read each from a lesson: inserts pass one array per column. */
const lessonColumns: [string, string, (lesson: NewLesson) => unknown][] = [
  ['id', 'uuid', (l) => l.id ?? null],
  ['campus_id', 'uuid', (l) => l.campusId],
  ['training_session_id', 'uuid', (l) => l.trainingSessionId],
  ['start_at', 'timestamptz', (l) => l.startAt],
  ['end_at', 'timestamptz', (l) => l.endAt],
  ['remote', 'text', (l) => l.remote],
  ['lesson_type', 'text', (l) => l.lessonType],
  ['status', 'text', (l) => l.status],
  ['cancellation_type', 'text', (l) => l.cancellationType],
  ['cancel_desc', 'text', (l) => l.cancelDesc],
  ['description', 'text', (l) => l.description],
  ['school_subject_id', 'uuid', (l) => l.schoolSubjectId],
  ['creation_key', 'text', (l) => l.creationKey],
  ['created_by', 'uuid', (l) => l.createdBy],
];

/** `INSERT … SELECT FROM unnest(arrays)`: one statement and one binding per column, whatever the number of rows. */
async function insertUnnest(db: Db, table: string, columns: [string, string][], rows: unknown[][], conflict: string): Promise<void> {
  if (!rows.length) return;
  const names = columns.map(([name]) => name).join(', ');
  const unnested = columns.map(([, type]) => `?::${type}[]`).join(', ');
  await db.raw(`INSERT INTO ${table} (${names}) SELECT * FROM unnest(${unnested}) ON CONFLICT ${conflict} DO NOTHING`, arrays(columns.map((_, i) => rows.map((row) => row[i]))));
}

/** The link rows of lessons: one INSERT per link table (the triggers copy period and status from the lesson). */
export async function insertLinks(db: Db, lessons: { id: string; teachers: LessonSnapshot['teachers']; rooms: string[]; planningGroups: string[] }[]): Promise<void> {
  await insertUnnest(db, 'lesson_teachers', [['lesson_id', 'uuid'], ['teacher_id', 'uuid'], ['teacher_contract_id', 'uuid']],
    lessons.flatMap((l) => l.teachers.map((t) => [l.id, t.id, t.contractId])), '(lesson_id, teacher_id)');
  await insertUnnest(db, 'lesson_rooms', [['lesson_id', 'uuid'], ['room_id', 'uuid']], lessons.flatMap((l) => l.rooms.map((room) => [l.id, room])), '(lesson_id, room_id)');
  await insertUnnest(db, 'lesson_planning_groups', [['lesson_id', 'uuid'], ['planning_group_id', 'uuid']],
    lessons.flatMap((l) => l.planningGroups.map((group) => [l.id, group])), '(lesson_id, planning_group_id)');
}

/**
 * Inserts lessons and their links; a lesson whose creation key (or id) already exists is not inserted again.
 * Answers the id of every lesson, by position (null if it exists under a key we could not find back).
 */
export async function insertLessons(db: Db, lessons: NewLesson[]): Promise<(string | null)[]> {
  if (!lessons.length) return [];
  const ids: (string | null)[] = lessons.map((l) => l.id ?? null);
  const keyed = lessons.every((l) => !l.id && l.creationKey);
  const names = lessonColumns.map(([name]) => name);
  const unnested = lessonColumns.map(([, type]) => `?::${type}[]`).join(', ');
  const select = names.map((name) => (name === 'id' ? 'COALESCE(id, gen_random_uuid())' : name)).join(', ');
  const { rows: inserted } = (await db.raw(
    `INSERT INTO lessons (${names.join(', ')}) SELECT ${select} FROM unnest(${unnested}) AS t(${names.join(', ')})
     ON CONFLICT (${keyed ? 'creation_key' : 'id'}) DO NOTHING RETURNING id, creation_key`,
    arrays(lessonColumns.map(([, , read]) => lessons.map(read))),
  )) as { rows: { id: string; creation_key: string | null }[] };
  const fresh = new Set(inserted.map((row) => row.id));
  if (keyed) {
    const byKey = new Map(inserted.map((row) => [row.creation_key, row.id]));
    const missing = lessons.filter((l) => !byKey.has(l.creationKey)).map((l) => l.creationKey!);
    if (missing.length) for (const row of await db('lessons').select('id', 'creation_key').whereIn('creation_key', missing)) byKey.set(row.creation_key, row.id);
    lessons.forEach((l, i) => (ids[i] = byKey.get(l.creationKey) ?? null));
  }
  await insertLinks(db, lessons.flatMap((l, i) => (ids[i] && fresh.has(ids[i]!) ? [{ ...l, id: ids[i]! }] : [])));
  return ids;
}

/**
 * Writes lessons as their snapshots say (times, status, fields, and the `links` kinds of teachers, rooms,
 * groups): one UPDATE … FROM VALUES, then those links replaced (a DELETE and an INSERT per link table). The
 * triggers carry a new period or status to the links left in place.
 */
export async function restoreLessons(db: Db, snapshots: LessonSnapshot[], links: (keyof typeof linkTables)[] = ['teachers', 'rooms', 'planningGroups']): Promise<void> {
  if (!snapshots.length) return;
  const columns = lessonColumns.filter(([name]) => !['campus_id', 'creation_key', 'created_by'].includes(name));
  const names = columns.map(([name]) => name);
  await db.raw(
    `UPDATE lessons AS l SET ${names.slice(1).map((n) => `${n} = v.${n}`).join(', ')}, updated_at = now()
     FROM unnest(${columns.map(([, type]) => `?::${type}[]`).join(', ')}) AS v(${names.join(', ')}) WHERE l.id = v.id`,
    arrays(columns.map(([, , read]) => snapshots.map(read))),
  );
  await replaceLinks(db, snapshots, links);
}

/** Replaces the given kinds of links of lessons by the lists they carry. */
export async function replaceLinks(db: Db, lessons: { id: string; teachers: LessonSnapshot['teachers']; rooms: string[]; planningGroups: string[] }[], kinds: (keyof typeof linkTables)[]): Promise<void> {
  if (!lessons.length || !kinds.length) return;
  const ids = lessons.map((l) => l.id);
  if (kinds.includes('rooms')) await countRoomChanges(db, lessons);
  for (const kind of kinds) await db(linkTables[kind].table).whereRaw('lesson_id = ANY(?::uuid[])', [ids]).delete();
  await insertLinks(db, lessons.map((l) => ({
    id: l.id,
    teachers: kinds.includes('teachers') ? l.teachers : [],
    rooms: kinds.includes('rooms') ? l.rooms : [],
    planningGroups: kinds.includes('planningGroups') ? l.planningGroups : [],
  })));
}

/** Which training session holds each Paris day: one query for the range of the days asked. */
export async function sessionsByDay(db: Db, days: string[]): Promise<(day: string) => string | null> {
  if (!days.length) return () => null;
  const sorted = [...days].sort();
  const sessions: { id: string; start_date: string; end_date: string }[] = await db('trainings_training_sessions as training_sessions')
    .select('id', db.raw("to_char(start_date, 'YYYY-MM-DD') AS start_date"), db.raw("to_char(end_date, 'YYYY-MM-DD') AS end_date"))
    .where('start_date', '<=', sorted.at(-1)!)
    .andWhere('end_date', '>=', sorted[0]!);
  return (day) => sessions.find((s) => s.start_date <= day && day <= s.end_date)?.id ?? null;
}
