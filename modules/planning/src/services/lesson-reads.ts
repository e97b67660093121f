// Reads of lessons as `Lesson`: one statement for the lessons and their links, one ask for attendance.
// Used by every lessons reader and by bulk previews (`lessonsByIds`).
import type { Knex } from '@alterna/core';
import type { CancellationType, Lesson, LessonStatus, LessonType, RemoteMode } from '../types.js';
import type { AttendanceHook } from './attendance.js';

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

interface LessonRow {
  id: string;
  campus_id: string;
  campus_name: string;
  training_session_id: string | null;
  start_at: Date;
  end_at: Date;
  remote: RemoteMode;
  lesson_type: LessonType;
  status: LessonStatus;
  cancellation_type: CancellationType | null;
  cancel_desc: string | null;
  description: string | null;
  school_subject_id: string | null;
  subject_name: string | null;
  subject_short_name: string | null;
  subject_color: string | null;
  teachers: Lesson['teachers'];
  rooms: Lesson['rooms'];
  planning_groups: Lesson['planningGroups'];
}

/** Each link kind of a lesson as one JSON array, read through the link table's primary key (lesson_id, …). */
const linkColumns = {
  teachers: `(SELECT COALESCE(json_agg(json_build_object('id', a.id, 'firstName', a.first_name, 'lastName', a.last_name, 'teacherContractId', lt.teacher_contract_id)
      ORDER BY a.last_name, a.first_name, a.id), '[]') FROM lesson_teachers lt JOIN actors a ON a.id = lt.teacher_id WHERE lt.lesson_id = l.id) AS teachers`,
  rooms: `(SELECT COALESCE(json_agg(json_build_object('id', r.id, 'name', r.name, 'size', r.size, 'buildingId', b.id, 'buildingName', b.name)
      ORDER BY r.name, r.id), '[]') FROM lesson_rooms lr JOIN rooms r ON r.id = lr.room_id JOIN buildings b ON b.id = r.building_id WHERE lr.lesson_id = l.id) AS rooms`,
  planningGroups: `(SELECT COALESCE(json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.name, g.id), '[]')
      FROM lesson_planning_groups lg JOIN planning_groups g ON g.id = lg.planning_group_id WHERE lg.lesson_id = l.id) AS planning_groups`,
};

/**
 * The lessons of a filter, by start, in ONE statement: the lessons, and per link kind a set read through the
 * link table's primary key (no query per lesson, no round trip per kind). With a period and campuses, the
 * `lessons_campus_period` GiST index answers (`campus_id = ? AND period && ?`, one branch per campus); link
 * filters are semi-joins. Attendance is asked once for the whole set.
 */
export async function readLessons(db: Db, attendance: AttendanceHook | null, filter: LessonFilter): Promise<Lesson[]> {
  if (filter.ids && !filter.ids.length) return [];
  if (filter.campusIds && !filter.campusIds.length) return [];
  const query = db('lessons as l')
    .join('campuses as c', 'c.id', 'l.campus_id')
    .leftJoin('school_subjects as ss', 'ss.id', 'l.school_subject_id')
    .select(
      'l.id', 'l.campus_id', 'c.name as campus_name', 'l.training_session_id', 'l.start_at', 'l.end_at', 'l.remote', 'l.lesson_type', 'l.status',
      'l.cancellation_type', 'l.cancel_desc', 'l.description', 'l.school_subject_id',
      'ss.name as subject_name', 'ss.short_name as subject_short_name', 'ss.color as subject_color',
      db.raw(linkColumns.teachers), db.raw(linkColumns.rooms), db.raw(linkColumns.planningGroups),
    )
    .orderBy([{ column: 'l.start_at' }, { column: 'l.id' }]);
  const period = filter.from && filter.to ? db.raw("tstzrange(?::timestamptz, ?::timestamptz, '[)')", [filter.from, filter.to]) : null;
  if (filter.campusIds) {
    const campusIds = [...new Set(filter.campusIds)];
    if (period) {
      // One "campus = ? AND period && ?" branch per campus: each is a GiST index scan.
      query.where((where) => {
        for (const campusId of campusIds) where.orWhere((branch) => branch.where('l.campus_id', campusId).andWhereRaw('l.period && ?', [period]));
      });
    } else {
      query.whereIn('l.campus_id', campusIds);
    }
  } else if (period) {
    query.whereRaw('l.period && ?', [period]);
  }
  if (filter.ids) query.whereRaw('l.id = ANY(?::uuid[])', [[...new Set(filter.ids)]]);
  const linked = (table: string, column: string, ids: readonly string[] | undefined) => {
    if (ids) query.whereIn('l.id', db(table).select('lesson_id').whereIn(column, [...new Set(ids)]));
  };
  linked('lesson_planning_groups', 'planning_group_id', filter.planningGroupIds);
  linked('lesson_rooms', 'room_id', filter.roomIds);
  linked('lesson_teachers', 'teacher_id', filter.teacherIds);
  if (filter.schoolSubjectId) query.where('l.school_subject_id', filter.schoolSubjectId);
  if (filter.lessonType) query.where('l.lesson_type', filter.lessonType);
  if (filter.remote) query.where('l.remote', filter.remote);
  if (!filter.withCancelled) query.whereNot('l.status', 'cancelled');
  const rows: LessonRow[] = await query;
  const started = attendance && rows.length ? await attendance.started(db, rows.map((row) => row.id)) : new Set<string>();
  return rows.map((row) => toLesson(row, started));
}

/** Lessons by id as every reader returns them (bulk previews reuse it); cancelled ones only when asked. */
export function lessonsByIds(db: Db, ids: readonly string[], options: { withCancelled?: boolean; attendance?: AttendanceHook | null } = {}): Promise<Lesson[]> {
  return readLessons(db, options.attendance ?? null, { ids, withCancelled: options.withCancelled ?? false });
}

function toLesson(row: LessonRow, started: Set<string>): Lesson {
  return {
    id: row.id,
    campusId: row.campus_id,
    campusName: row.campus_name,
    trainingSessionId: row.training_session_id,
    startAt: new Date(row.start_at).toISOString(),
    endAt: new Date(row.end_at).toISOString(),
    remote: row.remote,
    lessonType: row.lesson_type,
    status: row.status,
    cancellationType: row.cancellation_type,
    cancelDesc: row.cancel_desc,
    description: row.description,
    schoolSubject: row.school_subject_id
      ? { id: row.school_subject_id, name: row.subject_name ?? '', shortName: row.subject_short_name ?? '', color: row.subject_color }
      : null,
    teachers: row.teachers,
    rooms: row.rooms.map((room) => ({ ...room, size: Number(room.size) })),
    planningGroups: row.planning_groups,
    attendanceStarted: started.has(row.id),
  };
}
