import { readViewsMigration } from '@alterna/core';

/**
 * Read views for attendance alerts (issue #11): a minor student's legal guardian is told of repeated
 * absences, and the company tutor of the student's current contract. Only the guardian's e-mail leaves the module.
 */
const views = {
  students_students: 'SELECT actor_id, date_of_birth, guardian_email FROM students',
  students_student_contracts: 'SELECT id, registration_id, corporation_id, start_date, end_date FROM student_contracts',
};

export const alertReadViews = readViewsMigration('20261231000100_alert_read_views', views);
