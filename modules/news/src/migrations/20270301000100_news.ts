import type { Migration } from '@alterna/core';

/**
 * News (SPEC §3): a type (page, downloadable file, link) with its one field — the Editor.js blocks (already cleaned), the
 * stored file, or the link —, the recipients (typologies), campuses, and for students trainings and training groups.
 * `news_files` records every file the module stored (Editor.js images, downloadable files): who sent it and, once a
 * news item uses it, which one — who may read it follows from that.
 */
export const news: Migration = {
  name: '20270301000100_news',
  async up(knex) {
    await knex.schema.createTable('news', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.string('type', 10).notNullable();
      t.string('title', 200).notNullable();
      t.jsonb('content').nullable();
      t.text('link').nullable();
      t.uuid('file_id').nullable().references('stored_files.id').onDelete('RESTRICT');
      t.specificType('recipients', 'text[]').notNullable();
      t.boolean('published').notNullable().defaultTo(false);
      t.timestamp('published_at', { useTz: true }).nullable();
      t.uuid('created_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamps(true, true);
      t.index(['published', 'published_at']);
    });
    await knex.raw(`ALTER TABLE news ADD CONSTRAINT news_type_field CHECK (
      (type = 'page' AND content IS NOT NULL AND link IS NULL AND file_id IS NULL)
      OR (type = 'file' AND file_id IS NOT NULL AND content IS NULL AND link IS NULL)
      OR (type = 'link' AND link IS NOT NULL AND content IS NULL AND file_id IS NULL))`);
    await knex.raw('ALTER TABLE news ADD CONSTRAINT news_recipients CHECK (cardinality(recipients) > 0)');
    await knex.schema.createTable('news_campuses', (t) => {
      t.uuid('news_id').notNullable().references('news.id').onDelete('CASCADE');
      t.uuid('campus_id').notNullable().references('campuses.id').onDelete('CASCADE').index();
      t.primary(['news_id', 'campus_id']);
    });
    await knex.schema.createTable('news_trainings', (t) => {
      t.uuid('news_id').notNullable().references('news.id').onDelete('CASCADE');
      t.uuid('training_id').notNullable().references('trainings.id').onDelete('CASCADE').index();
      t.primary(['news_id', 'training_id']);
    });
    await knex.schema.createTable('news_training_groups', (t) => {
      t.uuid('news_id').notNullable().references('news.id').onDelete('CASCADE');
      t.uuid('training_group_id').notNullable().references('training_groups.id').onDelete('CASCADE').index();
      t.primary(['news_id', 'training_group_id']);
    });
    await knex.schema.createTable('news_files', (t) => {
      t.uuid('file_id').primary().references('stored_files.id').onDelete('CASCADE');
      t.string('kind', 12).notNullable();
      t.uuid('uploaded_by').nullable().references('actors.id').onDelete('SET NULL');
      t.uuid('news_id').nullable().references('news.id').onDelete('SET NULL').index();
      // Copied from the stored file when it is sent: lists show them without asking the core per file.
      t.string('filename', 255).notNullable();
      t.string('content_type', 255).notNullable();
      t.bigInteger('size').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.raw("ALTER TABLE news_files ADD CONSTRAINT news_files_kind CHECK (kind IN ('image', 'attachment'))");
  },
  async down(knex) {
    for (const table of ['news_files', 'news_training_groups', 'news_trainings', 'news_campuses', 'news']) await knex.schema.dropTableIfExists(table);
  },
};
