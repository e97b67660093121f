import type { Migration } from '@alterna/core';

/**
 * The read view other modules query instead of this module's registrations: planning subscribes a training
 * group's registered students to its planning groups and lists them, in one statement. PostgreSQL inlines a
 * view, so a join through it costs what the table costs.
 */
const views = {
  students_student_registrations: 'SELECT id, student_id, training_group_id, student_status FROM student_registrations',
};

export const readViews: Migration = {
  name: '20261210000300_read_views',
  async up(knex) {
    for (const [view, query] of Object.entries(views)) await knex.raw(`CREATE VIEW ${view} AS ${query}`);
  },
  async down(knex) {
    for (const view of Object.keys(views).reverse()) await knex.raw(`DROP VIEW ${view}`);
  },
};
