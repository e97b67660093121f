import { readViewsMigration } from '@alterna/core';

/**
 * An exam with each planning group it is for: who set it, where, of which subject, when. Marks reads exams this way
 * (an exam's students, the grade scale of its groups' trainings, who may appraise a group, the demo marks); it
 * replaces the table copy of the exams' planning groups.
 */
const views = {
  courses_exam_groups: `SELECT x.id AS exam_id, x.campus_id, x.teacher_id, x.school_subject_id, x.exam_date, x.published, g.planning_group_id
    FROM courses_exams x JOIN courses_exam_planning_groups g ON g.exam_id = x.id`,
};

const retired = {
  courses_exam_planning_groups_view: 'SELECT exam_id, planning_group_id FROM courses_exam_planning_groups',
};

export const examGroupsReadView = readViewsMigration('20270320000100_exam_groups_read_view', views, retired);
