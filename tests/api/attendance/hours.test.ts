import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startTestApp, type TestApp } from '../../support/app.js';
import { loggedIn } from '../../support/attendance/absences.js';
import { lessonNow, scribble } from '../../support/attendance/fixtures.js';
import { planningDemo } from '../../support/planning/fixtures.js';
import { makeContract } from '../../support/planning/lessons.js';
import { artifactsDir } from '../../support/browser.js';
import { attachmentName, pdfText, sessionCookie, unzip } from '../../support/attendance/export.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const PROGRESS = `query($g: [ID!], $t: [ID!]) { PlanningProgress(planningGroupIdList: $g, teacherIdList: $t) {
  planningGroups { lines { schoolSubject { uuid } plannedHours deliveredHours } } teachers { lines { plannedHours deliveredHours } } } }`;

/** Closes the lesson's sheet: its first student arrived 30 minutes late (one hour of the hour and a half), the second present. */
async function closeLateAndPresent(lesson: Awaited<ReturnType<typeof lessonNow>>) {
  const teacher = await loggedIn(app, lesson.teacherEmail);
  const { json } = await teacher.post(lesson.mine);
  const [late, present] = lesson.students as [typeof lesson.students[number], typeof lesson.students[number]];
  const lineOf = (id: string) => json.sheet.lines.find((l: any) => l.student.id === id).id;
  // Half an hour after the start, exactly: 'now minus 30 minutes' drifted by the seconds the test took (0.666, not 0.667).
  const arrivedAt = new Date(Date.parse(lesson.startAt) + 30 * 60_000).toISOString();
  await teacher.post(`${lesson.mine}/lines`, { lines: [{ id: lineOf(late.studentId), status: 'late', arrivedAt }, { id: lineOf(present.studentId), status: 'present' }] });
  expect((await teacher.post(`${lesson.mine}/close`, { strokes: scribble() })).status).toBe(200);
  return [late, present] as const;
}

describe('hours delivered', () => {
  it('counts a lesson’s hours as delivered once its sheet is closed, in planning’s progress and in the students’ attendance rate', async () => {
    const { session } = await planningDemo(app);
    const lesson = await lessonNow(app, 'paris', 2, { startMinutesAgo: 60 });
    // The lesson belongs to the current session: progress counts only those.
    await app.core.db.knex('lessons').where({ id: lesson.lessonId }).update({ training_session_id: session.id });
    const pedagogy = await loggedIn(app, demo('pedagogy'), 'en');
    const before = (await pedagogy.graphql(PROGRESS, { g: [lesson.groupId], t: [lesson.teacherId] })).json.data.PlanningProgress;
    expect(before.planningGroups[0].lines).toEqual([{ schoolSubject: { uuid: lesson.subjectId }, plannedHours: 1.5, deliveredHours: 0 }]);

    const [late] = await closeLateAndPresent(lesson);

    const after = (await pedagogy.graphql(PROGRESS, { g: [lesson.groupId], t: [lesson.teacherId] })).json.data.PlanningProgress;
    expect(after.planningGroups[0].lines[0]).toMatchObject({ plannedHours: 1.5, deliveredHours: 1.5 });
    expect(after.teachers[0].lines[0]).toMatchObject({ plannedHours: 1.5, deliveredHours: 1.5 });

    const group = await pedagogy.get(`/api/absences-and-lateness/statistics?planningGroup=${lesson.groupId}`);
    expect(group.json.hours).toEqual({ scheduled: 3, attended: 2.5, rate: 0.833 });
    const student = await loggedIn(app, late.email);
    expect((await student.get('/api/absences-and-lateness/statistics')).json.hours).toEqual({ scheduled: 1.5, attended: 1, rate: 0.667 });
  });

  it('prints the certificate of completion of an apprentice, or of a whole group, with the hours attended and the rate', async () => {
    const lesson = await lessonNow(app, 'paris', 2, { startMinutesAgo: 60 });
    const [late, present] = await closeLateAndPresent(lesson);

    // The lesson's own day in Paris (it began an hour ago: yesterday, just after midnight).
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(lesson.startAt));
    const cookie = await sessionCookie(app.baseUrl, demo('pedagogy'));
    const get = async (query: string, language = 'fr') => {
      const response = await fetch(`${app.baseUrl}/api/absences-and-lateness/certificates?${query}`, { headers: { cookie, 'accept-language': language } });
      return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
    };
    const one = await get(`student=${late.studentId}&from=${day}&to=${day}`);
    expect(one.status).toBe(200);
    expect(one.headers.get('content-type')).toContain('application/pdf');
    expect(attachmentName(one.headers.get('content-disposition'))).toBe(`Certificat_de_realisation_${late.lastName}_Camille_${day}_${day}.pdf`);
    // Kept beside the screenshots, to be looked at.
    fs.mkdirSync(artifactsDir, { recursive: true });
    fs.writeFileSync(path.join(artifactsDir, 'certificate-fr.pdf'), one.body);
    const text = pdfText(one.body);
    expect(text).toContain('CERTIFICAT DE R');
    expect(text).toContain(late.lastName.toUpperCase());
    expect(text).toContain('66,7');

    const group = await get(`planningGroup=${lesson.groupId}&from=${day}&to=${day}`, 'en');
    expect(group.status).toBe(200);
    const entries = await unzip(group.body);
    expect([...entries.keys()].sort()).toEqual(lesson.students.map((s) => `Certificate_of_completion_${s.lastName}_Camille_${day}_${day}.pdf`).sort());
    expect(pdfText(entries.get(`Certificate_of_completion_${present.lastName}_Camille_${day}_${day}.pdf`)!)).toContain('100');

    expect((await get(`student=${late.studentId}&to=${day}`)).status).toBe(422);
    expect((await get(`from=${day}&to=${day}`)).status).toBe(422);
    const lyon = await sessionCookie(app.baseUrl, demo('campus-manager'));
    const lyonAnswer = await fetch(`${app.baseUrl}/api/absences-and-lateness/certificates?student=${late.studentId}&from=${day}&to=${day}`, { headers: { cookie: lyon } });
    expect(lyonAnswer.status).toBe(404);
    const student = await sessionCookie(app.baseUrl, late.email);
    const own = await fetch(`${app.baseUrl}/api/absences-and-lateness/certificates?student=${late.studentId}&from=${day}&to=${day}`, { headers: { cookie: student } });
    expect(own.status).toBe(403);
  });

  it('gives each teacher contract its hours planned and delivered, to the campus staff and the teacher only', async () => {
    const { session } = await planningDemo(app);
    const lesson = await lessonNow(app, 'paris', 2, { startMinutesAgo: 60 });
    const contractId = await makeContract(app, lesson.teacherId, lesson.campusId, session, { [lesson.subjectId]: 20 });
    await app.core.db.knex('lesson_teachers').where({ lesson_id: lesson.lessonId }).update({ teacher_contract_id: contractId });
    const path = `/api/attendance/teachers/${lesson.teacherId}/contract-hours`;
    const pedagogy = await loggedIn(app, demo('pedagogy'));
    expect((await pedagogy.get(path)).json.contracts).toEqual([{ contractId, plannedHours: 1.5, deliveredHours: 0 }]);
    await closeLateAndPresent(lesson);
    expect((await pedagogy.get(path)).json.contracts).toEqual([{ contractId, plannedHours: 1.5, deliveredHours: 1.5 }]);
    const teacher = await loggedIn(app, lesson.teacherEmail);
    expect((await teacher.get(path)).json.contracts).toHaveLength(1);
    // Lyon's manager reads no Paris contract; another teacher none at all.
    expect((await (await loggedIn(app, demo('campus-manager'))).get(path)).json.contracts).toEqual([]);
    const other = await lessonNow(app, 'paris', 1);
    expect((await (await loggedIn(app, other.teacherEmail)).get(path)).status).toBe(403);
  });
});
