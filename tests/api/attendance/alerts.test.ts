import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp } from '../../support/app.js';
import { loggedIn } from '../../support/attendance/absences.js';
import { lessonNow, scribble, withDemoPassword } from '../../support/attendance/fixtures.js';
import { insertLesson, makePerson } from '../../support/planning/fixtures.js';
import { mailHeader } from '../../support/smtp-sink.js';
import { now, nowMs } from '@alterna/core/clock';
import { closeMailingFile, startMailingFile, type SmtpSink, type TestWorker } from '../../support/api-file.js';

let app: TestApp;
let sink: SmtpSink;
let worker: TestWorker;
beforeAll(async () => {
  ({ sink, app, worker } = await startMailingFile());
}, 120_000);
afterAll(() => closeMailingFile({ worker, app, sink }));

const parisDay = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(date);
const daysBefore = (days: number) => parisDay(new Date(nowMs() - days * 86_400_000));
/** An instant given as a Paris wall-clock time, whatever the season. */
function paris(day: string, time: string): string {
  const noon = new Date(`${day}T12:00:00Z`);
  const offset = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Paris', timeZoneName: 'longOffset' }).formatToParts(noon).find((p) => p.type === 'timeZoneName')!.value;
  return new Date(`${day}T${time}:00${offset.replace('GMT', '') || '+00:00'}`).toISOString();
}

const runAlerts = async () => {
  const client = await app.core.temporal.client();
  return client.workflow.execute('attendance.alerts', { taskQueue: app.core.config.taskQueue, workflowId: `attendance-alerts-${crypto.randomUUID()}` }) as Promise<{ raised: number; mailed: number }>;
};

/**
 * A minor student (with a guardian, a coach and a company tutor) absent from four lessons in a row over three
 * days — two days ago in the morning, yesterday morning and afternoon, and now — and a classmate present.
 */
async function absentStudent() {
  const knex = app.core.db.knex;
  const lesson = await lessonNow(app, 'paris', 2);
  const [absent, present] = lesson.students;
  const lessons = [lesson.lessonId];
  for (const [day, time] of [[daysBefore(2), '09:00'], [daysBefore(1), '09:00'], [daysBefore(1), '14:00']] as const) {
    lessons.push(await insertLesson(app, {
      campusId: lesson.campusId, startAt: paris(day, time), endAt: paris(day, time === '09:00' ? '12:00' : '17:00'),
      teacherIds: [lesson.teacherId], planningGroupIds: [lesson.groupId], schoolSubjectId: lesson.subjectId,
    }));
  }
  const teacher = await loggedIn(app, lesson.teacherEmail);
  for (const lessonId of lessons) {
    const mine = `/api/my-courses/${lesson.subjectId}/seances/${lessonId}/attendance`;
    const { json } = await teacher.post(mine);
    const lines = json.sheet.lines.map((line: any) => ({ id: line.id, status: line.student.id === absent!.studentId ? 'absent' : 'present' }));
    expect((await teacher.post(`${mine}/lines`, { lines })).status).toBe(200);
    expect((await teacher.post(`${mine}/close`, { strokes: scribble() })).status).toBe(200);
  }
  // A minor: the guardian is told; the coach of the session and the tutor of the current contract too.
  const sixteen = `${now().getUTCFullYear() - 16}-01-15`;
  await knex('students').where({ actor_id: absent!.studentId }).update({ date_of_birth: sixteen, guardian_email: `guardian-${crypto.randomUUID().slice(0, 8)}@example.test` });
  const coachId = await makePerson(app, [lesson.campusId], 'coach');
  const registration = await knex('student_registrations as r').join('training_groups as g', 'g.id', 'r.training_group_id').where('r.id', absent!.id).first('g.training_session_id');
  await knex('coach_attributions').insert({ coach_id: coachId, student_id: absent!.studentId, campus_id: lesson.campusId, training_session_id: registration.training_session_id });
  const tutorId = await makePerson(app, [lesson.campusId], 'tutor');
  const [corporation] = await knex('corporations').insert({ name: `Entreprise ${crypto.randomUUID().slice(0, 8)}` }).returning('id');
  await knex('corporation_people').insert({ corporation_id: corporation.id, actor_id: tutorId, role: 'tutor' });
  await knex('student_contracts').insert({ registration_id: absent!.id, corporation_id: corporation.id, start_date: daysBefore(60), end_date: daysBefore(-300) });
  const emails = await knex('actors').whereIn('id', [coachId, tutorId]).pluck('email');
  const guardian = (await knex('students').where({ actor_id: absent!.studentId }).first('guardian_email')).guardian_email as string;
  return { ...lesson, absent: absent!, present: present!, alerted: [...emails, guardian].sort(), coachId, tutorId };
}

describe('attendance alerts (a Temporal schedule)', () => {
  it('tells the coach, the tutor and a minor’s guardian once per crossing, asks the student to justify, and a rerun sends nothing twice', async () => {
    const student = await absentStudent();
    const first = await runAlerts();
    expect(first.raised).toBeGreaterThanOrEqual(3);
    const alerts = await app.core.db.knex('attendance_alerts').where({ student_id: student.absent.studentId }).orderBy('kind');
    expect(alerts.map((a) => [a.kind, a.count, a.threshold])).toEqual([
      ['consecutive-absences', 2, 2],
      ['justify-request', 1, 5],
      ['unjustified-half-days', 3, 3],
    ]);
    expect(alerts.every((a) => a.mailed_at)).toBe(true);
    expect(await app.core.db.knex('attendance_alerts').where({ student_id: student.present.studentId })).toEqual([]);

    const toStudent = sink.mails.filter((m) => m.to.includes(student.absent.email));
    expect(toStudent).toHaveLength(1);
    expect(toStudent[0]!.raw).toContain('justifi');
    // Two crossings: each of the guardian, the coach and the tutor gets two messages of their own, in which no one
    // else's address shows (a parent's address is never shown to the company tutor).
    for (const address of student.alerted) {
      const theirs = sink.mails.filter((m) => m.to.includes(address));
      expect(theirs).toHaveLength(2);
      for (const mail of theirs) {
        expect(mail.to).toEqual([address]);
        expect(mailHeader(mail.raw, 'To')).toContain(address);
        for (const other of student.alerted.filter((a) => a !== address)) expect(mail.raw).not.toContain(other);
      }
    }

    const before = sink.mails.length;
    const again = await runAlerts();
    expect(again).toEqual({ raised: 0, mailed: 0 });
    expect(sink.mails.length).toBe(before);
    expect(await app.core.db.knex('attendance_alerts').where({ student_id: student.absent.studentId }).count('* as n').first()).toMatchObject({ n: 3 });

    const pedagogy = await loggedIn(app, demo('pedagogy'), 'en');
    const list = await pedagogy.get(`/api/absences-and-lateness/alerts?campus=${student.campusId}`);
    expect(list.json.alerts.filter((a: any) => a.student.id === student.absent.studentId).map((a: any) => a.kind).sort()).toEqual(['consecutive-absences', 'unjustified-half-days']);
    // The coach and the tutor see the crossings (not the request to justify) on the student they follow.
    for (const follower of [student.coachId, student.tutorId]) {
      const client = await loggedIn(app, await withDemoPassword(app, follower));
      const followed = (await client.get('/api/absences-and-lateness/my-students')).json.students;
      expect(followed.map((s: any) => s.student.id)).toEqual([student.absent.studentId]);
      expect(followed[0].alerts.map((a: any) => [a.kind, a.count, a.threshold]).sort()).toEqual([['consecutive-absences', 2, 2], ['unjustified-half-days', 3, 3]]);
    }
    const lyon = await loggedIn(app, demo('campus-manager'));
    const lyonList = await lyon.get('/api/absences-and-lateness/alerts');
    expect(lyonList.json.alerts.some((a: any) => a.student.id === student.absent.studentId)).toBe(false);
  });

  it('keeps thresholds per campus, set by its managers only, within bounds', async () => {
    const campusId = (await app.core.db.knex('campuses').where({ name: 'Paris' }).first('id')).id as string;
    const pedagogy = await loggedIn(app, demo('pedagogy'), 'en');
    const path = `/api/absences-and-lateness/alerts/settings/${campusId}`;
    expect((await pedagogy.get(path)).json.settings).toEqual({ unjustifiedHalfDays: 3, windowDays: 30, consecutiveAbsences: 2, justifyWithinDays: 5 });
    const bad = await pedagogy.post(path, { unjustifiedHalfDays: 0, windowDays: 30, consecutiveAbsences: '2', justifyWithinDays: 5 });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.map((e: any) => e.path).sort()).toEqual(['consecutiveAbsences', 'unjustifiedHalfDays']);
    const saved = await pedagogy.post(path, { unjustifiedHalfDays: 4, windowDays: 20, consecutiveAbsences: 3, justifyWithinDays: 7 });
    expect(saved.status).toBe(200);
    expect((await pedagogy.get(path)).json.settings).toEqual({ unjustifiedHalfDays: 4, windowDays: 20, consecutiveAbsences: 3, justifyWithinDays: 7 });
    const lyon = await loggedIn(app, demo('campus-manager'));
    expect((await lyon.post(path, { unjustifiedHalfDays: 9, windowDays: 9, consecutiveAbsences: 9, justifyWithinDays: 9 })).status).toBe(404);
    const readOnly = await loggedIn(app, demo('read-only'));
    expect((await readOnly.post(path, { unjustifiedHalfDays: 9, windowDays: 9, consecutiveAbsences: 9, justifyWithinDays: 9 })).status).toBe(403);
    await pedagogy.post(path, { unjustifiedHalfDays: 3, windowDays: 30, consecutiveAbsences: 2, justifyWithinDays: 5 });
  });
});
