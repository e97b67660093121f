import type { Knex } from '@alterna/core';

type Db = Knex | Knex.Transaction;

/** A lesson as attendance needs it, read through planning's views. */
export interface AttendedLesson {
  id: string;
  campusId: string;
  schoolSubjectId: string | null;
  startAt: Date;
  endAt: Date;
  status: string;
  teacherIds: string[];
}

/** One statement: the lesson and who teaches it (planning's read views, never its tables). */
export async function lessonById(db: Db, lessonId: string): Promise<AttendedLesson | null> {
  const row = await db('planning_lessons as l')
    .where('l.id', lessonId)
    .first(
      'l.id', 'l.campus_id', 'l.school_subject_id', 'l.start_at', 'l.end_at', 'l.status',
      db.raw('ARRAY(SELECT lt.teacher_id FROM planning_lesson_teachers lt WHERE lt.lesson_id = l.id ORDER BY lt.teacher_id) AS teacher_ids'),
    );
  if (!row) return null;
  return {
    id: row.id, campusId: row.campus_id, schoolSubjectId: row.school_subject_id, startAt: new Date(row.start_at), endAt: new Date(row.end_at),
    status: row.status, teacherIds: row.teacher_ids ?? [],
  };
}
