import { readViewsMigration } from '@alterna/core';

/**
 * The read views other modules query instead of teaching's tables: planning checks a lesson's teacher
 * contract (whose, which campus and session, signed or not) and sums contracted hours per school subject in
 * one statement. PostgreSQL inlines a view, so a join through it costs what the table costs.
 */
const views = {
  teaching_teacher_contracts: 'SELECT id, teacher_id, campus_id, training_session_id, status, start_date, end_date FROM teacher_contracts',
  teaching_teacher_contract_subject_lines: 'SELECT id, teacher_contract_id, school_subject_id, hours, position FROM teacher_contract_subject_lines',
};

export const readViews = readViewsMigration('20261205000300_read_views', views);
