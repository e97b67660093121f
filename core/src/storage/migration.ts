import type { Migration } from '../modules/contract.js';

/** The core's record of every stored file; the bytes are in the storage driver under storage_key. */
export const storedFilesMigration: Migration = {
  name: '20261125000000_stored_files',
  async up(knex) {
    await knex.schema.createTable('stored_files', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.text('storage_key').notNullable().unique();
      t.string('filename', 255).notNullable();
      t.text('content_type').notNullable();
      t.bigInteger('size').notNullable();
      t.text('sha256').notNullable();
      // The module whose records point at the file (attendance, files, mailbox…).
      t.text('module').notNullable();
      // No foreign key: the actor table belongs to a module that depends on the core.
      t.uuid('uploaded_by').nullable().index();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['module', 'created_at']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('stored_files');
  },
};
