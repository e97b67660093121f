import type { TestApp } from '../app.js';
import { insertLesson, makePerson, makePlanningGroup, parisTime, planningDemo, tag } from '../planning/fixtures.js';
import { currentTrainingGroup, makeRegistration } from '../planning/groups.js';
import { now, nowMs } from '@alterna/core/clock';
import { addDays } from '@alterna/core/dates';

/** Lets an actor made by a fixture log in with the demo password. */
export async function withDemoPassword(app: TestApp, actorId: string): Promise<string> {
  const knex = app.core.db.knex;
  const demo = await knex('actors').where({ email: 'teacher@demo.alterna.school' }).first('password_hash');
  const [row] = await knex('actors').where({ id: actorId }).update({ password_hash: demo.password_hash }).returning('email');
  return row.email as string;
}

/**
 * A lesson of its own happening now on a campus: a new teacher, a planning group of `students` new students
 * (registered in a current training group, subscribed), a school subject. Everyone can log in. `startAt` (ISO)
 * puts it at another instant, e.g. next week or days ago (90 minutes long, as always).
 */
export async function lessonNow(
  app: TestApp, campus: 'paris' | 'lyon' = 'paris', students = 3, options: { withTeacher?: boolean; startMinutesAgo?: number; startAt?: string; sameDay?: boolean } = {},
) {
  const knex = app.core.db.knex;
  const demo = await planningDemo(app);
  const campusId = demo[campus];
  const subjectId = Object.values(demo.subjects)[0]!;
  const teacherId = await makePerson(app, [campusId], 'teacher');
  const teacherEmail = await withDemoPassword(app, teacherId);
  const trainingGroup = await currentTrainingGroup(app, campusId);
  const groupId = await makePlanningGroup(app, campusId, { trainingGroupId: trainingGroup.id });
  const registrations = [];
  for (let i = 0; i < students; i++) {
    const registration = await makeRegistration(app, trainingGroup.id, `${tag('Eleve')}${i}`);
    await knex('planning_group_subscriptions').insert({ planning_group_id: groupId, student_registration_id: registration.id });
    registrations.push({ ...registration, email: await withDemoPassword(app, registration.studentId) });
  }
  // Ten minutes ago, but not before midnight in Paris: the lesson belongs to today's pages (the day's lessons) even
  // when a test runs just after midnight.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(now());
  const start = options.startAt !== undefined
    ? Date.parse(options.startAt)
    : options.startMinutesAgo === undefined
      ? Math.max(nowMs() - 10 * 60_000, Date.parse(parisTime(today, '00:00')))
      : nowMs() - options.startMinutesAgo * 60_000;
  // Ninety minutes, or (sameDay) up to midnight in Paris when it starts late in the evening: a lesson the planning
  // rules must accept again ('a lesson starts and ends on the same day') cannot cross midnight.
  const startDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(start);
  const end = Math.min(start + 90 * 60_000, options.sameDay ? Date.parse(parisTime(addDays(startDay, 1), '00:00')) : Infinity);
  const lessonId = await insertLesson(app, {
    campusId, startAt: new Date(start).toISOString(), endAt: new Date(end).toISOString(),
    teacherIds: options.withTeacher === false ? [] : [teacherId], planningGroupIds: [groupId], schoolSubjectId: subjectId,
  });
  const base = `/api/teacher/${teacherId}/courses/${subjectId}/seances/${lessonId}/attendance`;
  const mine = `/api/my-courses/${subjectId}/seances/${lessonId}/attendance`;
  return { campusId, subjectId, teacherId, teacherEmail, groupId, lessonId, startAt: new Date(start).toISOString(), students: registrations, base, mine };
}

/** A short drawn signature, in the 1000x400 box. */
export const scribble = (seed = 1) => [[[10 * seed, 20], [40, 60 + seed], [90, 30]], [[120, 50], [160, 80]]];
