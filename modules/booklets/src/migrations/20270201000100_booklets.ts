import type { Migration } from '@alterna/core';

/**
 * Booklets (SPEC §3 booklet item, evaluation form values; §4 form lock; §5 booklet rules). Items belong to a training,
 * optionally to one session (a session's own list replaces the training's general one). Each apprentice's registration
 * gets one form per item; the form carries its edit lock (holder, since) and a version the save compares in its UPDATE.
 */
export const booklets: Migration = {
  name: '20270201000100_booklets',
  async up(knex) {
    await knex.schema.createTable('booklet_items', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('training_id').notNullable().references('trainings.id').onDelete('CASCADE');
      t.uuid('training_session_id').nullable().references('training_sessions.id').onDelete('CASCADE');
      t.string('title', 200).notNullable();
      t.integer('position').notNullable();
      t.date('date').nullable();
      t.date('start_date').nullable();
      t.date('end_date').nullable();
      t.timestamps(true, true);
      t.index(['training_id', 'training_session_id', 'position']);
    });
    // SPEC §5: a single date, or start and end together (each requires the other), never both kinds.
    await knex.raw(`ALTER TABLE booklet_items ADD CONSTRAINT booklet_items_dates CHECK (
      (date IS NOT NULL AND start_date IS NULL AND end_date IS NULL)
      OR (date IS NULL AND start_date IS NOT NULL AND end_date IS NOT NULL AND start_date <= end_date))`);

    // One row per module of an item; the training and session are copied so that a partial unique index can say
    // "this module once per list" (SPEC §5) — the database refuses a second one even if two requests race.
    await knex.schema.createTable('booklet_item_modules', (t) => {
      t.uuid('booklet_item_id').notNullable().references('booklet_items.id').onDelete('CASCADE');
      t.uuid('training_id').notNullable();
      t.uuid('scope_session_id').notNullable();
      t.string('module', 40).notNullable();
      t.primary(['booklet_item_id', 'module']);
    });
    await knex.raw(`ALTER TABLE booklet_item_modules ADD CONSTRAINT booklet_item_modules_module CHECK (module IN
      ('mission-definition', 'first-meeting', 'coach-meeting', 'coach-tutor-meeting', 'intermediate-evaluation', 'final-evaluation', 'thesis-evaluation'))`);
    await knex.raw(`CREATE UNIQUE INDEX booklet_item_modules_once ON booklet_item_modules (training_id, scope_session_id, module)
      WHERE module IN ('mission-definition', 'first-meeting', 'intermediate-evaluation', 'thesis-evaluation')`);

    await knex.schema.createTable('booklet_thesis_skills', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('training_id').notNullable().references('trainings.id').onDelete('CASCADE').index();
      t.string('name', 200).notNullable();
      t.integer('position').notNullable();
      // The thesis evaluation grid's weight of the skill.
      t.decimal('coefficient', 5, 2).notNullable().defaultTo(1);
      t.check('coefficient > 0', [], 'booklet_thesis_skills_coefficient');
    });
    await knex.schema.createTable('booklet_thesis_grids', (t) => {
      t.uuid('training_id').primary().references('trainings.id').onDelete('CASCADE');
      t.integer('max_mark').notNullable().defaultTo(20);
      t.text('instructions').notNullable().defaultTo('');
      t.timestamps(true, true);
      t.check('max_mark BETWEEN 1 AND 100', [], 'booklet_thesis_grids_max');
    });

    await knex.schema.createTable('booklet_forms', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('booklet_item_id').notNullable().references('booklet_items.id').onDelete('CASCADE');
      t.uuid('student_registration_id').notNullable().references('student_registrations.id').onDelete('CASCADE').index();
      // SPEC §3 evaluation form values: { tasks: string[], skillMarks: [{ skill, mark, comment }], note }.
      t.jsonb('values').notNullable().defaultTo(knex.raw(`'{"tasks":[],"skillMarks":[],"note":""}'::jsonb`));
      t.decimal('average_mark', 5, 2).notNullable().defaultTo(0);
      // Bumped by every save; a save names the version it started from, compared in the same UPDATE.
      t.integer('version').notNullable().defaultTo(0);
      t.uuid('updated_by').nullable().references('actors.id').onDelete('SET NULL');
      t.uuid('lock_holder_id').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamp('locked_at', { useTz: true }).nullable();
      t.timestamp('validated_at', { useTz: true }).nullable();
      t.timestamps(true, true);
      t.unique(['booklet_item_id', 'student_registration_id']);
    });
    await knex.raw('ALTER TABLE booklet_forms ADD CONSTRAINT booklet_forms_lock CHECK ((lock_holder_id IS NULL) = (locked_at IS NULL))');
  },
  async down(knex) {
    for (const table of ['booklet_forms', 'booklet_thesis_grids', 'booklet_thesis_skills', 'booklet_item_modules', 'booklet_items']) {
      await knex.schema.dropTableIfExists(table);
    }
  },
};
