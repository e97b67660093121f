import type { Migration } from '../modules/contract.js';

export const operationsMigration: Migration = {
  name: '20261122000000_operations',
  async up(knex) {
    await knex.schema.createTable('operations', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.string('workflow_id').notNullable().unique();
      t.string('workflow_type').notNullable();
      t.string('kind').notNullable();
      t.string('subject').notNullable().defaultTo('');
      t.uuid('campus_id').nullable().index();
      // No foreign key: the actor table belongs to a module that depends on the core.
      t.uuid('started_by').nullable().index();
      t.jsonb('started_by_person').nullable();
      t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('closed_at', { useTz: true }).nullable();
      t.string('status').notNullable().defaultTo('running');
      t.integer('done').notNullable().defaultTo(0);
      t.integer('total').notNullable().defaultTo(0);
      t.jsonb('items').notNullable().defaultTo('[]');
      t.text('error').nullable();
      t.jsonb('result').nullable();
      t.index(['status', 'started_at']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('operations');
  },
};

/** An undo names the run it reverses, so the list says a run was undone without asking its module per row. */
export const operationsUndoesMigration: Migration = {
  name: '20261130000000_operations_undoes',
  async up(knex) {
    await knex.schema.alterTable('operations', (t) => {
      t.string('undoes').nullable().index();
      t.index(['kind', 'started_at']);
    });
    // Undos started before: the planning module names them `planning-undo:<run's workflow id>`.
    await knex.raw("UPDATE operations SET undoes = substring(workflow_id from 15) WHERE workflow_id LIKE 'planning-undo:%'");
  },
  async down(knex) {
    await knex.schema.alterTable('operations', (t) => {
      t.dropIndex(['kind', 'started_at']);
      t.dropColumn('undoes');
    });
  },
};
