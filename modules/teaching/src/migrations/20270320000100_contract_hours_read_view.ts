import { readViewsMigration } from '@alterna/core';

/**
 * A teacher contract's hours per school subject, with whose contract it is, where, in which session and its status:
 * what planning sums for a teacher's progress (contracted against planned hours) and reads to tie the demo lessons to
 * a contract. It replaces the table copy of the contracts' subject lines, read for that alone.
 */
const views = {
  teaching_contract_subject_hours: `SELECT c.id AS teacher_contract_id, c.teacher_id, c.campus_id, c.training_session_id, c.status, l.school_subject_id, l.hours
    FROM teacher_contracts c JOIN teacher_contract_subject_lines l ON l.teacher_contract_id = c.id`,
};

const retired = {
  teaching_teacher_contract_subject_lines: 'SELECT id, teacher_contract_id, school_subject_id, hours, position FROM teacher_contract_subject_lines',
};

export const contractHoursReadView = readViewsMigration('20270320000100_contract_hours_read_view', views, retired);
