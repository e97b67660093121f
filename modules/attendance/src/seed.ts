import { todayIn, type CoreDeps, type Knex } from '@alterna/core';
import { nowMs } from '@alterna/core/clock';
import { alertRecipients, recordCrossings } from './services/alert-crossings.js';
import { planSheets, type PastLesson } from './seed-plan.js';

/** Multi-row inserts, a few hundred rows per statement. */
async function insertAll(trx: Knex.Transaction, table: string, rows: Record<string, unknown>[], size = 400): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await trx(table).insert(rows.slice(i, i + size));
}

/** The demo lessons of the last three weeks that had a teacher, with their students (planning's read views). */
async function pastLessons(knex: Knex): Promise<PastLesson[]> {
  const rows = await knex('planning_lessons as l')
    .join('planning_lesson_teachers as lt', 'lt.lesson_id', 'l.id')
    .join('planning_lesson_planning_groups as lg', 'lg.lesson_id', 'l.id')
    .join('planning_planning_group_subscriptions as s', 's.planning_group_id', 'lg.planning_group_id')
    .join('students_student_registrations as r', 'r.id', 's.student_registration_id')
    .where('l.status', 'active')
    .where('l.start_at', '>=', new Date(nowMs() - 21 * 86_400_000))
    .where('l.end_at', '<', new Date(nowMs() - 3_600_000))
    .distinct('l.id', 'l.campus_id', 'l.start_at', 'l.end_at', knex.raw('min(lt.teacher_id::text) OVER (PARTITION BY l.id) AS teacher_id'), 'r.id as registration_id', 'r.student_id')
    .orderBy('l.id');
  const byLesson = new Map<string, PastLesson>();
  for (const row of rows) {
    const lesson: PastLesson = byLesson.get(row.id) ?? {
      lessonId: row.id, campusId: row.campus_id, teacherId: row.teacher_id, startAt: new Date(row.start_at), endAt: new Date(row.end_at), students: [],
    };
    lesson.students.push({ registrationId: row.registration_id, studentId: row.student_id });
    byLesson.set(row.id, lesson);
  }
  return [...byLesson.values()];
}

const demoCertificate = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** A few justifications of the demo's absences: two waiting, one accepted, one refused. */
async function seedJustifications(knex: Knex, core: CoreDeps): Promise<void> {
  const absences = await knex('attendance_lines as l')
    .join('attendance_sheets as sh', 'sh.id', 'l.sheet_id')
    .join('planning_lessons as le', 'le.id', 'sh.lesson_id')
    .where('l.status', 'absent')
    .distinctOn('l.student_id')
    .select('l.student_id', 'sh.campus_id', knex.raw("(le.start_at AT TIME ZONE 'Europe/Paris')::date::text AS day"))
    .orderBy([{ column: 'l.student_id' }, { column: 'le.start_at', order: 'desc' }])
    .limit(4);
  const outcomes = ['submitted', 'submitted', 'accepted', 'refused'] as const;
  for (const [i, absence] of absences.entries()) {
    const file = await core.files.save({ filename: 'certificat-medical.pdf', contentType: 'application/pdf', size: demoCertificate.length, bytes: demoCertificate }, { module: 'attendance', actorId: absence.student_id });
    const status = outcomes[i]!;
    await knex('attendance_justifications').insert({
      student_id: absence.student_id, campus_id: absence.campus_id, reason: i % 2 ? 'transport' : 'illness', start_date: absence.day, end_date: absence.day,
      file_id: file.id, status, decided_at: status === 'submitted' ? null : knex.fn.now(),
      decision_comment: status === 'refused' ? 'Le justificatif ne couvre pas ce jour.' : null,
    });
  }
}

/**
 * The demo centre's last three weeks of attendance: closed and signed sheets, a few justifications, and the
 * alerts they raise, recorded as told (the demo sends no mail).
 */
export async function seedAttendance(knex: Knex, core: CoreDeps): Promise<void> {
  const lessons = await pastLessons(knex);
  if (!lessons.length) return;
  const demoStudent = await knex('identity_actors').where('email', 'student@demo.alterna.school').first('id');
  const { sheets, lines, signatures } = planSheets(lessons, new Set(demoStudent ? [demoStudent.id as string] : []));
  await knex.transaction(async (trx) => {
    await insertAll(trx, 'attendance_sheets', sheets);
    await insertAll(trx, 'attendance_lines', lines);
    await insertAll(trx, 'attendance_signatures', signatures);
  });
  await seedJustifications(knex, core);
  await recordCrossings(knex, todayIn());
  const alerts = await knex('attendance_alerts').whereNull('mailed_at').pluck('id');
  const recipients = await alertRecipients(knex, alerts);
  for (const [id, to] of recipients) {
    await knex('attendance_alerts').where({ id }).update({ mailed_at: knex.fn.now(), recipients: to.map((r) => r.email) });
  }
}
