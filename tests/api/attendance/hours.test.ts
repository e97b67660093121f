import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startTestApp, type TestApp } from '../../support/app.js';
import { loggedIn } from '../../support/attendance/absences.js';
import { lessonNow, scribble } from '../../support/attendance/fixtures.js';
import { planningDemo } from '../../support/planning/fixtures.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const PROGRESS = `query($g: [ID!], $t: [ID!]) { PlanningProgress(planningGroupIdList: $g, teacherIdList: $t) {
  planningGroups { lines { schoolSubject { uuid } plannedHours deliveredHours } } teachers { lines { plannedHours deliveredHours } } } }`;

describe('hours delivered', () => {
  it('counts a lesson’s hours as delivered once its sheet is closed, in planning’s progress and in the students’ attendance rate', async () => {
    const { session } = await planningDemo(app);
    const lesson = await lessonNow(app, 'paris', 2, { startMinutesAgo: 60 });
    // The lesson belongs to the current session: progress counts only those.
    await app.core.db.knex('lessons').where({ id: lesson.lessonId }).update({ training_session_id: session.id });
    const pedagogy = await loggedIn(app, demo('pedagogy'), 'en');
    const before = (await pedagogy.graphql(PROGRESS, { g: [lesson.groupId], t: [lesson.teacherId] })).json.data.PlanningProgress;
    expect(before.planningGroups[0].lines).toEqual([{ schoolSubject: { uuid: lesson.subjectId }, plannedHours: 1.5, deliveredHours: 0 }]);

    const teacher = await loggedIn(app, lesson.teacherEmail);
    const { json } = await teacher.post(lesson.mine);
    const [late, present] = lesson.students;
    const lineOf = (id: string) => json.sheet.lines.find((l: any) => l.student.id === id).id;
    // Arrived 30 minutes after the start: one hour of the lesson's hour and a half.
    const arrivedAt = new Date(Date.now() - 30 * 60_000).toISOString();
    await teacher.post(`${lesson.mine}/lines`, { lines: [{ id: lineOf(late!.studentId), status: 'late', arrivedAt }, { id: lineOf(present!.studentId), status: 'present' }] });
    expect((await teacher.post(`${lesson.mine}/close`, { strokes: scribble() })).status).toBe(200);

    const after = (await pedagogy.graphql(PROGRESS, { g: [lesson.groupId], t: [lesson.teacherId] })).json.data.PlanningProgress;
    expect(after.planningGroups[0].lines[0]).toMatchObject({ plannedHours: 1.5, deliveredHours: 1.5 });
    expect(after.teachers[0].lines[0]).toMatchObject({ plannedHours: 1.5, deliveredHours: 1.5 });

    const group = await pedagogy.get(`/api/absences-and-lateness/statistics?planningGroup=${lesson.groupId}`);
    expect(group.json.hours).toEqual({ scheduled: 3, attended: 2.5, rate: 0.833 });
    const student = await loggedIn(app, late!.email);
    expect((await student.get('/api/absences-and-lateness/statistics')).json.hours).toEqual({ scheduled: 1.5, attended: 1, rate: 0.667 });
  });
});
