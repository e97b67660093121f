import { readViewsMigration } from '@alterna/core';

/**
 * The hours a training variant's plan gives each school subject (a subject in two blocks counts once, its hours
 * added up; `position` keeps the plan's order), which the demo planning spreads over the term. It replaces the two
 * table copies of the plan's blocks and subjects, read for that alone.
 */
const views = {
  trainings_variant_subject_hours: `SELECT b.variant_id, s.school_subject_id, sum(s.hours) AS hours, min(b.position * 1000 + s.position) AS position
    FROM training_plan_blocks b JOIN training_plan_subjects s ON s.block_id = b.id
    GROUP BY b.variant_id, s.school_subject_id`,
};

const retired = {
  trainings_training_plan_blocks: 'SELECT id, training_plan_id, variant_id, name, position FROM training_plan_blocks',
  trainings_training_plan_subjects: 'SELECT id, block_id, school_subject_id, hours, position FROM training_plan_subjects',
};

export const planHoursReadView = readViewsMigration('20270320000100_plan_hours_read_view', views, retired);
