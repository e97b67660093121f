import { readViewsMigration } from '@alterna/core';

/**
 * The read views other modules query instead of this module's tables (planning's conflict checks, calendar
 * reads and planning groups; students' registrations): one SQL statement across modules, while the tables
 * stay this module's to change. PostgreSQL inlines a view. A column added to a table reaches its view only
 * when a migration recreates the view.
 */
const views = {
  trainings_school_subjects: 'SELECT id, name, short_name, level, color, archived FROM school_subjects',
  trainings_training_sessions: 'SELECT id, name, start_date, end_date FROM training_sessions',
  trainings_training_groups: 'SELECT id, name, short_name, start_date, end_date, campus_id, training_session_id, training_id, variant_id FROM training_groups',
  trainings_training_plan_blocks: 'SELECT id, training_plan_id, variant_id, name, position FROM training_plan_blocks',
  trainings_training_plan_subjects: 'SELECT id, block_id, school_subject_id, hours, position FROM training_plan_subjects',
};

export const readViews = readViewsMigration('20261210000100_read_views', views);
