import type { Migration } from '@alterna/core';

/**
 * Mail templates (SPEC §3 mail-template editor: subject, sub-title, content tree; the form's jsonContent, mjml and body).
 * A template is centre-wide (campus_id null) or belongs to one campus. `content` is the validated tree, `json_content`
 * the tree as the editor serialised it (kept for SPEC parity), `mjml` and `body` what the server compiled from it.
 * Uploaded images are `mail_template_images`: an unguessable public token per stored file, so e-mail clients load them.
 */
export const mailTemplates: Migration = {
  name: '20270301000100_mail_templates',
  async up(knex) {
    await knex.schema.createTable('mail_templates', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('campus_id').nullable().references('campuses.id').onDelete('CASCADE').index();
      t.string('subject', 200).notNullable();
      t.string('sub_title', 200).notNullable().defaultTo('');
      t.jsonb('content').notNullable();
      t.text('json_content').notNullable();
      t.text('mjml').notNullable();
      t.text('body').notNullable();
      t.text('text_body').notNullable();
      t.uuid('created_by').nullable();
      t.uuid('updated_by').nullable();
      t.timestamps(true, true);
    });
    await knex.schema.createTable('mail_template_images', (t) => {
      // The address's secret: 32 random bytes, base64url; the stored file's own id never leaves the server.
      t.string('token', 64).primary();
      t.uuid('stored_file_id').notNullable().unique();
      t.uuid('campus_id').nullable();
      t.uuid('uploaded_by').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('mail_template_images');
    await knex.schema.dropTableIfExists('mail_templates');
  },
};
