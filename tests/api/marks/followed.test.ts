import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startTestApp, type TestApp } from '../../support/app.js';
import { withDemoPassword } from '../../support/attendance/fixtures.js';
import { makeCompany } from '../../support/booklets/fixtures.js';
import { gradedCourse, loggedIn } from '../../support/marks/fixtures.js';
import { makePerson } from '../../support/planning/fixtures.js';
import { nowMs } from '@alterna/core/clock';
import { todayIn } from '@alterna/core/dates';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

type Course = Awaited<ReturnType<typeof gradedCourse>>;

/** The course's exam marked on its Oral element (coefficient 3) for semester 2, an appraisal for the first student. */
async function mark(course: Course, values: number[]) {
  const saved = await course.teacher.post(`/api/marks/exams/${course.exams[0]}`, {
    gradeScaleElementId: course.elementIds[1], semester: 2,
    marks: course.students.map((s, i) => ({ studentId: s.studentId, status: 'present', value: values[i]!, ...(i === 0 ? { appraisal: 'Oral solide.' } : {}) })),
  });
  expect(saved.status).toBe(200);
}

/** A new coach of those campuses following the student (an attribution of the student's group's session and campus). */
async function coachOf(course: Course, studentId: string, campusIds: string[] = [course.campusId]) {
  const knex = app.core.db.knex;
  const coachId = await makePerson(app, campusIds, 'coach');
  const group = await knex('training_groups').where({ id: course.trainingGroupId }).first('training_session_id', 'campus_id');
  await knex('coach_attributions').insert({ coach_id: coachId, student_id: studentId, campus_id: group.campus_id, training_session_id: group.training_session_id });
  return { coachId, client: await loggedIn(app, await withDemoPassword(app, coachId)) };
}

const day = (offset: number) => todayIn('Europe/Paris', new Date(nowMs() + offset * 86_400_000));

describe('marks of the apprentices one follows', () => {
  it('a coach reads their attributed student\'s marks and report cards, and nobody else\'s', async () => {
    const course = await gradedCourse(app, 'paris', 2);
    const [a, b] = course.students;
    await mark(course, [15, 9]);
    const { client: coach } = await coachOf(course, a!.studentId);
    const group = await app.core.db.knex('training_groups').where({ id: course.trainingGroupId }).first('name');

    const list = await coach.get('/api/marks/followed');
    expect(list.status).toBe(200);
    expect(list.json.students).toEqual([{ id: a!.studentId, firstName: a!.firstName, lastName: a!.lastName, trainingGroup: group.name }]);

    const detail = await coach.get(`/api/marks/followed/${a!.studentId}`);
    expect(detail.status).toBe(200);
    expect(detail.json.student.id).toBe(a!.studentId);
    expect(detail.json.marks).toEqual([expect.objectContaining({ examId: course.exams[0], value: 15, status: 'present', semester: 2 })]);
    const card = detail.json.reportCards.find((c: any) => c.semester === 2 && c.trainingGroup.id === course.trainingGroupId);
    expect(card).toMatchObject({ student: { id: a!.studentId }, general: 15, rank: 1 });
    expect(card.subjects.find((s: any) => s.elementId === course.elementIds[1])).toMatchObject({ average: 15, appraisal: 'Oral solide.' });
    expect(detail.json.reportCards.every((c: any) => c.student.id === a!.studentId)).toBe(true);
    expect(JSON.stringify(detail.json)).not.toContain(b!.studentId);

    // The French path answers the same.
    expect((await coach.get(`/api/notes/apprentis-suivis/${a!.studentId}`)).json).toEqual(detail.json);
    expect((await coach.get('/api/notes/apprentis-suivis')).json).toEqual(list.json);
    // Another student, an unknown id: the same 404 (nothing tells whether the student exists); a bad id is a 422.
    const other = await coach.get(`/api/marks/followed/${b!.studentId}`);
    const unknown = await coach.get(`/api/marks/followed/${crypto.randomUUID()}`);
    expect(other.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(other.json).toEqual(unknown.json);
    expect((await coach.get('/api/marks/followed/not-an-id')).status).toBe(422);
  });

  it('a company tutor and contact read their company\'s current apprentices only; another company\'s tutor gets a 404', async () => {
    const course = await gradedCourse(app, 'paris', 3);
    const [a, b, c] = course.students;
    await mark(course, [12, 8, 16]);
    const companyA = await makeCompany(app, course.campusId);
    const companyB = await makeCompany(app, course.campusId);
    await companyA.employ(a!.id, { startDate: day(-30), endDate: day(300) });
    await companyB.employ(b!.id, { startDate: day(-30), endDate: day(300) });
    // c's contract with company A has ended: c is no longer followed.
    await companyA.employ(c!.id, { startDate: day(-400), endDate: day(-10) });

    const tutorA = await loggedIn(app, companyA.tutorEmail, 'en');
    expect((await tutorA.get('/api/marks/followed')).json.students.map((s: any) => s.id)).toEqual([a!.studentId]);
    const own = await tutorA.get(`/api/marks/followed/${a!.studentId}`);
    expect(own.status).toBe(200);
    expect(own.json.marks.map((m: any) => m.value)).toEqual([12]);
    const refused = await tutorA.get(`/api/marks/followed/${b!.studentId}`);
    expect(refused.status).toBe(404);
    expect(refused.json.errors[0].message).toBe('Not found.');
    expect((await tutorA.get(`/api/marks/followed/${c!.studentId}`)).status).toBe(404);

    const contactB = await loggedIn(app, companyB.contactEmail);
    expect((await contactB.get('/api/marks/followed')).json.students.map((s: any) => s.id)).toEqual([b!.studentId]);
    expect((await contactB.get(`/api/marks/followed/${b!.studentId}`)).json.reportCards.find((card: any) => card.semester === 2).general).toBe(8);
    expect((await contactB.get(`/api/marks/followed/${a!.studentId}`)).status).toBe(404);
  });

  it('students and teachers are refused the followed routes (403)', async () => {
    const course = await gradedCourse(app, 'paris', 1);
    const student = await loggedIn(app, course.students[0]!.email);
    expect((await student.get('/api/marks/followed')).status).toBe(403);
    expect((await student.get(`/api/marks/followed/${course.students[0]!.studentId}`)).status).toBe(403);
    expect((await student.get('/api/notes/apprentis-suivis')).status).toBe(403);
    expect((await course.teacher.get('/api/marks/followed')).status).toBe(403);
    const pedagogy = await loggedIn(app, demo('pedagogy'));
    expect((await pedagogy.get(`/api/marks/followed/${course.students[0]!.studentId}`)).status).toBe(403);
  });

  it('a coach of one campus does not read a followed student of another campus', async () => {
    const lyon = await gradedCourse(app, 'lyon', 1);
    const student = lyon.students[0]!;
    await mark(lyon, [11]);
    const paris = (await app.core.db.knex('campuses').where({ name: 'Paris' }).first('id')).id as string;
    const { coachId, client: coach } = await coachOf(lyon, student.studentId, [paris]);
    expect((await coach.get('/api/marks/followed')).json.students).toEqual([]);
    expect((await coach.get(`/api/marks/followed/${student.studentId}`)).status).toBe(404);
    // The same coach, once holding the permission on Lyon too, reads the student.
    await app.core.db.knex('actor_access_rules').insert({ actor_id: coachId, campus_id: lyon.campusId, typology: 'coach' });
    expect((await coach.get(`/api/marks/followed/${student.studentId}`)).json.marks.map((m: any) => m.value)).toEqual([11]);
  });

  it('the demo coach finds the demo student\'s seeded report card with subject appraisals', async () => {
    const coach = await loggedIn(app, demo('coach'));
    const studentId = (await app.core.db.knex('actors').where({ email: demo('student') }).first('id')).id as string;
    expect((await coach.get('/api/marks/followed')).json.students.map((s: any) => s.id)).toContain(studentId);
    const detail = await coach.get(`/api/marks/followed/${studentId}`);
    expect(detail.status).toBe(200);
    const [card] = detail.json.reportCards;
    expect(card).toMatchObject({ semester: 1, appraisal: 'Semestre sérieux, à poursuivre.' });
    const appraised = card.subjects.filter((s: any) => s.appraisal);
    expect(appraised.length).toBeGreaterThanOrEqual(1);
    expect(appraised.length).toBeLessThanOrEqual(3);
  });
});
