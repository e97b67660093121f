import type { Migration } from '@alterna/core';

/**
 * Files and folders (issue #13): a tree of folders per campus, the planning groups allowed to see each folder,
 * the files in them (bytes in the core's stored_files), and the expiry notices of the daily run — the unique
 * key makes a rerun find nothing new for a file and its expiration date.
 */
export const files: Migration = {
  name: '20270201000100_files',
  async up(knex) {
    await knex.schema.createTable('files_folders', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('campus_id').notNullable().references('campuses.id').onDelete('CASCADE');
      t.uuid('parent_id').nullable().references('files_folders.id').onDelete('CASCADE').index();
      t.string('name', 200).notNullable();
      t.uuid('created_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['campus_id', 'name']);
    });
    await knex.schema.createTable('files_folder_planning_groups', (t) => {
      t.uuid('folder_id').notNullable().references('files_folders.id').onDelete('CASCADE');
      t.uuid('planning_group_id').notNullable().references('planning_groups.id').onDelete('CASCADE').index();
      t.primary(['folder_id', 'planning_group_id']);
    });
    await knex.schema.createTable('files_documents', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('folder_id').notNullable().references('files_folders.id').onDelete('CASCADE').index();
      t.uuid('campus_id').notNullable().references('campuses.id').onDelete('CASCADE');
      t.uuid('stored_file_id').notNullable().references('stored_files.id').onDelete('RESTRICT');
      t.string('name', 255).notNullable();
      t.string('typology_reference', 32).notNullable();
      t.date('expiration_date').nullable();
      t.boolean('published').notNullable().defaultTo(false);
      // The person the file is about, and its owner (told before it expires); else whoever uploaded it.
      t.uuid('user_id').nullable().references('actors.id').onDelete('SET NULL');
      t.uuid('owner_id').nullable().references('actors.id').onDelete('SET NULL');
      t.uuid('uploaded_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['campus_id']);
    });
    await knex.raw("ALTER TABLE files_documents ADD CONSTRAINT files_documents_typology CHECK (typology_reference IN ('document', 'image', 'video', 'audio'))");
    await knex.raw('CREATE INDEX files_documents_expiring ON files_documents (expiration_date) WHERE expiration_date IS NOT NULL');
    await knex.schema.createTable('files_expiry_notices', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('file_id').notNullable().references('files_documents.id').onDelete('CASCADE');
      t.string('kind', 16).notNullable();
      t.date('expiration_date').notNullable();
      t.date('day').notNullable();
      t.specificType('recipients', 'text[]').nullable();
      t.timestamp('mailed_at', { useTz: true }).nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['file_id', 'kind', 'expiration_date']);
    });
    await knex.raw("ALTER TABLE files_expiry_notices ADD CONSTRAINT files_expiry_notices_kind CHECK (kind IN ('warning', 'expired'))");
    await knex.raw("CREATE INDEX files_expiry_notices_unmailed ON files_expiry_notices (created_at) WHERE mailed_at IS NULL AND kind = 'warning'");
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('files_expiry_notices');
    await knex.schema.dropTableIfExists('files_documents');
    await knex.schema.dropTableIfExists('files_folder_planning_groups');
    await knex.schema.dropTableIfExists('files_folders');
  },
};
