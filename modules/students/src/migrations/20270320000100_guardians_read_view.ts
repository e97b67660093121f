import { readViewsMigration } from '@alterna/core';

/**
 * Attendance alerts tell a minor student's legal guardian (issue #11). students_students copied the students table
 * for it; the view is now what that reader needs: the students who have a guardian to tell, the guardian's e-mail
 * and the student's birth date (the reader tells the guardian while the student is under 18 on the alert's day).
 */
const views = {
  students_guardians: 'SELECT actor_id AS student_id, guardian_email, date_of_birth FROM students WHERE guardian_email IS NOT NULL',
};

const retired = {
  students_students: 'SELECT actor_id, date_of_birth, guardian_email FROM students',
};

export const guardiansReadView = readViewsMigration('20270320000100_guardians_read_view', views, retired);
