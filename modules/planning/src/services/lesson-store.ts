// Writes of single lessons. Link rows are insert-only (triggers fill their period and active flag from the
// lesson); the order of a change matters so the exclusion constraints only ever see the final state:
// drop the replaced links, then move or cancel the lesson (triggers carry the kept links along), then add
// the new links at the new period.
import type { Knex } from '@alterna/core';
import type { CancellationType, LessonStatus, LessonType, RemoteMode } from '../types.js';
import type { LessonsInsert } from '../models/rows.js';
import { countRoomChanges } from './lesson-sequence.js';

type Trx = Knex | Knex.Transaction;

export interface LessonColumns {
  campusId: string;
  trainingSessionId: string | null;
  startAt: string;
  endAt: string;
  remote: RemoteMode;
  lessonType: LessonType;
  description: string | null;
  schoolSubjectId: string | null;
  status: LessonStatus;
  cancellationType: CancellationType | null;
  cancelDesc: string | null;
}

export interface LessonLinks {
  teachers: { id: string; contractId: string | null }[];
  rooms: string[];
  planningGroups: string[];
}

const columns = (lesson: Partial<LessonColumns>): Partial<LessonsInsert> => {
  const row: Record<string, unknown> = {};
  const set = (column: keyof LessonsInsert, value: unknown) => {
    if (value !== undefined) row[column] = value;
  };
  set('campus_id', lesson.campusId);
  set('training_session_id', lesson.trainingSessionId);
  set('start_at', lesson.startAt);
  set('end_at', lesson.endAt);
  set('remote', lesson.remote);
  set('lesson_type', lesson.lessonType);
  set('description', lesson.description);
  set('school_subject_id', lesson.schoolSubjectId);
  set('status', lesson.status);
  set('cancellation_type', lesson.cancellationType);
  set('cancel_desc', lesson.cancelDesc);
  return row;
};

async function insertLinks(trx: Trx, lessonId: string, links: Partial<LessonLinks>): Promise<void> {
  if (links.teachers?.length) {
    await trx('lesson_teachers').insert(links.teachers.map((teacher) => ({ lesson_id: lessonId, teacher_id: teacher.id, teacher_contract_id: teacher.contractId })));
  }
  if (links.rooms?.length) await trx('lesson_rooms').insert(links.rooms.map((room_id) => ({ lesson_id: lessonId, room_id })));
  if (links.planningGroups?.length) await trx('lesson_planning_groups').insert(links.planningGroups.map((planning_group_id) => ({ lesson_id: lessonId, planning_group_id })));
}

/** A new lesson and its links; returns its id. */
export async function insertLessonRow(trx: Trx, lesson: LessonColumns, links: LessonLinks, createdBy: string | null): Promise<string> {
  const values: LessonsInsert = { ...columns(lesson), campus_id: lesson.campusId, start_at: lesson.startAt, end_at: lesson.endAt, created_by: createdBy };
  const [row] = await trx('lessons').insert(values).returning('id');
  if (!row) throw new Error('planning: the lesson insert returned no row');
  await insertLinks(trx, row.id, links);
  return row.id;
}

/**
 * Changes a lesson: the given columns, and the link kinds given (replaced whole). Any change dates it (updated_at:
 * a calendar feed's DTSTAMP), new links included: they show in the feed's event too.
 */
export async function updateLessonRow(trx: Trx, lessonId: string, lesson: Partial<LessonColumns>, links: Partial<LessonLinks>): Promise<void> {
  if (links.teachers) await trx('lesson_teachers').where({ lesson_id: lessonId }).delete();
  if (links.rooms) {
    await countRoomChanges(trx, [{ id: lessonId, rooms: links.rooms }]);
    await trx('lesson_rooms').where({ lesson_id: lessonId }).delete();
  }
  if (links.planningGroups) await trx('lesson_planning_groups').where({ lesson_id: lessonId }).delete();
  const row = columns(lesson);
  if (Object.keys(row).length || Object.values(links).some(Boolean)) await trx('lessons').where({ id: lessonId }).update({ ...row, updated_at: trx.fn.now() });
  await insertLinks(trx, lessonId, links);
}

/** Removes a lesson (its links cascade). */
export async function deleteLessonRow(trx: Trx, lessonId: string): Promise<number> {
  return trx('lessons').where({ id: lessonId }).delete();
}

