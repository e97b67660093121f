import { readViewsMigration } from '@alterna/core';

/** Read view for attendance alerts (issue #11): the student's coach is told of repeated absences. */
const views = {
  teaching_coach_attributions: 'SELECT id, coach_id, student_id, campus_id, training_session_id FROM coach_attributions',
};

export const alertReadViews = readViewsMigration('20261231000200_alert_read_views', views);
