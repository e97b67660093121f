import { readViewsMigration } from '@alterna/core';

/** Read views for marks' report cards: a training's grade scale elements (coefficients) and its name, in one statement. */
const views = {
  trainings_grade_scale_elements: 'SELECT id, training_id, name, coefficient, position FROM grade_scale_elements',
  trainings_trainings: 'SELECT id, name, short_name FROM trainings',
};

export const gradeScaleReadViews = readViewsMigration('20270110000100_grade_scale_read_views', views);
