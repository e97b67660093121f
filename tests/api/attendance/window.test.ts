import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '@alterna/core';
import { nowMs } from '@alterna/core/clock';
import { ApiClient, demo, startTestApp, type TestApp } from '../../support/app.js';
import { lessonNow, markedSheet, scribble } from '../../support/attendance/fixtures.js';
import { nextWeekday, parisTime } from '../../support/planning/fixtures.js';
import { formatWeekdayDateTime } from '@alterna/core/validation';

// Issue #24: a sheet takes attendance from a short time before its lesson (a campus setting, 30 min by default) until
// some days after it (7 by default); later, only staff holding attendance.sheet.correct change it, in the audit trail.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const knex = () => app.core.db.knex;
const minute = 60_000;
const day = 24 * 60 * minute;

const client = async (email: string, language = 'fr') => {
  const c = new ApiClient(app.baseUrl, language);
  await c.login(email);
  return c;
};

/** An instant as the messages say it: Paris wall clock, in the language ('mercredi 9 décembre 2026 à 08:30'). */
const spoken = (at: number, language: 'fr' | 'en') => formatWeekdayDateTime(at, language);
const refusal = (message: string) => ({ errors: [{ path: '', message }] });

describe('when a sheet takes attendance', () => {
  it('a lesson next Wednesday: its sheet cannot be opened, signed or closed now, by anyone', async () => {
    const wednesday = nextWeekday(todayIn(), 3);
    const startAt = parisTime(wednesday, '09:00');
    const lesson = await lessonNow(app, 'paris', 2, { startAt });
    const opensAt = Date.parse(startAt) - 30 * minute;
    const teacher = await client(lesson.teacherEmail);

    const opened = await teacher.post(lesson.mine);
    expect(opened.status).toBe(422);
    expect(opened.json).toEqual(refusal(`La feuille d'émargement de ce cours ouvre le ${spoken(opensAt, 'fr')}.`));
    const read = await teacher.get(lesson.mine);
    expect(read.status).toBe(200);
    expect(read.json.sheet).toBeNull();
    expect(read.json.window).toEqual({
      opensAt: new Date(opensAt).toISOString(), checkInFrom: startAt, checkInUntil: new Date(Date.parse(startAt) + 105 * minute).toISOString(),
      closesAt: new Date(Date.parse(startAt) + 90 * minute + 7 * day).toISOString(), canCorrect: false,
    });
    const english = await client(lesson.teacherEmail, 'en');
    expect((await english.post(lesson.mine)).json).toEqual(refusal(`This lesson's attendance sheet opens on ${spoken(opensAt, 'en')}.`));
    // Staff who may correct late cannot take a lesson that has not happened either.
    const pedagogy = await client(demo('pedagogy'));
    expect((await pedagogy.post(lesson.base)).status).toBe(422);
    expect(await knex()('attendance_sheets').where({ lesson_id: lesson.lessonId }).first()).toBeUndefined();

    // A sheet opened before the rule existed takes nothing either: marks, a signature on the tablet or the phone, the QR code, closing.
    const { sheetId, lines } = await markedSheet(app, lesson, []);
    const [first, second] = lines;
    const answers = {
      save: await teacher.post(`${lesson.mine}/lines`, { lines: [{ id: first!.id, status: 'present' }, { id: second!.id, status: 'absent' }] }),
      action: await teacher.post(`${lesson.mine}/${first!.id}/absent`, {}),
      device: await teacher.post(`${lesson.mine}/signatures/${first!.id}`, { strokes: scribble(1) }),
      qr: await teacher.get(`${lesson.mine}/qr`),
      close: await teacher.post(`${lesson.mine}/close`, { strokes: scribble(2) }),
      staffClose: await pedagogy.post(`${lesson.base}/close`, { strokes: scribble(3) }),
    };
    for (const [name, answer] of Object.entries(answers)) expect([name, answer.status]).toEqual([name, 422]);
    expect(answers.save.json).toEqual(opened.json);
    expect(answers.qr.json).toEqual(refusal("Le QR code ne s'affiche que pendant le cours, et jusqu'à 15 minutes après."));
    await knex()('attendance_lines').where({ id: first!.id }).update({ checked_in_at: new Date(nowMs()) });
    const student = await client(lesson.students.find((s) => s.studentId === first!.student_id)!.email);
    const phone = await student.post(`/api/my-attendance/${lesson.lessonId}/signature`, { strokes: scribble(4) });
    expect(phone.status).toBe(422);
    expect(phone.json).toEqual(opened.json);

    expect(await knex()('attendance_signatures').where({ sheet_id: sheetId }).first()).toBeUndefined();
    expect((await knex()('attendance_sheets').where({ id: sheetId }).first('closed_at')).closed_at).toBeNull();
    expect(await knex()('attendance_lines').where({ sheet_id: sheetId }).whereNotNull('status').first()).toBeUndefined();
  });

  it('opens 30 minutes before the lesson: a lesson in 20 minutes is taken, its QR code waits for the start', async () => {
    const lesson = await lessonNow(app, 'paris', 1, { startAt: new Date(nowMs() + 20 * minute).toISOString() });
    const teacher = await client(lesson.teacherEmail);
    const opened = await teacher.post(lesson.mine);
    expect(opened.status).toBe(200);
    const line = opened.json.sheet.lines[0];
    expect((await teacher.post(`${lesson.mine}/lines`, { lines: [{ id: line.id, status: 'present' }] })).status).toBe(200);
    const qr = await teacher.get(`${lesson.mine}/qr`);
    expect(qr.status).toBe(422);
    expect(qr.json.errors[0].message).toContain('QR code');
  });

  it('an hour after the lesson: marks still change and the sheet closes, the QR code is no longer served', async () => {
    const lesson = await lessonNow(app, 'paris', 2, { startAt: new Date(nowMs() - 150 * minute).toISOString() });
    const teacher = await client(lesson.teacherEmail, 'en');
    const { json } = await teacher.post(lesson.mine);
    const [a, b] = json.sheet.lines;
    expect((await teacher.post(`${lesson.mine}/lines`, { lines: [{ id: a.id, status: 'late', arrivedAt: lesson.startAt }, { id: b.id, status: 'present' }] })).status).toBe(200);
    const qr = await teacher.get(`${lesson.mine}/qr`);
    expect(qr.status).toBe(422);
    expect(qr.json).toEqual(refusal('The QR code is shown only during the lesson, and up to 15 minutes after it.'));
    expect((await teacher.post(`${lesson.mine}/signatures/${b.id}`, { strokes: scribble(1) })).status).toBe(200);
    const closed = await teacher.post(`${lesson.mine}/close`, { strokes: scribble(2) });
    expect(closed.status).toBe(200);
    expect(closed.json.sheet.closedAt).not.toBeNull();
  });

  it('a lesson 8 days past: refused to its teacher, corrected by staff holding attendance.sheet.correct, in the audit trail', async () => {
    const endAt = nowMs() - 8 * day;
    const lesson = await lessonNow(app, 'paris', 2, { startAt: new Date(endAt - 90 * minute).toISOString() });
    const closesAt = endAt + 7 * day;
    const over = `Le délai d'émargement de ce cours a pris fin le ${spoken(closesAt, 'fr')} : seuls les responsables du campus peuvent encore le corriger.`;
    const teacher = await client(lesson.teacherEmail);
    const refused = await teacher.post(lesson.mine);
    expect(refused.status).toBe(422);
    expect(refused.json).toEqual(refusal(over));
    const page = await teacher.get(lesson.mine);
    expect(page.json.window).toMatchObject({ closesAt: new Date(closesAt).toISOString(), canCorrect: false });
    expect((await client(lesson.teacherEmail, 'en').then((c) => c.post(lesson.mine))).json)
      .toEqual(refusal(`The time to take this lesson's attendance ended on ${spoken(closesAt, 'en')}: only the campus's managers can still correct it.`));
    // Read-only staff read the sheet but take nothing; a teacher's rights are no correction right.
    const readOnly = await client(demo('read-only'));
    expect((await readOnly.post(lesson.base)).status).toBe(403);

    const pedagogy = await client(demo('pedagogy'));
    const pedagogyId = (await knex()('actors').where({ email: demo('pedagogy') }).first('id')).id as string;
    expect((await pedagogy.get(lesson.base)).json.window.canCorrect).toBe(true);
    const opened = await pedagogy.post(lesson.base);
    expect(opened.status).toBe(200);
    const [a, b] = opened.json.sheet.lines;
    // The teacher still cannot change the sheet staff opened.
    expect((await teacher.post(`${lesson.mine}/lines`, { lines: [{ id: a.id, status: 'present' }] })).json).toEqual(refusal(over));
    const saved = await pedagogy.post(`${lesson.base}/lines`, { lines: [{ id: a.id, status: 'late', arrivedAt: lesson.startAt }, { id: b.id, status: 'absent' }] });
    expect(saved.status).toBe(200);
    // A student's signature days later would prove nothing: the corrector records statuses, not signatures.
    const signature = await pedagogy.post(`${lesson.base}/signatures/${a.id}`, { strokes: scribble(1) });
    expect([signature.status, signature.json.errors[0].message]).toEqual([422, expect.stringMatching(/^Le délai pour signer ce cours a pris fin le /)]);
    expect((await pedagogy.get(`${lesson.base}/qr`)).status).toBe(422);
    const closed = await pedagogy.post(`${lesson.base}/close`, { strokes: scribble(2) });
    expect(closed.status).toBe(200);
    expect(Object.fromEntries(closed.json.sheet.lines.map((l: any) => [l.id, l.status]))).toEqual({ [a.id]: 'late', [b.id]: 'absent' });

    // Every change is the corrector's in the audit trail.
    const trail = await knex()('audit_log').whereIn('row_id', [a.id, b.id]).where({ table_name: 'attendance_lines', action: 'update' }).select('actor_id');
    expect(trail.length).toBeGreaterThan(0);
    expect(new Set(trail.map((row) => row.actor_id))).toEqual(new Set([pedagogyId]));
    const sheetTrail = await knex()('audit_log').where({ table_name: 'attendance_sheets', row_id: opened.json.sheet.id }).orderBy('id').select('action', 'actor_id');
    expect(sheetTrail.map((row) => row.action)).toEqual(['insert', 'update']);
    expect(sheetTrail.every((row) => row.actor_id === pedagogyId)).toBe(true);
  });

  it('each campus sets its window: managers change it, teachers do not, out-of-range values are refused per field', async () => {
    const paris = (await knex()('campuses').where({ name: 'Paris' }).first('id')).id as string;
    const path = `/api/absences-and-lateness/sheet-settings/${paris}`;
    const pedagogy = await client(demo('pedagogy'));
    expect((await pedagogy.get(path)).json).toEqual({ settings: { opensBeforeMinutes: 30, correctionDays: 7 } });
    const soon = await lessonNow(app, 'paris', 1, { startAt: new Date(nowMs() + 90 * minute).toISOString() });
    const old = await lessonNow(app, 'paris', 1, { startAt: new Date(nowMs() - 8 * day - 90 * minute).toISOString() });
    expect((await (await client(soon.teacherEmail)).post(soon.mine)).status).toBe(422);

    const teacher = await client(demo('teacher'));
    expect((await teacher.post(path, { opensBeforeMinutes: 120, correctionDays: 10 })).status).toBe(403);
    const wrong = await pedagogy.post(path, { opensBeforeMinutes: -1, correctionDays: 61 });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors.map((e: any) => e.path).sort()).toEqual(['correctionDays', 'opensBeforeMinutes']);
    const saved = await pedagogy.post(path, { opensBeforeMinutes: 120, correctionDays: 10 });
    expect(saved.json).toEqual({ settings: { opensBeforeMinutes: 120, correctionDays: 10 } });
    expect((await pedagogy.get(path)).json.settings).toEqual({ opensBeforeMinutes: 120, correctionDays: 10 });

    expect((await (await client(soon.teacherEmail)).post(soon.mine)).status).toBe(200);
    expect((await (await client(old.teacherEmail)).post(old.mine)).status).toBe(200);
    await knex()('attendance_sheet_settings').where({ campus_id: paris }).delete();
  });
});
