import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startTestApp, type TestApp } from '../../support/app.js';
import { closedSheet, loggedIn, tinyPdf, tinyPng, upload } from '../../support/attendance/absences.js';
import { withDemoPassword } from '../../support/attendance/fixtures.js';
import { makePerson } from '../../support/planning/fixtures.js';
import { startSmtpSink } from '../../support/smtp-sink.js';
import { now } from '@alterna/core/clock';

let app: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
  app = await startTestApp({ SMTP_URL: sink.url });
});
afterAll(async () => {
  await app.close();
  await sink.close();
});

const mine = '/api/absences-and-lateness/my-absences';
const add = `${mine}/add-justificative`;
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(now());

describe('absences and justifications', () => {
  it('shows each student their own absences and lateness once the sheet is closed, and nobody else’s', async () => {
    const sheet = await closedSheet(app);
    const absent = await loggedIn(app, sheet.absent.email);
    const own = await absent.get(mine);
    expect(own.status).toBe(200);
    expect(own.json.absences.map((a: any) => a.kind)).toEqual(['absent']);
    expect(own.json.absences[0].justification).toBeNull();
    expect(own.json.statistics.counts.find((c: any) => c.status === 'absent').count).toBe(1);
    expect(own.json.statistics.total).toBe(1);

    const late = await loggedIn(app, sheet.late.email, 'en');
    const lateness = await late.get(mine);
    expect(lateness.json.absences.map((a: any) => a.kind)).toEqual(['late']);
    // Another student's absence is not there for them: 404, as if it did not exist.
    const peek = await late.get(`${mine}/${sheet.lineOf(sheet.absent.studentId)}/show-justificative/1`);
    expect(peek.status).toBe(404);
    const readOwn = await late.get(`${mine}/${sheet.lineOf(sheet.late.studentId)}/show-justificative/1`);
    expect(readOwn.status).toBe(200);
    expect(readOwn.json.absence.kind).toBe('late');
    expect(readOwn.json.readOnly).toBe(true);
    // SPEC §5: readOnly is 0 or 1.
    const badFlag = await late.get(`${mine}/${sheet.lineOf(sheet.late.studentId)}/show-justificative/2`);
    expect(badFlag.status).toBe(422);
    expect(badFlag.json.errors).toEqual([{ path: 'readOnly', message: 'readOnly is 0 or 1.' }]);
  });

  it('takes a justification with a sniffed document, refuses bad dates and files, and lets only the campus staff decide, by e-mail', async () => {
    const sheet = await closedSheet(app);
    const student = await loggedIn(app, sheet.absent.email);
    const day = today();

    const reversed = await upload(student, add, { reason: 'illness', startDate: day, endDate: '2020-01-01' }, { bytes: tinyPdf, name: 'certificat.pdf' });
    expect(reversed.status).toBe(422);
    expect(reversed.json.errors).toEqual([{ path: 'endDate', message: 'La date de début ne peut pas être postérieure à la date de fin.' }]);
    const fake = await upload(student, add, { reason: 'illness', startDate: day, endDate: day }, { bytes: Buffer.from('not a pdf at all'), name: 'certificat.pdf', type: 'application/pdf' });
    expect(fake.status).toBe(422);
    expect(fake.json.errors[0].path).toBe('file');
    const noFile = await upload(student, add, { reason: 'illness', startDate: day, endDate: day });
    expect(noFile.status).toBe(422);
    expect(noFile.json.errors[0].path).toBe('file');
    const json = await student.post(add, { reason: 'illness', startDate: day, endDate: day });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
    expect(Number((await app.core.db.knex('attendance_justifications').where({ student_id: sheet.absent.studentId }).count({ n: '*' }).first())?.n)).toBe(0);

    const sent = await upload(student, add, { reason: 'illness', comment: 'Grippe', startDate: day, endDate: day }, { bytes: tinyPdf, name: '../../etc/certificat.pdf' });
    expect(sent.status).toBe(200);
    const justification = sent.json.justification;
    expect(justification).toMatchObject({ status: 'submitted', reason: 'illness', startDate: day, endDate: day, absences: 1 });
    expect(justification.document).toMatchObject({ contentType: 'application/pdf', size: tinyPdf.length });
    expect(justification.document.filename).not.toContain('/');

    const document = await student.get(`/api/absences-and-lateness/justifications/${justification.id}/document`);
    expect(document.status).toBe(200);
    expect(document.headers.get('content-type')).toContain('application/pdf');
    expect(document.text).toBe(tinyPdf.toString());
    const classmate = await loggedIn(app, sheet.late.email);
    expect((await classmate.get(`/api/absences-and-lateness/justifications/${justification.id}/document`)).status).toBe(404);
    expect((await classmate.post(`/api/absences-and-lateness/justifications/${justification.id}/accept`, {})).status).toBe(403);

    // Lyon's campus manager does not see a Paris student's justification, nor decides it.
    const lyon = await loggedIn(app, demo('campus-manager'));
    const lyonList = await lyon.get('/api/absences-and-lateness/justifications');
    expect(lyonList.json.justifications.map((j: any) => j.id)).not.toContain(justification.id);
    expect((await lyon.get(`/api/absences-and-lateness/justifications/${justification.id}`)).status).toBe(404);
    expect((await lyon.post(`/api/absences-and-lateness/justifications/${justification.id}/accept`, {})).status).toBe(404);

    const pedagogy = await loggedIn(app, demo('pedagogy'), 'en');
    const waiting = await pedagogy.get(`/api/absences-and-lateness/justifications?campus=${sheet.campusId}&status=submitted`);
    expect(waiting.json.justifications.map((j: any) => j.id)).toContain(justification.id);
    const unjustified = await pedagogy.get(`/api/absences-and-lateness?student=${sheet.absent.studentId}&justified=no`);
    expect(unjustified.json.total).toBe(1);

    const accepted = await pedagogy.post(`/api/absences-and-lateness/justifications/${justification.id}/accept`, { comment: 'Certificat reçu' });
    expect(accepted.status).toBe(200);
    expect(accepted.json.justification.status).toBe('accepted');
    const again = await pedagogy.post(`/api/absences-and-lateness/justifications/${justification.id}/refuse`, {});
    expect(again.status).toBe(422);
    expect(again.json.errors).toEqual([{ path: '', message: 'This justification has already been decided.' }]);

    await expect.poll(() => sink.mails.filter((m) => m.to.includes(sheet.absent.email)).length).toBe(1);
    const mail = sink.mails.find((m) => m.to.includes(sheet.absent.email))!;
    expect(mail.raw).toContain('accept');
    const justified = await pedagogy.get(`/api/absences-and-lateness?student=${sheet.absent.studentId}&justified=yes`);
    expect(justified.json.absences.map((a: any) => a.justification?.status)).toEqual(['accepted']);
    const after = await student.get(mine);
    expect(after.json.absences[0].justification.status).toBe('accepted');
    expect(after.json.statistics.unjustifiedAbsences).toBe(0);
  });

  it('justifies one absence from its page, not when read-only, with a photo', async () => {
    const sheet = await closedSheet(app);
    const student = await loggedIn(app, sheet.late.email, 'en');
    const line = sheet.lineOf(sheet.late.studentId);
    const readOnly = await upload(student, `${mine}/${line}/show-justificative/1`, { reason: 'transport' }, { bytes: tinyPng, name: 'ticket.png' });
    expect(readOnly.status).toBe(422);
    const sent = await upload(student, `${mine}/${line}/show-justificative/0`, { reason: 'transport' }, { bytes: tinyPng, name: 'ticket.png' });
    expect(sent.status).toBe(200);
    expect(sent.json.justification).toMatchObject({ reason: 'transport', startDate: today(), endDate: today(), absences: 1 });
    expect(sent.json.justification.document.contentType).toBe('image/png');
    const shown = await student.get(`${mine}/${line}/show-justificative/0`);
    expect(shown.json.justification.id).toBe(sent.json.justification.id);
  });

  it('gives the staff lists and statistics of their campuses, with checked filters', async () => {
    const sheet = await closedSheet(app);
    const pedagogy = await loggedIn(app, demo('pedagogy'), 'en');
    const stats = await pedagogy.get(`/api/absences-and-lateness/statistics?planningGroup=${sheet.groupId}`);
    expect(stats.status).toBe(200);
    expect(stats.json.total).toBe(3);
    const count = (status: string) => stats.json.counts.find((c: any) => c.status === status).count;
    expect([count('late'), count('absent'), count('present')]).toEqual([1, 1, 1]);
    expect(stats.json.unjustifiedAbsences).toBe(1);

    const list = await pedagogy.get(`/api/absences-and-lateness?planningGroup=${sheet.groupId}&from=${today()}&to=${today()}`);
    expect(list.json.absences.map((a: any) => a.kind).sort()).toEqual(['absent', 'late']);
    const lateOnly = await pedagogy.get(`/api/absences-and-lateness?planningGroup=${sheet.groupId}&kind=late`);
    expect(lateOnly.json.absences.map((a: any) => a.student.id)).toEqual([sheet.late.studentId]);

    const lyon = await loggedIn(app, demo('campus-manager'));
    const lyonStats = await lyon.get(`/api/absences-and-lateness/statistics?planningGroup=${sheet.groupId}`);
    expect(lyonStats.json.total).toBe(0);
    expect((await lyon.get(`/api/absences-and-lateness?campus=${sheet.campusId}`)).json.total).toBe(0);

    for (const query of ['from=2026-13-01', 'kind=sleeping', 'justified=maybe', 'campus=nope', 'from=2026-12-02&to=2026-12-01']) {
      const bad = await pedagogy.get(`/api/absences-and-lateness?${query}`);
      expect(bad.status, query).toBe(422);
    }
    const teacher = await loggedIn(app, sheet.teacherEmail);
    expect((await teacher.get('/api/absences-and-lateness')).status).toBe(403);
    expect((await teacher.get('/api/absences-and-lateness/statistics')).status).toBe(403);
    // A student's chart is their own, whatever group they name.
    const student = await loggedIn(app, sheet.present.email);
    const own = await student.get(`/api/absences-and-lateness/statistics?planningGroup=${sheet.groupId}`);
    expect(own.json.total).toBe(1);
    expect((await student.get('/api/absences-and-lateness')).status).toBe(403);
  });

  it('shows SPEC §2’s detail views of a line to the lesson’s teacher and the campus staff, by the status they name', async () => {
    const sheet = await closedSheet(app);
    const teacher = await loggedIn(app, sheet.teacherEmail, 'en');
    const late = sheet.lineOf(sheet.late.studentId);
    const shown = await teacher.get(`${sheet.mine}/retard/${late}`);
    expect(shown.status).toBe(200);
    expect(shown.json.line).toMatchObject({ id: late, status: 'late', student: { id: sheet.late.studentId } });
    expect(shown.json.line.arrivedAt).toBeTruthy();
    const pedagogy = await loggedIn(app, demo('pedagogy'));
    expect((await pedagogy.get(`${sheet.base}/absence/${sheet.lineOf(sheet.absent.studentId)}`)).json.line.status).toBe('absent');
    // Another status's view, an unknown view, another teacher: no such page.
    expect((await teacher.get(`${sheet.mine}/absence/${late}`)).status).toBe(404);
    expect((await teacher.get(`${sheet.mine}/sleeping/${late}`)).status).toBe(404);
    expect((await teacher.get(`${sheet.mine}/retard/not-an-id`)).status).toBe(422);
    const other = await closedSheet(app);
    const otherTeacher = await loggedIn(app, other.teacherEmail);
    expect((await otherTeacher.get(`${sheet.mine}/retard/${late}`)).status).toBe(404);
  });

  it('shows a coach the attendance of their own students only', async () => {
    const sheet = await closedSheet(app);
    const knex = app.core.db.knex;
    const coachId = await makePerson(app, [sheet.campusId], 'coach');
    const email = await withDemoPassword(app, coachId);
    const session = await knex('student_registrations as r').join('training_groups as g', 'g.id', 'r.training_group_id').where('r.id', sheet.late.id).first('g.training_session_id');
    await knex('coach_attributions').insert({ coach_id: coachId, student_id: sheet.late.studentId, campus_id: sheet.campusId, training_session_id: session.training_session_id });
    const coach = await loggedIn(app, email, 'en');
    const mine = await coach.get('/api/absences-and-lateness/my-students');
    expect(mine.status).toBe(200);
    expect(mine.json.students.map((s: any) => s.student.id)).toEqual([sheet.late.studentId]);
    expect(mine.json.students[0].statistics.counts.find((c: any) => c.status === 'late').count).toBe(1);
    expect(mine.json.students[0].statistics.total).toBe(1);
    expect((await coach.get('/api/absences-and-lateness')).status).toBe(403);
    const teacher = await loggedIn(app, sheet.teacherEmail);
    expect((await teacher.get('/api/absences-and-lateness/my-students')).status).toBe(403);
  });

  it('shows a company tutor the attendance of their company’s apprentices only (current contracts)', async () => {
    const sheet = await closedSheet(app);
    const knex = app.core.db.knex;
    const company = async (name: string) => (await knex('corporations').insert({ name: `${name} ${crypto.randomUUID().slice(0, 8)}` }).returning('id'))[0].id as string;
    const [a, b] = [await company('Entreprise A'), await company('Entreprise B')];
    const today = now();
    const day = (days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
    await knex('student_contracts').insert({ registration_id: sheet.present.id, corporation_id: a, start_date: day(-30), end_date: day(300) });
    const tutor = async (corporation: string) => {
      const id = await makePerson(app, [sheet.campusId], 'tutor');
      await knex('corporation_people').insert({ corporation_id: corporation, actor_id: id, role: 'tutor' });
      return loggedIn(app, await withDemoPassword(app, id));
    };
    await knex('student_contracts').insert({ registration_id: sheet.absent.id, corporation_id: a, start_date: day(-30), end_date: day(300) });
    const ofA = await (await tutor(a)).get('/api/absences-and-lateness/my-students');
    expect(ofA.json.students.map((s: any) => s.student.id).sort()).toEqual([sheet.present.studentId, sheet.absent.studentId].sort());
    // Their absences too, newest first, with whether a justification covers each.
    const byId = new Map(ofA.json.students.map((s: any) => [s.student.id, s]));
    expect((byId.get(sheet.absent.studentId) as any).absences).toMatchObject([{ kind: 'absent', lessonId: sheet.lessonId, justification: null }]);
    expect((byId.get(sheet.present.studentId) as any).absences).toEqual([]);
    const ofB = await (await tutor(b)).get('/api/absences-and-lateness/my-students');
    expect(ofB.json.students).toEqual([]);
  });
});
