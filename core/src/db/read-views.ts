import type { Migration } from '../modules/contract.js';

/**
 * A module's read views as one migration: views other modules query in their SQL instead of the owner's tables
 * (README, "Adding a module"), named `<owner>_<what>`. A read view is shaped by its purpose (what a reader needs: a
 * join, a filter, a sum), not a copy of a table; `tests/unit/module-boundaries.test.ts` lists the table copies still
 * allowed, a list that only shrinks. `retired` names views an earlier migration created, with their definition (for
 * `down`): they are dropped before the new ones are created. PostgreSQL inlines a view, so a join through it costs
 * what the tables cost; a column added to a table reaches a view only when a later migration recreates the view.
 */
export function readViewsMigration(name: string, views: Record<string, string>, retired: Record<string, string> = {}): Migration {
  return {
    name,
    async up(knex) {
      for (const view of Object.keys(retired)) await knex.raw(`DROP VIEW ${view}`);
      for (const [view, query] of Object.entries(views)) await knex.raw(`CREATE VIEW ${view} AS ${query}`);
    },
    async down(knex) {
      for (const view of Object.keys(views).reverse()) await knex.raw(`DROP VIEW ${view}`);
      for (const [view, query] of Object.entries(retired)) await knex.raw(`CREATE VIEW ${view} AS ${query}`);
    },
  };
}
