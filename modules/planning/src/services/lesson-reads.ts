// Reads of lessons: one statement for the lessons, their links and whether attendance has started. As `Lesson` for
// every lessons reader and bulk previews (`lessonsByIds`); as one JSON text per lesson for the calendar (lesson-json.ts),
// through the same columns (`lessonSql`, `subjectSql`, `linkSources`).
import type { Knex } from '@alterna/core';
import type { Lesson } from '../types.js';
import type { AttendanceHook } from './attendance.js';
import type { VersionedLesson } from '../rules/calendar-feed.js';

type Db = Knex | Knex.Transaction;

export interface LessonFilter {
  ids?: readonly string[];
  campusIds?: readonly string[];
  planningGroupIds?: readonly string[];
  roomIds?: readonly string[];
  teacherIds?: readonly string[];
  schoolSubjectId?: string | null;
  /** Lessons overlapping [from, to) (ISO instants). */
  from?: string | null;
  to?: string | null;
  lessonType?: string | null;
  remote?: string | null;
  /** Cancelled lessons are left out unless asked (SPEC §4: only the cancel variant of the read returns them). */
  withCancelled?: boolean;
}

/** A lesson's row: `Lesson`'s scalars under their own names (`lessonSql`), its subject's columns and its link lists. */
type LessonRow = Pick<Lesson, keyof typeof lessonSql> & {
  subject: Lesson['schoolSubject'];
  teachers: Lesson['teachers'];
  rooms: Lesson['rooms'];
  planning_groups: Lesson['planningGroups'];
};

/** SQL of a value in the lessons statement, or of one given the statement's SQL of "attendance started". */
export type Column = string | ((started: string) => string);

/** The SQL of each property of a `T` read. */
export type ColumnsOf<T> = { [K in keyof T]?: Column };

export const columnSql = (column: Column, started: string) => (typeof column === 'string' ? column : column(started));

/** An instant as `Date.toISOString()` writes it (`2026-09-14T07:00:00.000Z`). */
export const isoUtc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * `Lesson`'s scalars as the lessons statement reads them (`l` the lesson, `c` its campus): the one place where an
 * instant is written as text and a missing value decided, for the row read and the calendar's JSON text alike.
 */
export const lessonSql = {
  id: 'l.id', campusId: 'l.campus_id', campusName: 'c.name', trainingSessionId: 'l.training_session_id',
  startAt: isoUtc('l.start_at'), endAt: isoUtc('l.end_at'), remote: 'l.remote', lessonType: 'l.lesson_type', status: 'l.status',
  cancellationType: 'l.cancellation_type', cancelDesc: 'l.cancel_desc', description: 'l.description',
  attendanceStarted: (started: string) => started,
} satisfies ColumnsOf<Lesson>;

/** A lesson's school subject (`ss`, left joined): none when `absent`. */
export const subjectSql = {
  absent: 'l.school_subject_id IS NULL',
  columns: { id: 'ss.id', name: "COALESCE(ss.name, '')", shortName: "COALESCE(ss.short_name, '')", color: 'ss.color' } satisfies ColumnsOf<NonNullable<Lesson['schoolSubject']>>,
};

/**
 * Where each link kind of the lessons in `found` is read: a grouped join per kind over the whole set, not a sub-select
 * per lesson. The `= ANY(ARRAY(...))` repeats the join as an array the link table's primary key (lesson_id first) can
 * probe: without it PostgreSQL hashes the whole link table for a week's few hundred lessons (12 ms instead of 6 at
 * 15,000 lessons). `order` is the order of a lesson's list, `columns` the SQL of each property of its items.
 */
export const linkSources = {
  teachers: {
    lessonId: 'lt.lesson_id', order: 'a.last_name, a.first_name, a.id',
    columns: { id: 'a.id', firstName: 'a.first_name', lastName: 'a.last_name', teacherContractId: 'lt.teacher_contract_id' } satisfies ColumnsOf<Lesson['teachers'][number]>,
    from: 'found f JOIN lesson_teachers lt ON lt.lesson_id = f.id AND lt.lesson_id = ANY(ARRAY(SELECT id FROM found)) JOIN identity_actors a ON a.id = lt.teacher_id',
  },
  rooms: {
    lessonId: 'lr.lesson_id', order: 'r.name, r.id',
    columns: { id: 'r.id', name: 'r.name', size: 'r.size', buildingId: 'r.building_id', buildingName: 'r.building_name' } satisfies ColumnsOf<Lesson['rooms'][number]>,
    from: `found f JOIN lesson_rooms lr ON lr.lesson_id = f.id AND lr.lesson_id = ANY(ARRAY(SELECT id FROM found))
      JOIN training_centre_room_places r ON r.id = lr.room_id`,
  },
  groups: {
    lessonId: 'lg.lesson_id', order: 'g.name, g.id',
    columns: { id: 'g.id', name: 'g.name' } satisfies ColumnsOf<Lesson['planningGroups'][number]>,
    from: 'found f JOIN lesson_planning_groups lg ON lg.lesson_id = f.id AND lg.lesson_id = ANY(ARRAY(SELECT id FROM found)) JOIN planning_groups g ON g.id = lg.planning_group_id',
  },
} as const;

export type LinkKind = keyof typeof linkSources;

/** An aggregate over one lesson's links of a kind, read as the column `name`. */
export interface LinkColumn {
  name: string;
  aggregate: string;
}

export type LinkColumns = Partial<Record<LinkKind, LinkColumn[]>>;

/** A link column in the statement's select: '[]' for a lesson without such links. */
export const linkList = (kind: LinkKind, name: string) => `COALESCE(found_${kind}.${name}, '[]')`;

/** JSON objects of these columns, as PostgreSQL builds them for pg. */
export const jsonObjectSql = (columns: Record<string, string>) =>
  `json_build_object(${Object.entries(columns).map(([key, column]) => `'${key}', ${column}`).join(', ')})`;

const aggregated = (kind: LinkKind) => `json_agg(${jsonObjectSql(linkSources[kind].columns)} ORDER BY ${linkSources[kind].order})`;

/** `Lesson`'s lists, as JSON arrays PostgreSQL parses for pg. */
const lessonLinks = {
  teachers: [{ name: 'teachers', aggregate: aggregated('teachers') }],
  rooms: [{ name: 'rooms', aggregate: aggregated('rooms') }],
  groups: [{ name: 'planning_groups', aggregate: aggregated('groups') }],
} satisfies LinkColumns;

/** The filter's lessons, or null when an empty list of ids or campuses leaves none. */
function foundLessons(db: Db, filter: LessonFilter): Knex.QueryBuilder | null {
  if (filter.ids && !filter.ids.length) return null;
  if (filter.campusIds && !filter.campusIds.length) return null;
  const found = db('lessons as l').select('l.*');
  const period = filter.from && filter.to ? db.raw("tstzrange(?::timestamptz, ?::timestamptz, '[)')", [filter.from, filter.to]) : null;
  if (filter.campusIds) {
    const campusIds = [...new Set(filter.campusIds)];
    if (period) {
      // One "campus = ? AND period && ?" branch per campus: each is a GiST index scan.
      found.where((where) => {
        for (const campusId of campusIds) where.orWhere((branch) => branch.where('l.campus_id', campusId).andWhereRaw('l.period && ?', [period]));
      });
    } else {
      found.whereIn('l.campus_id', campusIds);
    }
  } else if (period) {
    found.whereRaw('l.period && ?', [period]);
  }
  if (filter.ids) found.whereRaw('l.id = ANY(?::uuid[])', [[...new Set(filter.ids)]]);
  const linked = (table: string, column: string, ids: readonly string[] | undefined) => {
    if (ids) found.whereIn('l.id', db(table).select('lesson_id').whereIn(column, [...new Set(ids)]));
  };
  linked('lesson_planning_groups', 'planning_group_id', filter.planningGroupIds);
  linked('lesson_rooms', 'room_id', filter.roomIds);
  linked('lesson_teachers', 'teacher_id', filter.teacherIds);
  if (filter.schoolSubjectId) found.where('l.school_subject_id', filter.schoolSubjectId);
  if (filter.lessonType) found.where('l.lesson_type', filter.lessonType);
  if (filter.remote) found.where('l.remote', filter.remote);
  if (!filter.withCancelled) found.whereNot('l.status', 'cancelled');
  return found;
}

/**
 * The lessons of a filter in ONE statement: the set of lessons first (`found`), then per link kind asked one grouped
 * aggregate over that set (no query per lesson, no round trip per kind). With a period and campuses, the
 * `lessons_campus_period` GiST index answers (`campus_id = ? AND period && ?`, one branch per campus); link filters are
 * semi-joins. `select` gets the SQL of "has its attendance started"; the link columns are `linkList(kind, name)`.
 */
function lessonsStatement(
  db: Db, attendance: AttendanceHook | null, filter: LessonFilter, links: LinkColumns,
  select: (query: Knex.QueryBuilder, started: string) => Knex.QueryBuilder,
): Knex.QueryBuilder | null {
  const found = foundLessons(db, filter);
  if (!found) return null;
  const query = db.with('found', found).from('found as l')
    .join('training_centre_campuses as c', 'c.id', 'l.campus_id')
    .leftJoin('trainings_school_subjects as ss', 'ss.id', 'l.school_subject_id');
  for (const [kind, columns] of Object.entries(links) as [LinkKind, LinkColumn[]][]) {
    const source = linkSources[kind];
    const aggregates = columns.map((column) => `${column.aggregate} AS ${column.name}`).join(', ');
    query.with(`found_${kind}`, db.raw(`SELECT ${source.lessonId}, ${aggregates} FROM ${source.from} GROUP BY ${source.lessonId}`));
    query.leftJoin(`found_${kind}`, `found_${kind}.lesson_id`, 'l.id');
  }
  const started = attendance ? `EXISTS (SELECT 1 FROM (${attendance.startedLessonsSql()}) st(lesson_id) WHERE st.lesson_id = l.id)` : 'false';
  return select(query, started);
}

/** The lessons of a filter as rows of `Lesson`, by start, with `extra` columns. */
async function lessonRows<Row extends LessonRow>(db: Db, attendance: AttendanceHook | null, filter: LessonFilter, extra: Knex.Raw[] = []): Promise<Row[]> {
  const lists = Object.entries(lessonLinks).flatMap(([kind, columns]) => columns.map(({ name }) => db.raw(`${linkList(kind as LinkKind, name)} AS ${name}`)));
  const statement = lessonsStatement(db, attendance, filter, lessonLinks, (query, started) => query.select(
    ...Object.entries(lessonSql).map(([name, column]) => db.raw(`${columnSql(column, started)} AS "${name}"`)),
    db.raw(`CASE WHEN ${subjectSql.absent} THEN NULL ELSE ${jsonObjectSql(subjectSql.columns)} END AS subject`), ...lists, ...extra,
  ).orderBy([{ column: 'l.start_at' }, { column: 'l.id' }]));
  return statement ? ((await statement) as Row[]) : [];
}

/** The lessons of a filter as `Lesson`, by start. */
export async function readLessons(db: Db, attendance: AttendanceHook | null, filter: LessonFilter): Promise<Lesson[]> {
  return (await lessonRows(db, attendance, filter)).map(toLesson);
}

/** The lessons of a filter with their versions, in the same one statement. */
export async function readVersionedLessons(db: Db, filter: LessonFilter): Promise<VersionedLesson[]> {
  const rows = await lessonRows<LessonRow & { sequence: number; updated_at: string }>(db, null, filter, [db.raw('l.sequence'), db.raw(`${isoUtc('l.updated_at')} AS updated_at`)]);
  return rows.map((row) => ({ ...toLesson(row), sequence: row.sequence, updatedAt: row.updated_at }));
}

/**
 * The same lessons as JSON texts, one per lesson in order, written by PostgreSQL: `object` is the SQL of one lesson's
 * JSON text, given the SQL of "attendance started" (its lists are the `links` columns). Not one aggregated text: the
 * aggregate cost PostgreSQL more (0.7 ms a week) than the rows cost pg.
 */
export async function readLessonsJson(
  db: Db, attendance: AttendanceHook | null, filter: LessonFilter, links: LinkColumns, object: (started: string) => string,
): Promise<string[]> {
  const statement = lessonsStatement(db, attendance, filter, links, (query, started) =>
    query.select(db.raw(`${object(started)} AS json`)).orderBy([{ column: 'l.start_at' }, { column: 'l.id' }]));
  return statement ? ((await statement) as { json: string }[]).map((row) => row.json) : [];
}

/** Lessons by id as every reader returns them (bulk previews reuse it); cancelled ones only when asked. */
export function lessonsByIds(db: Db, ids: readonly string[], options: { withCancelled?: boolean; attendance?: AttendanceHook | null } = {}): Promise<Lesson[]> {
  return readLessons(db, options.attendance ?? null, { ids, withCancelled: options.withCancelled ?? false });
}

function toLesson(row: LessonRow): Lesson {
  const scalars = Object.fromEntries(Object.keys(lessonSql).map((name) => [name, row[name as keyof typeof lessonSql]])) as Pick<Lesson, keyof typeof lessonSql>;
  return {
    ...scalars,
    schoolSubject: row.subject,
    teachers: row.teachers,
    rooms: row.rooms.map((room) => ({ ...room, size: Number(room.size) })),
    planningGroups: row.planning_groups,
  };
}
