import crypto from 'node:crypto';
import type { TestApp } from '../app.js';
import { insertLesson, makePerson, makePlanningGroup, parisTime, planningDemo, tag } from '../planning/fixtures.js';
import { currentTrainingGroup, makeRegistration } from '../planning/groups.js';
import { now, nowMs } from '@alterna/core/clock';
import { addDays, todayIn } from '@alterna/core/dates';

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

/**
 * The lesson's sheet as its teacher left it while its window was open: opened, each student's line marked
 * (`statuses`, by student index; null = not marked), not closed. Written directly: the window may be over now.
 */
export async function markedSheet(app: TestApp, lesson: Awaited<ReturnType<typeof lessonNow>>, statuses: (string | null)[]) {
  const knex = app.core.db.knex;
  const [sheet] = await knex('attendance_sheets')
    .insert({ lesson_id: lesson.lessonId, campus_id: lesson.campusId, opened_by: lesson.teacherId, qr_secret: crypto.randomBytes(32) })
    .returning('id');
  const lines = await knex('attendance_lines')
    .insert(lesson.students.map((s, i) => ({
      sheet_id: sheet.id, student_registration_id: s.id, student_id: s.studentId, status: statuses[i] ?? null, marked_by: statuses[i] ? lesson.teacherId : null,
    })))
    .returning(['id', 'student_id']);
  return { sheetId: sheet.id as string, lines: lines as { id: string; student_id: string }[] };
}

/**
 * A lesson `days` days ago at 09:00 (Paris) whose teacher marked the sheet and left it open: by default the first
 * student absent, the second present. At any hour, past its window once `days` is over the campus's (7 by default).
 */
export async function markedLessonDaysAgo(app: TestApp, days: number, statuses: (string | null)[] = ['absent', 'present']) {
  const lesson = await lessonNow(app, 'paris', statuses.length, { startAt: parisTime(addDays(todayIn(), -days), '09:00') });
  const { lines } = await markedSheet(app, lesson, statuses);
  const lineOf = (index: number) => lines.find((l) => l.student_id === lesson.students[index]!.studentId)!;
  return { lesson, lineOf };
}
