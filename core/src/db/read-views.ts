import type { Migration } from '../modules/contract.js';

/**
 * A module's read views as one migration: `<owner>_<table>` views other modules query instead of the owner's
 * tables (README, "Adding a module"). PostgreSQL inlines a view, so a join through it costs what the table costs;
 * a column added to a table reaches a view only when a later migration recreates the view.
 */
export function readViewsMigration(name: string, views: Record<string, string>): Migration {
  return {
    name,
    async up(knex) {
      for (const [view, query] of Object.entries(views)) await knex.raw(`CREATE VIEW ${view} AS ${query}`);
    },
    async down(knex) {
      for (const view of Object.keys(views).reverse()) await knex.raw(`DROP VIEW ${view}`);
    },
  };
}
