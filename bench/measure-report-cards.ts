import type { Knex } from '@alterna/core';
import type { BenchApp } from './app.js';
import { idSql } from './generate.js';
import { interleaved, percentile, type Figure } from './stats.js';

const REQUESTS = 20;
const WARMUP = 3;
const ELEMENTS = 20;
const EXAMS_PER_ELEMENT = 2;
const SIZES = [70, 700] as const;

/**
 * A training of 20 grade scale elements (one subject each) and two training groups of campus 0, of 70 and 700
 * students, each with its planning group; two exams per element and group (by the element's teacher), tied to the
 * element for semester 1, and a mark for every student (one in twenty absent). Set statements only.
 */
async function makeMarks(knex: Knex, sessionId: string): Promise<Record<number, string>> {
  const campus = idSql('campus', '0');
  const [training] = await knex('trainings').insert({ name: 'Bench report cards', short_name: 'BRC' }).returning('id');
  const [plan] = await knex('training_plans').insert({ training_id: training.id, training_session_id: sessionId }).returning('id');
  const [variant] = await knex('training_plan_variants').insert({ training_plan_id: plan.id, name: 'Standard' }).returning('id');
  await knex.raw(`INSERT INTO grade_scale_elements (id, training_id, name, coefficient, position)
    SELECT ${idSql('rc-element', 'e')}, ?, 'Élément ' || e, 1 + e % 4, e FROM generate_series(0, ?) e`, [training.id, ELEMENTS - 1]);
  const groups: Record<number, string> = {};
  for (const size of SIZES) {
    const n = String(size);
    await knex.raw(`INSERT INTO training_groups (id, name, short_name, start_date, end_date, campus_id, training_session_id, training_id, variant_id)
      SELECT ${idSql('rc-training-group', n)}, 'Bench bulletins ' || ${n}, 'BRC-' || ${n}, s.start_date, s.end_date, ${campus}, s.id, ?, ? FROM training_sessions s WHERE s.id = ?`,
    [training.id, variant.id, sessionId]);
    await knex.raw(`INSERT INTO planning_groups (id, campus_id, name, training_group_id) VALUES (${idSql('rc-group', n)}, ${campus}, 'Bench bulletins ' || ${n}, ${idSql('rc-training-group', n)})`);
    const student = idSql('rc-student', n, 'm');
    const members = `generate_series(0, ${size - 1}) m`;
    await knex.raw(`INSERT INTO actors (id, first_name, last_name, email) SELECT ${student}, 'Élève', 'Bulletin ' || ${n} || '-' || m, 'rc.' || ${n} || '.' || m || '@bench.alterna.school' FROM ${members}`);
    await knex.raw(`INSERT INTO actor_access_rules (actor_id, campus_id, typology) SELECT ${student}, ${campus}, 'student' FROM ${members}`);
    await knex.raw(`INSERT INTO students (actor_id, date_of_birth) SELECT ${student}, '2004-05-06' FROM ${members}`);
    await knex.raw(`INSERT INTO student_registrations (id, student_id, training_group_id, student_status)
      SELECT ${idSql('rc-registration', n, 'm')}, ${student}, ${idSql('rc-training-group', n)}, 'apprentice' FROM ${members}`);
    await knex.raw(`INSERT INTO planning_group_subscriptions (planning_group_id, student_registration_id) SELECT ${idSql('rc-group', n)}, ${idSql('rc-registration', n, 'm')} FROM ${members}`);
    const exam = idSql('rc-exam', n, 'e', 'k');
    const exams = `generate_series(0, ${ELEMENTS - 1}) e, generate_series(0, ${EXAMS_PER_ELEMENT - 1}) k`;
    await knex.raw(`INSERT INTO courses_exams (id, campus_id, teacher_id, school_subject_id, title, exam_date, start_time, duration_minutes, coefficient, published)
      SELECT ${exam}, ${campus}, ${idSql('teacher', '0', 'e')}, ${idSql('subject', 'e')}, 'Examen ' || e || '-' || k, current_date - 10 - k, '09:00', 60, 1 + k, true FROM ${exams}`);
    await knex.raw(`INSERT INTO courses_exam_planning_groups (exam_id, planning_group_id) SELECT ${exam}, ${idSql('rc-group', n)} FROM ${exams}`);
    await knex.raw(`INSERT INTO marks_exam_settings (exam_id, grade_scale_element_id, semester) SELECT ${exam}, ${idSql('rc-element', 'e')}, 1 FROM ${exams}`);
    await knex.raw(`INSERT INTO marks_exam_marks (exam_id, student_id, status, value)
      SELECT ${exam}, ${student}, CASE WHEN (m + e + k) % 20 = 0 THEN 'absent' ELSE 'present' END,
        CASE WHEN (m + e + k) % 20 = 0 THEN NULL ELSE ((m * 7 + e * 3 + k) % 81) * 0.25 END
      FROM ${exams}, ${members}`);
    groups[size] = (await knex.raw(`SELECT ${idSql('rc-training-group', n)} AS id`)).rows[0].id;
  }
  await knex.raw('ANALYZE');
  return groups;
}

/**
 * Report cards (issue #12): a group's cards for a semester over HTTP (the staff page's request), 700 students against
 * 70, 20 subjects each; the figure is the time per student, so a set computation keeps the ratio near 1.
 */
export async function measureReportCards(app: BenchApp): Promise<Figure[]> {
  const name = `report cards of a training group, 20 subjects (HTTP, per student): 700 vs 70 students (p50 of ${REQUESTS})`;
  try {
    const groups = await makeMarks(app.core.db.knex, app.centre.session.id);
    const request = (size: number) => async () => {
      const response = await app.manager.request('GET', `/api/report-cards/training-groups/${groups[size]}?semester=1`);
      if (response.status !== 200 || response.json.cards.length !== size) throw new Error(`report cards answered ${response.status}: ${response.text.slice(0, 200)}`);
    };
    const [small, big] = await interleaved(REQUESTS, WARMUP, [request(70), request(700)]);
    const perStudent = (times: number[] | undefined, size: number) => percentile(times ?? [], 0.5) / size;
    return [{
      name, value: perStudent(big, 700), baseline: perStudent(small, 70), unit: 'ms', target: 1.3,
      note: `whole request p50 ${percentile(big!, 0.5).toFixed(1)} ms (700) vs ${percentile(small!, 0.5).toFixed(1)} ms (70);`
        + ` ${700 * ELEMENTS * EXAMS_PER_ELEMENT} vs ${70 * ELEMENTS * EXAMS_PER_ELEMENT} marks`,
    }];
  } catch (error) {
    return [{ name, value: null, baseline: null, unit: 'ms', target: 1.3, missing: String(error) }];
  }
}
