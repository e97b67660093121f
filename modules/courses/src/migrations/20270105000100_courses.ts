import type { Migration } from '@alterna/core';

/**
 * The teacher's course space (SPEC §2 Courses, §3 event homework, exam): a report per lesson, exercises given
 * to planning groups (event homework) and exams, each owned by a teacher for one school subject. A course is
 * (teacher, subject); its groups are the ones the teacher's lessons of that subject are planned for.
 */
export const courses: Migration = {
  name: '20270105000100_courses',
  async up(knex) {
    await knex.schema.createTable('courses_lesson_reports', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      // One report per lesson; it goes with the lesson.
      t.uuid('lesson_id').notNullable().unique().references('lessons.id').onDelete('CASCADE');
      t.text('done').notNullable().defaultTo('');
      t.text('homework').notNullable().defaultTo('');
      t.uuid('written_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamps(true, true);
    });

    await knex.schema.createTable('courses_exercises', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('campus_id').notNullable().references('campuses.id').onDelete('RESTRICT').index();
      t.uuid('teacher_id').notNullable().references('actors.id').onDelete('RESTRICT');
      t.uuid('school_subject_id').notNullable().references('school_subjects.id').onDelete('RESTRICT');
      // The session it was given in, if any; the exercise outlives a deleted lesson.
      t.uuid('lesson_id').nullable().references('lessons.id').onDelete('SET NULL');
      t.string('title', 200).notNullable();
      t.text('instructions').notNullable().defaultTo('');
      t.date('due_date').notNullable();
      t.boolean('published').notNullable().defaultTo(false);
      t.uuid('created_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamps(true, true);
      t.index(['teacher_id', 'school_subject_id']);
    });

    await knex.schema.createTable('courses_exercise_planning_groups', (t) => {
      t.uuid('exercise_id').notNullable().references('courses_exercises.id').onDelete('CASCADE');
      t.uuid('planning_group_id').notNullable().references('planning_groups.id').onDelete('CASCADE').index();
      t.primary(['exercise_id', 'planning_group_id']);
    });

    await knex.schema.createTable('courses_exams', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('campus_id').notNullable().references('campuses.id').onDelete('RESTRICT').index();
      t.uuid('teacher_id').notNullable().references('actors.id').onDelete('RESTRICT');
      t.uuid('school_subject_id').notNullable().references('school_subjects.id').onDelete('RESTRICT');
      t.string('title', 200).notNullable();
      // Paris wall clock, as the school reads its timetable.
      t.date('exam_date').notNullable();
      t.time('start_time').notNullable();
      t.integer('duration_minutes').notNullable();
      t.decimal('coefficient', 6, 2).notNullable();
      t.text('description').notNullable().defaultTo('');
      t.boolean('published').notNullable().defaultTo(false);
      t.uuid('created_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamps(true, true);
      t.index(['teacher_id', 'school_subject_id']);
    });
    await knex.raw('ALTER TABLE courses_exams ADD CONSTRAINT courses_exams_duration CHECK (duration_minutes > 0)');
    await knex.raw('ALTER TABLE courses_exams ADD CONSTRAINT courses_exams_coefficient CHECK (coefficient > 0)');

    await knex.schema.createTable('courses_exam_planning_groups', (t) => {
      t.uuid('exam_id').notNullable().references('courses_exams.id').onDelete('CASCADE');
      t.uuid('planning_group_id').notNullable().references('planning_groups.id').onDelete('CASCADE').index();
      t.primary(['exam_id', 'planning_group_id']);
    });
  },
  async down(knex) {
    for (const table of ['courses_exam_planning_groups', 'courses_exams', 'courses_exercise_planning_groups', 'courses_exercises', 'courses_lesson_reports']) {
      await knex.schema.dropTableIfExists(table);
    }
  },
};
