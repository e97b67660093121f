import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startTestApp, type TestApp } from '../../support/app.js';
import { loggedIn } from '../../support/attendance/absences.js';
import { lessonNow } from '../../support/attendance/fixtures.js';
import { insertLesson, parisTime } from '../../support/planning/fixtures.js';
import { addDays, todayIn } from '@alterna/core/dates';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const path = '/api/planning/my-timetable';

describe('my timetable', () => {
  it('gives a teacher their own lessons of a week, cancelled ones marked, and a student their groups’', async () => {
    const lesson = await lessonNow(app, 'paris', 1);
    const other = await lessonNow(app, 'paris', 1);
    // Another day of this week (Paris): two hours from now fell into next week on Sunday evenings after 22:00.
    const today = todayIn();
    const day = addDays(today, new Date(`${today}T12:00:00Z`).getUTCDay() === 1 ? 1 : -1);
    const cancelled = await insertLesson(app, {
      campusId: lesson.campusId, startAt: parisTime(day, '10:00'), endAt: parisTime(day, '11:00'),
      teacherIds: [lesson.teacherId], planningGroupIds: [lesson.groupId], schoolSubjectId: lesson.subjectId, status: 'cancelled',
    });
    const teacher = await loggedIn(app, lesson.teacherEmail, 'en');
    const week = await teacher.get(path);
    expect(week.status).toBe(200);
    expect(week.json.week).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const ids = week.json.lessons.map((l: any) => l.id);
    expect(ids).toContain(lesson.lessonId);
    expect(ids).not.toContain(other.lessonId);
    expect(week.json.lessons.find((l: any) => l.id === cancelled)).toMatchObject({ status: 'cancelled' });

    const student = await loggedIn(app, lesson.students[0]!.email);
    const own = (await student.get(path)).json.lessons.map((l: any) => l.id);
    expect(own).toContain(lesson.lessonId);
    expect(own).not.toContain(other.lessonId);
    // Another week holds none of them.
    const later = await student.get(`${path}?week=2099-01-05`);
    expect(later.json).toEqual({ week: '2099-01-05', lessons: [] });
  });

  it('checks the week and is the teacher’s and the student’s only', async () => {
    const lesson = await lessonNow(app, 'paris', 1);
    const teacher = await loggedIn(app, lesson.teacherEmail, 'en');
    const bad = await teacher.get(`${path}?week=2026-02-30`);
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual([{ path: 'week', message: 'This week is not a valid date (YYYY-MM-DD).' }]);
    expect((await (await loggedIn(app, demo('pedagogy'))).get(path)).status).toBe(403);
  });
});
