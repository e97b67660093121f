import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startTestApp, type TestApp } from '../../support/app.js';
import { loggedIn } from '../../support/attendance/absences.js';
import { lessonNow, scribble } from '../../support/attendance/fixtures.js';
import { planningDemo } from '../../support/planning/fixtures.js';
import { makeContract } from '../../support/planning/lessons.js';
import { artifactsDir } from '../../support/browser.js';
import { attachmentName, pdfText, pdfTextRuns, sessionCookie, unzip } from '../../support/attendance/export.js';

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

  it('prints a certificate an OPCO takes: the organisation\'s identity, rows that grow with a long subject, the apprenticeship wording, "1er", hours as h and minutes', async () => {
    const lesson = await lessonNow(app, 'paris', 2, { startMinutesAgo: 60 });
    const subject = 'Bloc 2 – Concevoir, développer et déployer une solution applicative sécurisée pour une organisation cliente';
    await app.core.db.knex('school_subjects').where({ id: lesson.subjectId }).update({ name: subject });
    const [late, present] = await closeLateAndPresent(lesson);
    // The second student is in initial training, not an apprentice.
    await app.core.db.knex('student_registrations').where({ student_id: present.studentId }).update({ student_status: 'initial-training' });

    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(lesson.startAt));
    const first = `${day.slice(0, 8)}01`;
    const cookie = await sessionCookie(app.baseUrl, demo('pedagogy'));
    const pdf = async (student: string, language: string) => {
      const response = await fetch(`${app.baseUrl}/api/absences-and-lateness/certificates?student=${student}&from=${first}&to=${day}`, { headers: { cookie, 'accept-language': language } });
      expect(response.status).toBe(200);
      return Buffer.from(await response.arrayBuffer());
    };
    const apprentice = await pdf(late.studentId, 'fr');
    fs.mkdirSync(artifactsDir, { recursive: true });
    fs.writeFileSync(path.join(artifactsDir, 'certificate-long-subject-fr.pdf'), apprentice);
    const text = pdfText(apprentice);
    // The organisation: name, SIRET, activity declaration number, address (the demo Paris campus's settings).
    for (const line of ['Alterna Formation', '812 345 678 00013', '11 75 54321 75', '12 avenue du Trône, 75011 Paris']) expect(text).toContain(line);
    expect(text).toContain('apprentissage');
    expect(text).toContain(`du 1er ${new Intl.DateTimeFormat('fr-FR', { month: 'long', timeZone: 'UTC' }).format(new Date(`${first}T12:00:00Z`))}`);
    // 1.5 hours scheduled, 1 attended (30 minutes late): one format, hours and minutes.
    expect(text).toContain('1 h 30');
    expect(text).toContain('1 h 00');
    expect(text).not.toMatch(/1,5 h/);

    // The table: the subject's lines, then the total row below them; no line of a column drawn over another.
    const runs = pdfTextRuns(apprentice);
    const header = runs.find((r) => r.text === 'Matière')!;
    const total = runs.find((r) => r.text === 'Total' && r.x === header.x)!;
    const column = runs.filter((r) => r.x === header.x && r.page === header.page && r.top >= header.top && r.top <= total.top).sort((a, b) => a.top - b.top);
    const subjectLines = column.slice(1, -1);
    expect(subjectLines.length).toBeGreaterThan(1);
    expect(subjectLines.map((r) => r.text).join(' ').replace(/\s+/g, ' ')).toBe(subject.replace('–', '\u0096'));
    for (let i = 1; i < column.length; i += 1) expect(column[i]!.top - column[i - 1]!.top).toBeGreaterThanOrEqual(column[i]!.size);
    const hours = runs.filter((r) => r.page === header.page && r.x > header.x && /^\d+ h \d\d$/.test(r.text) && r.top < total.top - 1);
    expect(hours.map((r) => r.text)).toEqual(['1 h 30', '1 h 00']);
    expect(Math.max(...subjectLines.map((r) => r.top))).toBeLessThan(total.top - total.size);

    const oneLine = (pdfTextOf: string) => pdfTextOf.replace(/\s+/g, ' ');
    expect(oneLine(text)).toContain('Action de formation par apprentissage (article L. 6313-6 du code du travail)');
    expect(oneLine(text)).toContain('apprenti(e), inscrit(e) en');

    // The apprentice's certificate in English: the apprenticeship wording too (issue #24), the same organisation.
    const apprenticeEn = oneLine(pdfText(await pdf(late.studentId, 'en')));
    expect(apprenticeEn).toContain('CERTIFICATE OF COMPLETION');
    expect(apprenticeEn).toContain('Apprenticeship training action (French Labour Code, article L. 6313-6)');
    expect(apprenticeEn).toContain('an apprentice enrolled in');
    expect(apprenticeEn).toContain('Alterna Formation');
    expect(apprenticeEn).not.toContain('apprentissage');
    expect(apprenticeEn).toContain(`from 1 ${new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }).format(new Date(`${first}T12:00:00Z`))}`);

    // Not an apprentice: the training action's wording; English dates have no ordinal.
    const trainee = pdfText(await pdf(present.studentId, 'en'));
    expect(trainee).not.toContain('apprentice');
    expect(trainee).not.toContain('Apprenticeship');
    expect(oneLine(trainee)).toContain('Training action - hours delivered according to the signed attendance sheets');
    expect(trainee).toContain('SIRET');
    expect(trainee).toContain(`from 1 ${new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }).format(new Date(`${first}T12:00:00Z`))}`);
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
