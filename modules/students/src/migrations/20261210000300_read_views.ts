import { readViewsMigration } from '@alterna/core';

/**
 * The read view other modules query instead of this module's registrations: planning subscribes a training
 * group's registered students to its planning groups and lists them, in one statement. PostgreSQL inlines a
 * view, so a join through it costs what the table costs.
 */
const views = {
  students_student_registrations: 'SELECT id, student_id, training_group_id, student_status FROM student_registrations',
};

export const readViews = readViewsMigration('20261210000300_read_views', views);
