import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demo, startTestApp, type TestApp } from '../../support/app.js';
import { lessonNow } from '../../support/attendance/fixtures.js';
import { insertLesson } from '../../support/planning/fixtures.js';
import { nowMs } from '@alterna/core/clock';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const client = async (email: string, language = 'fr') => {
  const c = new ApiClient(app.baseUrl, language);
  await c.login(email);
  return c;
};

/** SQL statements a request runs (to check a list costs a fixed number of queries, never one per row). */
async function statementsOf(run: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const listen = () => { count += 1; };
  app.core.db.knex.on('query', listen);
  try {
    await run();
  } finally {
    app.core.db.knex.off('query', listen);
  }
  return count;
}

describe('a teacher’s course pages', () => {
  it('lists my subjects and a subject’s sessions, past and coming, with groups and whether attendance started', async () => {
    const course = await lessonNow(app, 'paris', 1);
    const next = nowMs() + 7 * 86_400_000;
    const coming = await insertLesson(app, {
      campusId: course.campusId, startAt: new Date(next).toISOString(), endAt: new Date(next + 3_600_000).toISOString(),
      teacherIds: [course.teacherId], planningGroupIds: [course.groupId], schoolSubjectId: course.subjectId,
    });
    const teacher = await client(course.teacherEmail);
    expect((await teacher.post(course.mine)).status).toBe(200);

    const subjects = await teacher.get('/api/my-courses');
    expect(subjects.status).toBe(200);
    expect(subjects.json.subjects).toHaveLength(1);
    expect(subjects.json.subjects[0]).toMatchObject({ id: course.subjectId, lessons: 2 });
    expect(subjects.json.subjects[0].nextLessonAt).toBeTruthy();

    const page = await teacher.get(`/api/mes-cours/${course.subjectId}`);
    expect(page.status).toBe(200);
    expect(page.json.course).toMatchObject({ mine: true, canWrite: true, teacher: { id: course.teacherId }, schoolSubject: { id: course.subjectId } });
    expect(page.json.course.groups.map((g: any) => g.id)).toEqual([course.groupId]);
    expect(page.json.lessons.map((l: any) => [l.id, l.attendanceStarted])).toEqual([[course.lessonId, true], [coming, false]]);
    expect(page.json.lessons[0].planningGroups).toHaveLength(1);

    // Staff of the campus read it under the teacher's path; staff of another campus and other teachers get 404.
    const pedagogy = await client(demo('pedagogy'));
    expect((await pedagogy.get(`/api/teachers/${course.teacherId}/course`)).json.subjects.map((s: any) => s.id)).toEqual([course.subjectId]);
    expect((await pedagogy.get(`/api/teachers/${course.teacherId}/course/${course.subjectId}`)).json.lessons).toHaveLength(2);
    const lyon = await client(demo('campus-manager'));
    expect((await lyon.get(`/api/teachers/${course.teacherId}/course/${course.subjectId}`)).status).toBe(404);
    expect((await lyon.get(`/api/teachers/${course.teacherId}/course`)).status).toBe(404);
    const other = await lessonNow(app, 'paris', 0);
    const otherTeacher = await client(other.teacherEmail);
    expect((await otherTeacher.get(`/api/teachers/${course.teacherId}/course/${course.subjectId}`)).status).toBe(404);
    // A subject the teacher does not teach is no course of theirs.
    const anotherSubject = (await app.core.db.knex('school_subjects').whereNot('id', course.subjectId).first('id')).id;
    expect((await teacher.get(`/api/my-courses/${anotherSubject}`)).status).toBe(404);
    expect((await teacher.get('/api/my-courses/not-a-uuid')).status).toBe(422);
  });

  it('keeps a lesson report that only the lesson’s teachers or the campus managers write', async () => {
    const course = await lessonNow(app, 'paris', 1);
    const teacher = await client(course.teacherEmail, 'en');
    const url = `/api/my-courses/eventLessonSchedule/${course.lessonId}`;
    const empty = await teacher.get(url);
    expect(empty.status).toBe(200);
    expect(empty.json).toMatchObject({ report: null, canWrite: true, lesson: { id: course.lessonId, schoolSubject: { id: course.subjectId } } });

    const saved = await teacher.post(url, { done: 'Chapter 3: derivatives.', homework: 'Exercises 1 to 4.' });
    expect(saved.status).toBe(200);
    expect(saved.json.report).toMatchObject({ done: 'Chapter 3: derivatives.', homework: 'Exercises 1 to 4.', writtenBy: { id: course.teacherId } });
    const again = await teacher.post(`/api/mes-cours/compte-rendu-seance/${course.lessonId}`, { done: 'Chapter 3 and 4.', homework: '' });
    expect(again.json.report.done).toBe('Chapter 3 and 4.');
    expect(Number((await app.core.db.knex('courses_lesson_reports').where({ lesson_id: course.lessonId }).count('* as n').first())?.n)).toBe(1);
    expect((await teacher.get(`/api/my-courses/${course.subjectId}`)).json.lessons[0].reported).toBe(true);

    const tooLong = await teacher.post(url, { done: 'x'.repeat(10_001) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.json.errors).toEqual([{ path: 'done', message: 'This text must be at most 10000 characters long.' }]);
    const fr = await client(course.teacherEmail, 'fr');
    expect((await fr.post(url, { homework: 'x'.repeat(10_001) })).json.errors).toEqual([{ path: 'homework', message: 'Ce texte doit faire au plus 10000 caractères.' }]);

    const other = await lessonNow(app, 'paris', 0);
    expect((await (await client(other.teacherEmail)).post(url, { done: 'Not mine' })).status).toBe(404);
    const readOnly = await client(demo('read-only'));
    expect((await readOnly.get(url)).json.report.done).toBe('Chapter 3 and 4.');
    expect((await readOnly.post(url, { done: 'No' })).status).toBe(403);
    const manager = await client(demo('pedagogy'));
    expect((await manager.post(url, { done: 'Reviewed.', homework: '' })).json.report.writtenBy).toBeTruthy();
    expect((await (await client(course.students[0]!.email)).get(url)).status).toBe(403);
    expect((await (await client(demo('campus-manager'))).get(url)).status).toBe(404);
  });

  it('shows the class photo board: the students of the groups the teacher teaches the subject to, in a fixed number of queries', async () => {
    const course = await lessonNow(app, 'paris', 3);
    const teacher = await client(course.teacherEmail);
    const url = `/api/my-courses/${course.subjectId}/trombi`;
    const board = await teacher.get(url);
    expect(board.status).toBe(200);
    expect(board.json.students.map((s: any) => s.id).sort()).toEqual(course.students.map((s) => s.studentId).sort());
    expect(board.json.students[0]).toMatchObject({ firstName: 'Camille', initials: expect.stringMatching(/^C[A-Z]$/), planningGroups: [expect.any(String)] });

    const staffUrl = `/api/formateurs/${course.teacherId}/cours/${course.subjectId}/trombinoscope`;
    const pedagogy = await client(demo('pedagogy'));
    expect((await pedagogy.get(staffUrl)).json.students).toHaveLength(3);
    const small = await lessonNow(app, 'paris', 1);
    const smallTeacher = await client(small.teacherEmail);
    // The same statements for 1 student as for 3: no query per row.
    const three = await statementsOf(() => teacher.get(url));
    const one = await statementsOf(() => smallTeacher.get(`/api/my-courses/${small.subjectId}/trombi`));
    expect(three).toBe(one);
    expect((await smallTeacher.get(`/api/teachers/${course.teacherId}/course/${course.subjectId}/trombi`)).status).toBe(404);
    expect((await (await client(course.students[0]!.email)).get(staffUrl)).status).toBe(403);
  });
});
