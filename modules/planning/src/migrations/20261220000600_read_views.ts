import { readViewsMigration } from '@alterna/core';

/**
 * The read views other modules query instead of planning's tables: attendance opens a lesson's sheet with one
 * line per subscription of the lesson's planning groups, and checks who teaches it, in one statement.
 * PostgreSQL inlines a view, so a join through it costs what the table costs.
 */
const views = {
  planning_lessons: 'SELECT id, campus_id, school_subject_id, start_at, end_at, status, lesson_type FROM lessons',
  planning_lesson_teachers: 'SELECT lesson_id, teacher_id, teacher_contract_id FROM lesson_teachers',
  planning_lesson_planning_groups: 'SELECT lesson_id, planning_group_id FROM lesson_planning_groups',
  planning_planning_groups: 'SELECT id, campus_id, training_group_id, name FROM planning_groups',
  planning_planning_group_subscriptions: 'SELECT id, planning_group_id, student_registration_id FROM planning_group_subscriptions',
};

export const readViews = readViewsMigration('20261220000600_read_views', views);
