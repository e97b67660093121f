import crypto from 'node:crypto';
import type { TestApp } from '../app.js';
import { todayIn } from '@alterna/core/dates';

/**
 * Planning test data made straight in the tables, unique per call, so tests never collide with the demo
 * term the seed plans nor with each other (all files of a run share one database).
 */
export function tag(prefix = 't'): string {
  return `${prefix}${crypto.randomUUID().replace(/-/g, '').slice(0, 8)}`;
}

/** Ids of the demo centre: campuses by name, the current training session, school subjects by short name. */
export async function planningDemo(app: TestApp) {
  const knex = app.core.db.knex;
  const campuses = Object.fromEntries((await knex('campuses').select('id', 'name')).map((c) => [c.name, c.id as string]));
  const subjects = Object.fromEntries((await knex('school_subjects').select('id', 'short_name')).map((s) => [s.short_name, s.id as string]));
  const today = todayIn();
  const session = await knex('training_sessions')
    .where('start_date', '<=', today).andWhere('end_date', '>=', today)
    .first('id', knex.raw("to_char(start_date, 'YYYY-MM-DD') AS start_date"), knex.raw("to_char(end_date, 'YYYY-MM-DD') AS end_date"));
  return {
    paris: campuses.Paris as string,
    lyon: campuses.Lyon as string,
    subjects: subjects as Record<string, string>,
    session: { id: session.id as string, startDate: session.start_date as string, endDate: session.end_date as string },
  };
}

/** A site, a building and `count` rooms of a campus; returns the room ids in order. */
export async function makeRooms(app: TestApp, campusId: string, count = 2): Promise<string[]> {
  const knex = app.core.db.knex;
  const name = tag('site');
  const [site] = await knex('sites').insert({ campus_id: campusId, name }).returning('id');
  const [building] = await knex('buildings').insert({ site_id: site.id, name: `Bât ${name}` }).returning('id');
  const rooms = await knex('rooms')
    .insert(Array.from({ length: count }, (_, i) => ({ building_id: building.id, name: `S${i + 1}-${name}`, size: 20 + i })))
    .returning('id');
  return rooms.map((room: { id: string }) => room.id);
}

/** An actor with a typology on campuses (a teacher by default). */
export async function makePerson(app: TestApp, campusIds: string[], typology = 'teacher', lastName = tag('Prof')): Promise<string> {
  const knex = app.core.db.knex;
  const [row] = await knex('actors').insert({ first_name: 'Test', last_name: lastName, email: `${tag('p')}@test.alterna.school` }).returning('id');
  await knex('actor_access_rules').insert(campusIds.map((campus_id) => ({ actor_id: row.id, campus_id, typology })));
  return row.id;
}

/** A planning group of a campus, with subject lines `{ subjectId: hours }`; optionally tied to a training group. */
export async function makePlanningGroup(
  app: TestApp,
  campusId: string,
  options: { name?: string; trainingGroupId?: string | null; parentId?: string | null; lines?: Record<string, number> } = {},
): Promise<string> {
  const knex = app.core.db.knex;
  const [group] = await knex('planning_groups')
    .insert({ campus_id: campusId, name: options.name ?? tag('Groupe '), training_group_id: options.trainingGroupId ?? null, parent_id: options.parentId ?? null })
    .returning('id');
  const lines = Object.entries(options.lines ?? {});
  if (lines.length) {
    await knex('planning_group_subject_lines').insert(lines.map(([school_subject_id, hours], position) => ({ planning_group_id: group.id, school_subject_id, hours, position })));
  }
  return group.id;
}

export interface LessonRow {
  campusId: string;
  startAt: string;
  endAt: string;
  teacherIds?: string[];
  roomIds?: string[];
  planningGroupIds?: string[];
  schoolSubjectId?: string | null;
  sessionId?: string | null;
  status?: 'active' | 'locked' | 'cancelled';
}

/** A lesson inserted as the database allows it (constraints apply), bypassing the service rules. */
export async function insertLesson(app: TestApp, lesson: LessonRow): Promise<string> {
  return app.core.db.knex.transaction(async (trx) => {
    const cancelled = lesson.status === 'cancelled';
    const [row] = await trx('lessons')
      .insert({
        campus_id: lesson.campusId, start_at: lesson.startAt, end_at: lesson.endAt, school_subject_id: lesson.schoolSubjectId ?? null,
        training_session_id: lesson.sessionId ?? null, status: lesson.status ?? 'active',
        cancellation_type: cancelled ? 'school-initiative' : null,
      })
      .returning('id');
    const id = row.id as string;
    if (lesson.teacherIds?.length) await trx('lesson_teachers').insert(lesson.teacherIds.map((teacher_id) => ({ lesson_id: id, teacher_id })));
    if (lesson.roomIds?.length) await trx('lesson_rooms').insert(lesson.roomIds.map((room_id) => ({ lesson_id: id, room_id })));
    if (lesson.planningGroupIds?.length) await trx('lesson_planning_groups').insert(lesson.planningGroupIds.map((planning_group_id) => ({ lesson_id: id, planning_group_id })));
    return id;
  });
}

/**
 * A Paris wall-clock time as ISO UTC: `parisTime('2026-12-07', '09:00')`. Handles summer and winter time
 * (Intl knows the offset of that day).
 */
export function parisTime(date: string, time: string): string {
  const guess = new Date(`${date}T${time}:00Z`);
  const offsetOf = (at: Date) => {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Paris', timeZoneName: 'longOffset' }).formatToParts(at);
    const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT+00:00';
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  };
  return new Date(guess.getTime() - offsetOf(guess) * 60_000).toISOString();
}

/** The next date (YYYY-MM-DD) after `from` that falls on an ISO weekday (1 = Monday), inside the current session. */
export function nextWeekday(from: string, isoWeekday: number): string {
  const day = new Date(`${from}T12:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (((day.getUTCDay() + 6) % 7) + 1 !== isoWeekday);
  return day.toISOString().slice(0, 10);
}
