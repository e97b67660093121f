import type { Migration } from '@alterna/core';
import { abandonReasons, breakInitiatives, breakRisks, disciplinaryKinds, followUpKinds } from '../rules/references.js';

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * Coaches' extra data (keyed by actor), which students each coach follows in a session, coach contracts
 * with their related activity lines, and the coaching follow-ups of students (keyed by the student's actor).
 */
export const coaching: Migration = {
  name: '20261205000200_coaching',
  async up(knex) {
    await knex.schema.createTable('coach_informations', (t) => {
      t.uuid('actor_id').primary().references('actors.id').onDelete('CASCADE');
      t.text('specialities').nullable();
      t.smallint('max_students').nullable();
      t.text('comment').nullable();
      t.timestamps(true, true);
    });
    await knex.schema.createTable('coach_attributions', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('coach_id').notNullable().references('actors.id').onDelete('CASCADE').index();
      t.uuid('student_id').notNullable().references('actors.id').onDelete('CASCADE');
      t.uuid('campus_id').notNullable().references('campuses.id').onDelete('RESTRICT').index();
      t.uuid('training_session_id').notNullable().references('training_sessions.id').onDelete('RESTRICT');
      t.uuid('attributed_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      // A student has one coach in a session.
      t.unique(['student_id', 'training_session_id']);
    });
    await knex.schema.createTable('coach_contracts', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('coach_id').notNullable().references('actors.id').onDelete('RESTRICT').index();
      t.uuid('campus_id').notNullable().references('campuses.id').onDelete('RESTRICT').index();
      t.uuid('training_session_id').notNullable().references('training_sessions.id').onDelete('RESTRICT');
      t.date('start_date').notNullable();
      t.date('end_date').notNullable();
      t.check('start_date <= end_date', [], 'coach_contracts_dates');
      t.timestamps(true, true);
    });
    await knex.schema.createTable('coach_contract_activity_lines', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('coach_contract_id').notNullable().references('coach_contracts.id').onDelete('CASCADE').index();
      t.uuid('related_activity_id').notNullable().references('related_activities.id').onDelete('RESTRICT');
      t.decimal('amount', 8, 2).notNullable();
      t.decimal('price', 10, 2).notNullable();
      t.smallint('position').notNullable().defaultTo(0);
      t.check('amount > 0 AND price >= 0', [], 'coach_contract_activity_lines_values');
    });
    await knex.schema.createTable('coaching_follow_ups', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('student_id').notNullable().references('actors.id').onDelete('CASCADE').index();
      t.uuid('campus_id').notNullable().references('campuses.id').onDelete('RESTRICT').index();
      t.string('kind', 40).notNullable();
      t.date('date').notNullable();
      // The kind's own list: disciplinary measure, break initiative or abandon reason (none for a prevention).
      t.string('category', 40).nullable();
      // A prevention names the risks seen.
      t.specificType('risks', 'text[]').notNullable().defaultTo(knex.raw("'{}'"));
      t.text('description').nullable();
      t.text('actions').nullable();
      t.uuid('recorded_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamps(true, true);
    });
    await knex.raw(`ALTER TABLE coaching_follow_ups ADD CONSTRAINT coaching_follow_ups_kind CHECK (
      (kind = 'disciplinary' AND category IN (${list(disciplinaryKinds)}))
      OR (kind = 'prevent-registration-break' AND category IS NULL AND risks <@ ARRAY[${list(breakRisks)}]::text[])
      OR (kind = 'break' AND category IN (${list(breakInitiatives)}))
      OR (kind = 'abandon' AND category IN (${list(abandonReasons)}))
    )`);
    await knex.raw(`ALTER TABLE coaching_follow_ups ADD CONSTRAINT coaching_follow_ups_kinds CHECK (kind IN (${list(followUpKinds)}))`);
  },
  async down(knex) {
    for (const table of ['coaching_follow_ups', 'coach_contract_activity_lines', 'coach_contracts', 'coach_attributions', 'coach_informations']) await knex.schema.dropTable(table);
  },
};
