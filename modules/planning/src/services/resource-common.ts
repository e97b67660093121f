import { teacherTypologies, type Knex, type Translate } from '@alterna/core';
import { parisDay, parisTime } from '../rules/lesson-time.js';

/** What the resources services share: the knex or transaction to read with, Paris wording, lesson lookups. */
export type Db = Knex | Knex.Transaction;

/** Teachers are actors with one of these typologies on a campus (the core's list). */
export { teacherTypologies };

/** The day and times of a period as a message shows them (Paris). */
export function periodWords(startAt: string | Date, endAt: string | Date): { date: string; start: string; end: string } {
  return { date: parisDay(startAt), start: parisTime(startAt), end: parisTime(endAt) };
}

export interface OverlappingLesson {
  id: string;
  startAt: Date;
  endAt: Date;
  lessonType: string;
  subjectName: string | null;
}

/**
 * The first active (or locked) lesson holding that room or teacher over the period: one indexed query on the
 * link table, whose partial exclusion index covers (resource, period) of active lessons.
 */
export async function firstOverlappingLesson(
  db: Db,
  holder: { table: 'lesson_rooms'; column: 'room_id'; id: string } | { table: 'lesson_teachers'; column: 'teacher_id'; id: string },
  startAt: string,
  endAt: string,
): Promise<OverlappingLesson | null> {
  const row = await db(`${holder.table} as x`)
    .join('lessons as l', 'l.id', 'x.lesson_id')
    .leftJoin('trainings_school_subjects as s', 's.id', 'l.school_subject_id')
    .where(`x.${holder.column}`, holder.id)
    .andWhere('x.active', true)
    .andWhereRaw("x.period && tstzrange(?::timestamptz, ?::timestamptz, '[)')", [startAt, endAt])
    .orderBy('l.start_at')
    .first('l.id', 'l.start_at', 'l.end_at', 'l.lesson_type', 's.name as subject_name');
  if (!row) return null;
  return { id: row.id, startAt: new Date(row.start_at), endAt: new Date(row.end_at), lessonType: row.lesson_type, subjectName: row.subject_name };
}

/** How a message names a lesson: its subject, else its type (« Cours », « Examen »…). */
export function lessonName(lesson: Pick<OverlappingLesson, 'subjectName' | 'lessonType'>, t: Translate): string {
  return lesson.subjectName ?? (t(`planning.resources.lessonTypes.${lesson.lessonType}`, { defaultValue: lesson.lessonType }) as string);
}

/** A timestamptz as the API answers it: ISO UTC. */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
