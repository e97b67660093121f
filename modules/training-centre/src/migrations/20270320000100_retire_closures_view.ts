import { readViewsMigration } from '@alterna/core';

/**
 * training_centre_closures copied the closures table for planning (conflict checks, free-slot suggestions, the demo
 * term): planning now asks the calendar service, `closuresOn(days, db)` (the closures covering a set of campus
 * days, one statement, in the caller's transaction) and `closedPeriods(db)`.
 */
const views = {};

const retired = {
  training_centre_closures: 'SELECT id, campus_id, start_date, end_date, type, name FROM schedule_campus_closures',
};

export const retireClosuresView = readViewsMigration('20270320000100_retire_closures_view', views, retired);
