import type { Migration } from '@alterna/core';

/**
 * The organisation's identity per campus (issue #24): what a certificate of completion sent to an OPCO states — the
 * organisation's name, the campus's SIRET (each establishment has its own), the activity declaration number and the
 * address. One row per campus, set by its managers.
 */
export const organisationIdentity: Migration = {
  name: '20270301000100_organisation_identity',
  async up(knex) {
    await knex.schema.createTable('campus_organisations', (t) => {
      t.uuid('campus_id').primary().references('campuses.id').onDelete('CASCADE');
      t.string('name', 160).notNullable();
      t.string('siret', 14).notNullable();
      t.string('activity_declaration_number', 11).notNullable();
      t.string('street_address', 255).notNullable();
      t.string('postal_code', 10).notNullable();
      t.string('city', 120).notNullable();
      t.timestamps(true, true);
    });
    await knex.raw("ALTER TABLE campus_organisations ADD CONSTRAINT campus_organisations_siret CHECK (siret ~ '^[0-9]{14}$')");
    await knex.raw("ALTER TABLE campus_organisations ADD CONSTRAINT campus_organisations_declaration CHECK (activity_declaration_number ~ '^[0-9]{11}$')");
  },
  async down(knex) {
    await knex.schema.dropTable('campus_organisations');
  },
};
