import type { Migration } from '@alterna/core';

/** A student is an actor (typology student on a campus); this table holds what only a student has. */
export const students: Migration = {
  name: '20261210000100_students',
  async up(knex) {
    await knex.schema.createTable('students', (t) => {
      t.uuid('actor_id').primary().references('actors.id').onDelete('CASCADE');
      t.date('date_of_birth').notNullable();
      t.string('birth_country', 2).nullable();
      // INSEE code of the birth city, when it was picked among the suggestions (FR, TR, PF, GF).
      t.string('birth_city_code', 5).nullable();
      t.string('birthplace', 160).nullable();
      // Legal guardian: kept only while the student is under 18.
      t.string('guardian_last_name', 100).nullable();
      t.string('guardian_first_name', 100).nullable();
      t.string('guardian_email', 254).nullable();
      t.string('guardian_phone', 30).nullable();
      t.string('guardian_street_address', 255).nullable();
      t.string('guardian_address_supplement', 255).nullable();
      t.string('guardian_postal_code', 10).nullable();
      t.string('guardian_address_locality', 120).nullable();
      t.string('guardian_address_country', 2).nullable();
      t.timestamps(true, true);
    });
    await knex.raw('CREATE INDEX students_date_of_birth ON students (date_of_birth)');
  },
  async down(knex) {
    await knex.schema.dropTable('students');
  },
};
