// Issue #25 "Homes that start the day": past lessons whose sheet was never closed — the teacher's own, staff's per
// campus — and the daily reminder that mails each teacher theirs, in their language, days and times in Paris.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@alterna/core/dates';
import { demo, type TestApp } from '../../support/app.js';
import { loggedIn } from '../../support/attendance/absences.js';
import { lessonNow, markedSheet, scribble } from '../../support/attendance/fixtures.js';
import { insertLesson, parisTime } from '../../support/planning/fixtures.js';
import { mailHeader, mailText } from '../../support/smtp-sink.js';
import { closeMailingFile, startMailingFile, type SmtpSink, type TestWorker } from '../../support/api-file.js';

let app: TestApp;
let sink: SmtpSink;
let worker: TestWorker;
beforeAll(async () => {
  ({ sink, app, worker } = await startMailingFile());
}, 120_000);
afterAll(() => closeMailingFile({ worker, app, sink }));

const yesterday = () => addDays(todayIn(), -1);

/**
 * A Paris teacher (French) with, yesterday, a lesson never opened (09:00) and one opened and left open (14:00), a
 * lesson closed the day before, and the lesson under way now; a Lyon teacher (English) with one never opened.
 */
async function teachers() {
  const knex = app.core.db.knex;
  const paris = await lessonNow(app, 'paris', 2, { startAt: parisTime(yesterday(), '09:00') });
  const base = { campusId: paris.campusId, teacherIds: [paris.teacherId], planningGroupIds: [paris.groupId], schoolSubjectId: paris.subjectId };
  const left = await insertLesson(app, { ...base, startAt: parisTime(yesterday(), '14:00'), endAt: parisTime(yesterday(), '15:30') });
  await markedSheet(app, { ...paris, lessonId: left }, ['present', null]);
  const closed = await insertLesson(app, { ...base, startAt: parisTime(addDays(todayIn(), -2), '09:00'), endAt: parisTime(addDays(todayIn(), -2), '10:30') });
  const { sheetId } = await markedSheet(app, { ...paris, lessonId: closed }, ['present', 'present']);
  await knex('attendance_sheets').where({ id: sheetId }).update({ closed_at: knex.fn.now() });
  const now = await lessonNow(app, 'paris', 1);
  await knex('lesson_teachers').insert({ lesson_id: now.lessonId, teacher_id: paris.teacherId });
  const lyon = await lessonNow(app, 'lyon', 1, { startAt: parisTime(yesterday(), '10:00') });
  await knex('actors').where({ id: paris.teacherId }).update({ language: 'fr' });
  await knex('actors').where({ id: lyon.teacherId }).update({ language: 'en' });
  return { paris, lyon, left, closed, now };
}

const runReminders = async (run: Record<string, number> = {}) => {
  const client = await app.core.temporal.client();
  return client.workflow.execute('attendance.unclosedReminders', {
    taskQueue: app.core.config.taskQueue, workflowId: `attendance-unclosed-reminders:${todayIn()}:${crypto.randomUUID()}`, args: [run],
  }) as Promise<{ mailed: number }>;
};

describe('unclosed sheets (issue #25)', () => {
  it('a teacher reads their own past lessons whose sheet is not closed, staff those of their campuses only', async () => {
    const { paris, lyon, left, closed, now } = await teachers();
    const teacher = await loggedIn(app, paris.teacherEmail);
    const mine = await teacher.get('/api/my-courses/unclosed-sheets');
    expect(mine.status).toBe(200);
    expect(mine.json.lessons.map((l: any) => [l.lessonId, l.sheet])).toEqual([[left, 'open'], [paris.lessonId, 'none']]);
    expect(mine.json.lessons[0]).toMatchObject({ campusId: paris.campusId, schoolSubject: { id: paris.subjectId }, teachers: [{ id: paris.teacherId }] });
    expect(mine.json.lessons[0].planningGroups).toHaveLength(1);
    const ids = mine.json.lessons.map((l: any) => l.lessonId);
    for (const other of [closed, now.lessonId, lyon.lessonId]) expect(ids).not.toContain(other);
    // The French path answers the same.
    expect((await teacher.get('/api/mes-cours/feuilles-non-cloturees')).json.lessons).toHaveLength(2);
    // The Lyon teacher sees theirs, not the Paris teacher's.
    const lyonTeacher = await loggedIn(app, lyon.teacherEmail);
    expect((await lyonTeacher.get('/api/my-courses/unclosed-sheets')).json.lessons.map((l: any) => l.lessonId)).toEqual([lyon.lessonId]);
    // A teacher is no staff: the campus list is refused.
    expect((await teacher.get('/api/attendance/unclosed-sheets')).status).toBe(403);

    const parisStaff = await loggedIn(app, demo('pedagogy'), 'en');
    const parisList = (await parisStaff.get(`/api/attendance/unclosed-sheets?campus=${paris.campusId}`)).json.lessons.map((l: any) => l.lessonId);
    expect(parisList).toEqual(expect.arrayContaining([left, paris.lessonId]));
    for (const other of [closed, now.lessonId, lyon.lessonId]) expect(parisList).not.toContain(other);
    const lyonStaff = await loggedIn(app, demo('campus-manager'));
    const lyonList = (await lyonStaff.get('/api/attendance/unclosed-sheets')).json.lessons.map((l: any) => l.lessonId);
    expect(lyonList).toContain(lyon.lessonId);
    expect(lyonList).not.toContain(paris.lessonId);
    expect(lyonList).not.toContain(left);
    // Asking for a campus one does not read gives nothing of it.
    expect((await lyonStaff.get(`/api/attendance/unclosed-sheets?campus=${paris.campusId}`)).json.lessons).toEqual([]);
    const bad = await parisStaff.get('/api/attendance/unclosed-sheets?campus=paris');
    expect(bad.status).toBe(422);
    expect(bad.json.errors.map((e: any) => e.path)).toEqual(['campus']);
    const student = await loggedIn(app, paris.students[0]!.email);
    expect((await student.get('/api/my-courses/unclosed-sheets')).status).toBe(403);
    expect((await student.get('/api/attendance/unclosed-sheets')).status).toBe(403);

    // Once closed, the lesson leaves the teacher's list.
    expect((await teacher.post(`/api/my-courses/${paris.subjectId}/seances/${left}/attendance/close`, { strokes: scribble() })).status).toBe(200);
    expect((await teacher.get('/api/my-courses/unclosed-sheets')).json.lessons.map((l: any) => l.lessonId)).toEqual([paris.lessonId]);
  });

  it('the daily reminder mails each teacher their unclosed sheets once a day, in their language, times in Paris', async () => {
    const { paris, lyon } = await teachers();
    const parisEmail = (await app.core.db.knex('actors').where({ id: paris.teacherId }).first('email')).email as string;
    const lyonEmail = (await app.core.db.knex('actors').where({ id: lyon.teacherId }).first('email')).email as string;
    // A page of one teacher, two pages a run: the run continues as new when more teachers have sheets to close.
    const first = await runReminders({ pageSize: 1, pagesPerRun: 2 });
    expect(first.mailed).toBeGreaterThanOrEqual(2);
    const day = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(parisTime(yesterday(), '12:00')));

    const toParis = sink.mails.filter((m) => m.to.includes(parisEmail));
    expect(toParis).toHaveLength(1);
    const french = mailText(toParis[0]!.raw);
    expect(french).toContain('Bonjour');
    expect(french).toContain(`${day}, 09:00–10:30`);
    expect(french).toContain(`${day}, 14:00–15:30`);
    expect(french).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(mailHeader(toParis[0]!.raw, 'Subject')).not.toBe('');

    const toLyon = sink.mails.filter((m) => m.to.includes(lyonEmail));
    expect(toLyon).toHaveLength(1);
    const english = mailText(toLyon[0]!.raw);
    expect(english).toContain('Hello');
    expect(english).toContain(`${day}, 10:00–11:30`);
    expect(english).not.toContain('Bonjour');
    expect(english).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    // A second run the same day mails no one again.
    const before = sink.mails.length;
    expect(await runReminders()).toEqual({ mailed: 0 });
    expect(sink.mails.length).toBe(before);
    expect(await app.core.db.knex('attendance_unclosed_reminders').where({ teacher_id: paris.teacherId }).first('lessons')).toEqual({ lessons: 2 });
  });
});
