import crypto from 'node:crypto';
import type { CoreDeps, Knex } from '@alterna/core';
import { nowMs } from '@alterna/core/clock';
import type { Campuses } from './actors.js';

// The demo seed has most records on both campuses; these few kinds exist on one campus only (or not at all), so
// the matrix adds one per campus in its own copy of the database, written as the owning modules write them.

const one = async (knex: Knex, sql: string, bindings: string[] = []) => (await knex.raw(sql, bindings)).rows[0] as Record<string, any>;
const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
const actorId = async (knex: Knex, email: string) => (await one(knex, 'SELECT id FROM actors WHERE email = ?', [email])).id as string;

const minute = 60_000;

/** An open sheet of a lesson the teacher gives now (QR check-in open), with the students of their latest sheet. */
async function openSheetNow(knex: Knex, email: string): Promise<void> {
  const teacherId = await actorId(knex, email);
  const at = nowMs();
  const current = await one(knex,
    `SELECT l.id, l.campus_id FROM lessons l JOIN lesson_teachers lt ON lt.lesson_id = l.id
     WHERE lt.teacher_id = ? AND l.status <> 'cancelled' AND l.school_subject_id IS NOT NULL AND l.start_at <= ? AND l.end_at + interval '15 minutes' >= ?
     ORDER BY l.start_at DESC LIMIT 1`,
    [teacherId, new Date(at).toISOString(), new Date(at).toISOString()]);
  const latest = await one(knex,
    `SELECT sh.id AS sheet_id, l.campus_id, l.school_subject_id FROM attendance_sheets sh JOIN lessons l ON l.id = sh.lesson_id
     JOIN lesson_teachers lt ON lt.lesson_id = l.id WHERE lt.teacher_id = ? AND l.school_subject_id IS NOT NULL ORDER BY sh.opened_at DESC LIMIT 1`,
    [teacherId]);
  let lessonId = current?.id as string | undefined;
  if (!lessonId) {
    // A slot of the teacher's own: from a minute ago, else a minute somewhere in the last quarter of an hour.
    const slots = [[-1, 30], [-1, 5], ...Array.from({ length: 14 }, (_, k) => [-k - 1, -k])] as const;
    for (const [from, to] of slots) {
      try {
        lessonId = await knex.transaction(async (trx) => {
          const [row] = await trx('lessons')
            .insert({ campus_id: latest!.campus_id, school_subject_id: latest!.school_subject_id, start_at: new Date(at + from * minute), end_at: new Date(at + to * minute) })
            .returning('id');
          await trx('lesson_teachers').insert({ lesson_id: row.id, teacher_id: teacherId });
          return row.id as string;
        });
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== '23P01') throw error;
      }
    }
    if (!lessonId) throw new Error(`matrix fixtures: no free slot now for ${email}`);
  }
  const campusId = (current?.campus_id ?? latest!.campus_id) as string;
  await knex('attendance_sheets')
    .insert({ lesson_id: lessonId, campus_id: campusId, qr_secret: crypto.randomBytes(32) })
    .onConflict('lesson_id').merge({ closed_at: null, closed_by: null });
  const sheet = await one(knex, 'SELECT id FROM attendance_sheets WHERE lesson_id = ?', [lessonId]);
  // The lesson's students (its groups), or the latest sheet's for a lesson added here.
  await knex.raw(
    `INSERT INTO attendance_lines (sheet_id, student_registration_id, student_id)
     SELECT DISTINCT ON (r.id) ?::uuid, r.id, r.student_id FROM student_registrations r
     WHERE r.id IN (SELECT s.student_registration_id FROM lesson_planning_groups lg JOIN planning_group_subscriptions s ON s.planning_group_id = lg.planning_group_id WHERE lg.lesson_id = ?)
        OR (?::boolean AND r.id IN (SELECT student_registration_id FROM attendance_lines WHERE sheet_id = ?))
     ON CONFLICT (sheet_id, student_registration_id) DO NOTHING`,
    [sheet.id, lessonId, !current, latest?.sheet_id ?? sheet.id],
  );
}

export async function addMissingRecords(knex: Knex, campuses: Campuses, files: CoreDeps['files']): Promise<void> {
  const { paris, lyon } = campuses;
  const domain = '@demo.alterna.school';
  const [student, emma, nathan, bastien, lyonManager] = (await Promise.all(
    ['student', 'emma.leroy', 'nathan.lambert', 'bastien.morel', 'campus-manager'].map((name) => actorId(knex, `${name}${domain}`)),
  )) as [string, string, string, string, string];

  // Follow-ups that can be edited (break, abandon): the demo coach's student, a Paris student the coach does not
  // follow, a Lyon student.
  for (const [studentId, campus] of [[student, paris], [emma, paris], [nathan, lyon]] as const) {
    await knex('coaching_follow_ups').insert([
      { student_id: studentId, campus_id: campus, kind: 'break', date: '2026-10-01', category: 'employer', description: 'Rupture' },
      { student_id: studentId, campus_id: campus, kind: 'abandon', date: '2026-10-02', category: 'personal', description: 'Abandon' },
    ]);
  }

  // One attendance sheet open per teacher of the matrix (the seed closes them all): its QR code and line actions. The
  // QR code is served from the lesson's start to 15 minutes after its end (issue #24), so the sheet is of a lesson on
  // now: the teacher's lesson under way, else a lesson of their own added now (their latest sheet's subject, campus
  // and students), in a slot the teacher has free.
  for (const email of ['teacher', 'trainer', 'paul.rousseau', 'sarah.blanc']) await openSheetNow(knex, `${email}${domain}`);

  // The seed's absences and justifications depend on the day and hour it runs: one of each, for the demo student,
  // a Paris student nobody of the matrix follows and a Lyon one, whatever the seed made.
  for (const [studentId, campus] of [[student, paris], [emma, paris], [nathan, lyon]] as const) {
    await knex.raw(
      `UPDATE attendance_lines SET status = 'absent', arrived_at = NULL, left_at = NULL WHERE id = (
         SELECT l.id FROM attendance_lines l JOIN attendance_sheets s ON s.id = l.sheet_id WHERE l.student_id = ? AND s.closed_at IS NOT NULL ORDER BY s.closed_at LIMIT 1)`,
      [studentId],
    );
    await knex('attendance_justifications').insert({ student_id: studentId, campus_id: campus, reason: 'illness', comment: 'Justificatif', start_date: '2026-11-02', end_date: '2026-11-03' });
  }

  // The justifications' documents, and a signed booklet PDF, are small PDFs stored as the modules store them.
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');
  const storedPdf = async (module: string) => (await files.save({ filename: 'matrix.pdf', contentType: 'application/pdf', size: pdf.length, bytes: pdf }, { module, actorId: null })).id;
  for (const row of await knex('attendance_justifications').whereNull('file_id').select('id')) {
    await knex('attendance_justifications').where('id', row.id).update({ file_id: await storedPdf('attendance') });
  }

  // An absence in a closed sheet of each teacher of the matrix, once some sheets are open again (the detail views show one).
  for (const email of ['teacher', 'trainer', 'paul.rousseau', 'sarah.blanc']) {
    await knex.raw(
      `UPDATE attendance_lines SET status = 'absent', arrived_at = NULL, left_at = NULL WHERE id = (
         SELECT ln.id FROM attendance_lines ln JOIN attendance_sheets sh ON sh.id = ln.sheet_id AND sh.closed_at IS NOT NULL
         JOIN lesson_teachers lt ON lt.lesson_id = sh.lesson_id JOIN actors a ON a.id = lt.teacher_id WHERE a.email = ? ORDER BY sh.closed_at LIMIT 1)`,
      [`${email}${domain}`],
    );
  }

  // A validated mission of each campus with its signed PDF (the seed's has none): the demo student's and a Lyon student's.
  for (const [studentId, campus] of [[student, paris], [nathan, lyon]] as const) {
    const form = await one(knex, `SELECT f.id FROM booklet_forms f JOIN student_registrations r ON r.id = f.student_registration_id JOIN training_groups g ON g.id = r.training_group_id
      JOIN booklet_item_modules m ON m.booklet_item_id = f.booklet_item_id WHERE r.student_id = ? AND g.campus_id = ? AND m.module = 'mission-definition' LIMIT 1`, [studentId, campus]);
    if (!form) continue;
    const fileId = await storedPdf('booklets');
    const updated = await knex('booklet_validations').where({ form_id: form.id, status: 'validated' }).update({ pdf_file_id: fileId });
    if (!updated) {
      await knex('booklet_validations').insert({
        form_id: form.id, run: 1, workflow_id: `booklet-validation:${form.id}:1`, status: 'validated', requested_at: knex.fn.now(), validated_at: knex.fn.now(), pdf_file_id: fileId,
      });
    }
  }

  // A coach contract in Lyon (the seed has the Paris coach's only).
  const session = await one(knex, "SELECT id, start_date, end_date FROM training_sessions WHERE start_date <= current_date AND end_date >= current_date");
  await knex('coach_contracts').insert({ coach_id: bastien, campus_id: lyon, training_session_id: session.id, start_date: session.start_date, end_date: session.end_date });

  // Closed operations of each campus: a generic one, a bulk planning run, a report-card export with its zip.
  const anyFile = (await one(knex, "SELECT id FROM stored_files WHERE module = 'files' ORDER BY id LIMIT 1")).id;
  for (const campus of [paris, lyon]) {
    const runId = `planning-bulk-create:${crypto.randomUUID()}`;
    await knex('operations').insert([
      { workflow_id: `matrix:${crypto.randomUUID()}`, workflow_type: 'matrix', kind: 'matrix', subject: 'Run', campus_id: campus, status: 'completed', closed_at: knex.fn.now(), done: 1, total: 1, items: '[]' },
      { workflow_id: runId, workflow_type: 'planning.bulkCreateLessons', kind: 'planning.bulkCreate', subject: 'Bulk', campus_id: campus, status: 'completed', closed_at: knex.fn.now(), done: 0, total: 0, items: '[]' },
      {
        workflow_id: `marks-report-cards:${crypto.randomUUID()}`, workflow_type: 'marks.reportCards', kind: 'marks.reportCards', subject: 'Export', campus_id: campus,
        status: 'completed', closed_at: knex.fn.now(), done: 1, total: 1, items: '[]', result: JSON.stringify({ fileId: anyFile }),
      },
    ]);
    await knex('planning_runs').insert({ run_id: runId, kind: 'create', campus_id: campus, request: '{}' });
  }

  // A pending profile-change request per campus, for a student of that campus.
  for (const [actor, campus] of [[emma, paris], [nathan, lyon]] as const) {
    await knex('profile_change_requests').insert({
      actor_id: actor, requested_by: actor, campus_id: campus, changes: JSON.stringify({ phone: '0600000000' }), previous: JSON.stringify({ phone: null }),
      status: 'pending', expires_at: knex.raw("now() + interval '7 days'"),
    });
  }

  // Mail templates of each campus (the seed's are centre-wide), copies of the first one.
  const template = await one(knex, 'SELECT * FROM mail_templates ORDER BY created_at, id LIMIT 1');
  for (const campus of [paris, lyon]) {
    const { id: _id, created_at: _c, updated_at: _u, ...copy } = template;
    await knex('mail_templates').insert({ ...copy, content: json(copy.content), campus_id: campus, created_by: null, updated_by: null });
  }

  // A campaign sent on Lyon (the seed's is on Paris), without recipients.
  const campaign = await one(knex, 'SELECT * FROM mass_email_campaigns LIMIT 1');
  {
    const { id: _id, created_at: _c, ...copy } = campaign;
    await knex('mass_email_campaigns').insert({ ...copy, request_id: crypto.randomUUID(), criteria: json(copy.criteria), campus_ids: [lyon], created_by: lyonManager, workflow_id: `mass-email:${crypto.randomUUID()}`, total: 0 });
  }

  // A published news item for the students of Lyon (the seed's are for Paris): a downloadable file, as the seed's
  // calendar, with its own stored copy.
  const news = await one(knex, "SELECT * FROM news WHERE type = 'file' LIMIT 1");
  {
    const { id: _id, created_at: _c, updated_at: _u, ...copy } = news;
    const attachment = await one(knex, 'SELECT * FROM news_files WHERE file_id = ?', [copy.file_id]);
    const fileId = await storedPdf('news');
    const [row] = await knex('news').insert({ ...copy, file_id: fileId, content: json(copy.content), created_by: lyonManager }).returning('id');
    await knex('news_campuses').insert({ news_id: row.id, campus_id: lyon });
    await knex('news_files').insert({ file_id: fileId, kind: 'attachment', news_id: row.id, filename: attachment.filename, content_type: 'application/pdf', size: pdf.length });
  }

  // A booklet item and a thesis skill of the Lyon-only training (the seed's items are on trainings of Paris or both).
  const lyonTraining = await one(knex, `SELECT t.id FROM trainings t WHERE NOT EXISTS (SELECT 1 FROM training_campuses tc WHERE tc.training_id = t.id AND tc.campus_id <> ?) LIMIT 1`, [lyon]);
  await knex('booklet_items').insert({ training_id: lyonTraining.id, training_session_id: session.id, title: 'Visite', position: 1, date: '2027-01-15' });
  await knex('booklet_thesis_skills').insert({ training_id: lyonTraining.id, name: 'Analyse', position: 1, coefficient: 1 });
  // Its training plan with a variant (the seed plans the trainings of Paris or both).
  const plan = await one(knex, 'INSERT INTO training_plans (training_id, training_session_id) VALUES (?, ?) ON CONFLICT (training_id, training_session_id) DO UPDATE SET updated_at = now() RETURNING id', [lyonTraining.id, session.id]);
  await knex('training_plan_variants').insert({ training_plan_id: plan.id, name: 'Alternance' });

  // A work-study period of a Paris group (the seed's are Lyon's).
  const parisGroup = await one(knex, 'SELECT id FROM training_groups WHERE campus_id = ? AND training_session_id = ? ORDER BY short_name LIMIT 1', [paris, session.id]);
  await knex('training_group_work_studies').insert({ training_group_id: parisGroup.id, start_date: '2027-01-04', end_date: '2027-01-08', type: 'Entreprise' });

  // The Lyon news item's image (a 1×1 PNG) stored as the news module stores its images.
  const lyonNews = await one(knex, 'SELECT news_id FROM news_campuses WHERE campus_id = ? LIMIT 1', [lyon]);
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  const stored = await files.save({ filename: 'lyon.png', contentType: 'image/png', size: png.length, bytes: png }, { module: 'news', actorId: null });
  await knex('news_files').insert({ file_id: stored.id, kind: 'image', news_id: lyonNews.news_id, filename: 'lyon.png', content_type: 'image/png', size: png.length });
}
