import type { Migration } from '@alterna/core';

/**
 * Marks and report cards (issue #12, SPEC §3 report card, grade scale elements with coefficient): an exam of the
 * courses module is tied to a grade scale element of the training and a semester (1 to 4); each student gets a mark
 * out of 20 with two decimals, or is absent (counts 0) or excused (not counted). Appraisals are per subject
 * (grade scale element) and general, per student and semester.
 */
export const marks: Migration = {
  name: '20270110000200_marks',
  async up(knex) {
    await knex.schema.createTable('marks_exam_settings', (t) => {
      t.uuid('exam_id').primary().references('courses_exams.id').onDelete('CASCADE');
      // Null once the element is removed from the training's grade scale: the exam must then be tied again.
      t.uuid('grade_scale_element_id').nullable().references('grade_scale_elements.id').onDelete('SET NULL').index();
      t.smallint('semester').notNullable();
      t.uuid('updated_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamps(true, true);
      t.check('semester BETWEEN 1 AND 4', [], 'marks_exam_settings_semester');
    });

    await knex.schema.createTable('marks_exam_marks', (t) => {
      t.uuid('exam_id').notNullable().references('courses_exams.id').onDelete('CASCADE');
      t.uuid('student_id').notNullable().references('actors.id').onDelete('CASCADE').index();
      t.decimal('value', 4, 2).nullable();
      t.string('status', 16).notNullable();
      t.uuid('entered_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamps(true, true);
      t.primary(['exam_id', 'student_id']);
      t.check("status IN ('present', 'absent', 'excused')", [], 'marks_exam_marks_status');
      // A mark only for a present student, always within the scale.
      t.check("(status = 'present') = (value IS NOT NULL) AND (value IS NULL OR value BETWEEN 0 AND 20)", [], 'marks_exam_marks_value');
    });

    await knex.schema.createTable('marks_subject_appraisals', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('student_id').notNullable().references('actors.id').onDelete('CASCADE');
      t.uuid('grade_scale_element_id').notNullable().references('grade_scale_elements.id').onDelete('CASCADE');
      t.smallint('semester').notNullable();
      t.text('text').notNullable();
      t.uuid('written_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamps(true, true);
      t.unique(['student_id', 'grade_scale_element_id', 'semester']);
      t.check('semester BETWEEN 1 AND 4', [], 'marks_subject_appraisals_semester');
    });

    await knex.schema.createTable('marks_general_appraisals', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('student_id').notNullable().references('actors.id').onDelete('CASCADE');
      t.uuid('training_id').notNullable().references('trainings.id').onDelete('CASCADE');
      t.smallint('semester').notNullable();
      t.text('text').notNullable();
      t.uuid('written_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamps(true, true);
      t.unique(['student_id', 'training_id', 'semester']);
      t.check('semester BETWEEN 1 AND 4', [], 'marks_general_appraisals_semester');
    });
  },
  async down(knex) {
    for (const table of ['marks_general_appraisals', 'marks_subject_appraisals', 'marks_exam_marks', 'marks_exam_settings']) {
      await knex.schema.dropTableIfExists(table);
    }
  },
};
