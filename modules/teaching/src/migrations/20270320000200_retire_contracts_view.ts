import { readViewsMigration } from '@alterna/core';

/**
 * teaching_teacher_contracts copied the contracts table for planning's reference checks (a lesson's or a bulk run's
 * contracts by id): planning now asks `contracts.byIds(ids, db)`, in its transaction; its progress and demo read
 * teaching_contract_subject_hours.
 */
const views = {};

const retired = {
  teaching_teacher_contracts: 'SELECT id, teacher_id, campus_id, training_session_id, status, start_date, end_date FROM teacher_contracts',
};

export const retireContractsView = readViewsMigration('20270320000200_retire_contracts_view', views, retired);
