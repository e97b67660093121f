import { todayIn, type Knex } from '@alterna/core';

/**
 * The demo's semester of marks: each past exam (courses' read views) counts for semester 1 and a grade scale element
 * of its group's training, and every student of its groups gets a mark (a quarter-point from 6 to 20, one in twenty
 * absent), the same on every seed (hashes, not random). Set inserts, a general appraisal per student, and subject
 * appraisals on up to three of each student's elements (picked by hash), worded after the element's average.
 */
export async function seedMarks(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw(
      `INSERT INTO marks_exam_settings (exam_id, grade_scale_element_id, semester, updated_by)
       SELECT DISTINCT ON (x.exam_id) x.exam_id, e.id, 1, x.teacher_id
         FROM courses_exam_groups x
         JOIN planning_planning_groups g ON g.id = x.planning_group_id
         JOIN trainings_training_groups tg ON tg.id = g.training_group_id
         JOIN trainings_grade_scale_elements e ON e.training_id = tg.training_id
        WHERE x.exam_date < ?::date
        ORDER BY x.exam_id, abs(hashtext(x.teacher_id::text || x.school_subject_id::text || e.position::text)), e.id
       ON CONFLICT (exam_id) DO NOTHING`,
      [todayIn()],
    );
    await trx.raw(
      `INSERT INTO marks_exam_marks (exam_id, student_id, status, value, entered_by)
       SELECT q.exam_id, q.student_id,
              CASE WHEN q.h % 20 = 0 THEN 'absent' ELSE 'present' END,
              CASE WHEN q.h % 20 = 0 THEN NULL ELSE 6 + (q.h % 57) * 0.25 END,
              q.teacher_id
         FROM (SELECT DISTINCT s.exam_id, r.student_id, x.teacher_id, abs(hashtext(s.exam_id::text || r.student_id::text)) AS h
                 FROM marks_exam_settings s
                 JOIN courses_exam_groups x ON x.exam_id = s.exam_id
                 JOIN planning_planning_group_subscriptions sub ON sub.planning_group_id = x.planning_group_id
                 JOIN students_student_registrations r ON r.id = sub.student_registration_id) q
       ON CONFLICT (exam_id, student_id) DO NOTHING`,
    );
    await trx.raw(
      `INSERT INTO marks_general_appraisals (student_id, training_id, semester, text)
       SELECT DISTINCT r.student_id, tg.training_id, 1, 'Semestre sérieux, à poursuivre.'
         FROM marks_exam_marks m
         JOIN students_student_registrations r ON r.student_id = m.student_id
         JOIN trainings_training_groups tg ON tg.id = r.training_group_id
       ON CONFLICT DO NOTHING`,
    );
    await trx.raw(
      `INSERT INTO marks_subject_appraisals (student_id, grade_scale_element_id, semester, text, written_by)
       SELECT q.student_id, q.element_id, q.semester,
              CASE WHEN q.average >= 14 THEN 'Très bon travail, à poursuivre.'
                   WHEN q.average >= 10 THEN 'Résultats corrects ; plus de régularité permettrait de progresser.'
                   ELSE 'Des difficultés : revoir les bases avec le formateur.' END,
              q.teacher_id
         FROM (SELECT m.student_id, s.grade_scale_element_id AS element_id, s.semester, min(x.teacher_id::text)::uuid AS teacher_id,
                      sum(coalesce(m.value, 0) * x.coefficient) / nullif(sum(x.coefficient), 0) AS average,
                      row_number() OVER (PARTITION BY m.student_id, s.semester
                                         ORDER BY abs(hashtext(m.student_id::text || s.grade_scale_element_id::text)), s.grade_scale_element_id) AS pick
                 FROM marks_exam_marks m
                 JOIN marks_exam_settings s ON s.exam_id = m.exam_id
                 JOIN courses_exams_view x ON x.id = m.exam_id
                WHERE m.status <> 'excused' AND s.grade_scale_element_id IS NOT NULL
                GROUP BY m.student_id, s.grade_scale_element_id, s.semester) q
        WHERE q.pick <= 3 AND q.average IS NOT NULL
       ON CONFLICT (student_id, grade_scale_element_id, semester) DO NOTHING`,
    );
  });
}
