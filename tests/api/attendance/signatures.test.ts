import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demo, startTestApp, type TestApp } from '../../support/app.js';
import { lessonNow, scribble } from '../../support/attendance/fixtures.js';
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

/** A lesson with its sheet opened by its teacher. */
async function openedLesson(students = 3) {
  const lesson = await lessonNow(app, 'paris', students);
  const teacher = await client(lesson.teacherEmail, 'en');
  const opened = await teacher.post(lesson.mine);
  expect(opened.status).toBe(200);
  const lineOf = (studentId: string) => opened.json.sheet.lines.find((l: any) => l.student.id === studentId);
  return { lesson, teacher, lineOf };
}

describe('QR self check-in and signatures', () => {
  it('checks a student in with the code shown now, then takes their signature once, with its proof', async () => {
    const { lesson, teacher } = await openedLesson(2);
    const [alice, bob] = lesson.students;
    const qr = await teacher.get(`${lesson.mine}/qr`);
    expect(qr.status).toBe(200);
    expect(qr.json).toMatchObject({ lessonId: lesson.lessonId, window: expect.any(Number), code: expect.stringMatching(/^[\w-]{22}$/) });
    expect(JSON.stringify(qr.json)).not.toMatch(/secret/i);

    const student = await client(alice!.email, 'en');
    const early = await student.post(`/api/my-attendance/${lesson.lessonId}/signature`, { strokes: scribble() });
    expect(early.status).toBe(422);
    expect(early.json.errors[0].message).toBe("Scan the lesson's QR code first.");

    const forged = await student.post('/api/attendance/check-in', { lesson: lesson.lessonId, window: qr.json.window, code: 'A'.repeat(22) });
    expect(forged.status).toBe(422);
    expect(forged.json.errors[0].message).toBe('This QR code is not valid.');
    const wrongWindow = await student.post('/api/attendance/check-in', { lesson: lesson.lessonId, window: qr.json.window - 5, code: qr.json.code });
    expect(wrongWindow.json.errors[0].message).toBe('This QR code is not valid.');
    // A code the server really showed, used two windows later (copied, sent on): expired.
    const sheet = await app.core.db.knex('attendance_sheets').where({ lesson_id: lesson.lessonId }).first('qr_secret');
    const oldWindow = qr.json.window - 2;
    const oldCode = crypto.createHmac('sha256', sheet.qr_secret).update(`${lesson.lessonId}:${oldWindow}`).digest('base64url').slice(0, 22);
    const stale = await student.post('/api/attendance/check-in', { lesson: lesson.lessonId, window: oldWindow, code: oldCode });
    expect(stale.status).toBe(422);
    expect(stale.json.errors[0].message).toBe('This QR code has expired: scan the code shown now.');

    const checkedIn = await student.post('/api/attendance/check-in', { lesson: lesson.lessonId, window: qr.json.window, code: qr.json.code });
    expect(checkedIn.status).toBe(200);
    expect(checkedIn.json).toEqual({ lessonId: lesson.lessonId, signed: false });
    const signed = await student.request('POST', `/api/my-attendance/${lesson.lessonId}/signature`, { strokes: scribble() }, { 'user-agent': 'Phone/1.0' });
    expect(signed.status).toBe(200);
    const twice = await student.post(`/api/my-attendance/${lesson.lessonId}/signature`, { strokes: scribble(7) });
    expect(twice.status).toBe(200);

    const rows = await app.core.db.knex('attendance_signatures').where({ lesson_id: lesson.lessonId });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ signer_id: alice!.studentId, method: 'qr', user_agent: 'Phone/1.0', seq: 1, previous_hash: null, recorded_by: null });
    expect(rows[0].ip).toBeTruthy();
    expect(rows[0].svg).toMatch(/^<svg xmlns/);
    expect(rows[0].strokes).toEqual(scribble());

    const page = await teacher.get(lesson.mine);
    const line = page.json.sheet.lines.find((l: any) => l.student.id === alice!.studentId);
    expect(line).toMatchObject({ status: 'present', signature: { method: 'qr' } });
    expect(page.json.sheet.lines.find((l: any) => l.student.id === bob!.studentId).status).toBeNull();

    const mine = await student.get('/api/my-attendance');
    expect(mine.json.lines).toEqual([expect.objectContaining({ lessonId: lesson.lessonId, status: 'present', checkedIn: true, signed: true, closed: false })]);
  });

  it('lets nobody sign for someone else: a student signs only their own line, not another lesson', async () => {
    const { lesson, teacher } = await openedLesson(1);
    const other = await lessonNow(app, 'paris', 1);
    const outsider = await client(other.students[0]!.email);
    const qr = await teacher.get(`${lesson.mine}/qr`);
    const refused = await outsider.post('/api/attendance/check-in', { lesson: lesson.lessonId, window: qr.json.window, code: qr.json.code });
    expect(refused.status).toBe(422);
    expect(refused.json.errors[0].message).toBe("Vous n'êtes pas inscrit à cette séance.");
    expect((await outsider.post(`/api/my-attendance/${lesson.lessonId}/signature`, { strokes: scribble() })).status).toBe(422);
    // A student of another campus does not even see the lesson.
    const lyon = await lessonNow(app, 'lyon', 1);
    const lyonStudent = await client(lyon.students[0]!.email);
    expect((await lyonStudent.post('/api/attendance/check-in', { lesson: lesson.lessonId, window: qr.json.window, code: qr.json.code })).status).toBe(404);
    // A student reads their own lines only.
    expect((await outsider.get('/api/my-attendance')).json.lines).toEqual([]);
    expect(await app.core.db.knex('attendance_signatures').where({ lesson_id: lesson.lessonId })).toEqual([]);
    // Staff and teachers do not use the student's routes.
    expect((await teacher.post('/api/attendance/check-in', { lesson: lesson.lessonId, window: qr.json.window, code: qr.json.code })).status).toBe(403);
    expect((await outsider.post('/api/attendance/check-in', { lesson: 'nope', window: 1, code: 'x' })).status).toBe(422);
  });

  it('takes signatures on the teacher’s tablet, closes with the teacher’s signature: unmarked students absent, the sheet read-only, the proof checkable', async () => {
    const { lesson, teacher, lineOf } = await openedLesson(3);
    const [alice, bob, carol] = lesson.students;
    const onTablet = await teacher.request('POST', `${lesson.mine}/signatures/${lineOf(alice!.studentId).id}`, { strokes: scribble(2) }, { 'user-agent': 'Tablet/2.0' });
    expect(onTablet.status).toBe(200);
    const late = new Date(nowMs() - 60_000).toISOString();
    expect((await teacher.post(`${lesson.mine}/${lineOf(bob!.studentId).id}/retard`, { arrivedAt: late })).status).toBe(200);

    const closed = await teacher.post(`${lesson.mine}/close`, { strokes: scribble(3) });
    expect(closed.status).toBe(200);
    expect(closed.json.sheet.closedAt).toBeTruthy();
    expect(closed.json.sheet.closing).toMatchObject({ signerId: lesson.teacherId });
    const statuses = Object.fromEntries(closed.json.sheet.lines.map((l: any) => [l.student.id, l.status]));
    expect(statuses).toEqual({ [alice!.studentId]: 'present', [bob!.studentId]: 'late', [carol!.studentId]: 'absent' });

    const rows = await app.core.db.knex('attendance_signatures').where({ lesson_id: lesson.lessonId }).orderBy('seq');
    expect(rows.map((r) => [r.seq, r.method, r.signer_id, r.recorded_by])).toEqual([
      [1, 'pad', alice!.studentId, lesson.teacherId],
      [2, 'pad', lesson.teacherId, null],
    ]);
    expect(rows[1].previous_hash).toBe(rows[0].hash);
    expect(rows[1].lines_digest).toMatch(/^[0-9a-f]{64}$/);

    // Closed: read-only, and closing again changes nothing.
    const change = await teacher.post(`${lesson.mine}/lines`, { lines: [{ id: lineOf(carol!.studentId).id, status: 'present' }] });
    expect(change.status).toBe(422);
    expect(change.json.errors[0].message).toBe('The attendance sheet is closed: it can no longer be changed.');
    expect((await teacher.post(`${lesson.mine}/close`, { strokes: scribble(4) })).status).toBe(200);
    expect(await app.core.db.knex('attendance_signatures').where({ lesson_id: lesson.lessonId })).toHaveLength(2);
    expect((await teacher.get(`${lesson.mine}/qr`)).status).toBe(422);

    const pedagogy = await client(demo('pedagogy'));
    const proof = await pedagogy.get(`${lesson.base}/proof`);
    expect(proof.json).toEqual({ valid: true, brokenAt: null, linesUnchanged: true, signatures: 2 });

    // A change behind the application's back shows: a line's status, then a signature's time.
    const knex = app.core.db.knex;
    await knex('attendance_lines').where({ id: lineOf(carol!.studentId).id }).update({ status: 'present' });
    expect((await pedagogy.get(`${lesson.base}/proof`)).json).toMatchObject({ valid: false, linesUnchanged: false, brokenAt: null });
    await knex('attendance_lines').where({ id: lineOf(carol!.studentId).id }).update({ status: 'absent' });
    await knex('attendance_signatures').where({ id: rows[0].id }).update({ signed_at: new Date(nowMs() - 3_600_000) });
    expect((await pedagogy.get(`${lesson.base}/proof`)).json).toMatchObject({ valid: false, brokenAt: 1 });
  });

  it('refuses a signature without strokes or with too many points, and a device signature for a line of another sheet', async () => {
    const { lesson, teacher } = await openedLesson(1);
    const empty = await teacher.post(`${lesson.mine}/close`, { strokes: [] });
    expect(empty.status).toBe(422);
    expect(empty.json.errors[0]).toEqual({ path: 'strokes', message: 'The signature is required.' });
    const huge = await teacher.post(`${lesson.mine}/close`, { strokes: [Array.from({ length: 6000 }, (_, i) => [i % 1000, 10])] });
    expect(huge.status).toBe(422);
    const notNumbers = await teacher.post(`${lesson.mine}/close`, { strokes: [[['<script>', 1]]] });
    expect(notNumbers.status).toBe(422);
    const other = await openedLesson(1);
    const foreignLine = other.lineOf(other.lesson.students[0]!.studentId).id;
    expect((await teacher.post(`${lesson.mine}/signatures/${foreignLine}`, { strokes: scribble() })).status).toBe(404);
    expect(await app.core.db.knex('attendance_sheets').where({ lesson_id: lesson.lessonId }).first('closed_at')).toEqual({ closed_at: null });
  });
});
