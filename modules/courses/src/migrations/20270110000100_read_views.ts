import { readViewsMigration } from '@alterna/core';

/**
 * The read views other modules query instead of this module's exams (marks enters a whole exam's marks and
 * computes report cards in a few set statements). Named `<table>_view`: the tables already carry the module's name.
 */
const views = {
  courses_exams_view: 'SELECT id, campus_id, teacher_id, school_subject_id, title, exam_date, coefficient, published FROM courses_exams',
  courses_exam_planning_groups_view: 'SELECT exam_id, planning_group_id FROM courses_exam_planning_groups',
};

export const readViews = readViewsMigration('20270110000100_read_views', views);
