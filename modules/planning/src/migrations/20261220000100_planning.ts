import type { Migration } from '@alterna/core';

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');
const lessonStatusValues = ['active', 'locked', 'cancelled'] as const;
const remoteValues = ['present', 'remote', 'both'] as const;
const lessonTypeValues = ['course', 'tutorial', 'practical', 'exam', 'project', 'meeting'] as const;
const cancellationTypeValues = ['disease', 'teacher-initiative', 'school-initiative'] as const;
const workStudyTypeValues = ['Entreprise', 'Formation'] as const;

/** The three resources a lesson holds; each link row carries the lesson's period and active flag for its constraint. */
const links = [
  { table: 'lesson_teachers', column: 'teacher_id', references: 'actors.id' },
  { table: 'lesson_rooms', column: 'room_id', references: 'rooms.id' },
  { table: 'lesson_planning_groups', column: 'planning_group_id', references: 'planning_groups.id' },
] as const;

/**
 * Planning: planning groups (subject hours, subscriptions), lessons (EventLessonSchedule) and their teachers,
 * rooms and groups, bookings, trainer constraints, work-study periods, and the items of bulk runs.
 *
 * Double booking is impossible by construction: every link row holds the lesson's period and an `active`
 * flag (kept in step by triggers), and an exclusion constraint (btree_gist) forbids two active overlapping
 * periods for the same teacher, room or planning group. The constraints are DEFERRABLE so a mass move may
 * shift a whole week in one transaction.
 */
export const planning: Migration = {
  name: '20261220000100_planning',
  async up(knex) {
    await knex.raw('CREATE EXTENSION IF NOT EXISTS btree_gist');

    await knex.schema.createTable('planning_groups', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('campus_id').notNullable().references('campuses.id').onDelete('RESTRICT').index();
      t.uuid('training_group_id').nullable().references('training_groups.id').onDelete('RESTRICT').index();
      t.uuid('parent_id').nullable().references('planning_groups.id').onDelete('RESTRICT').index();
      t.string('name', 160).notNullable();
      t.timestamps(true, true);
    });
    await knex.raw('CREATE UNIQUE INDEX planning_groups_name_unique ON planning_groups (campus_id, lower(name))');
    await knex.raw('ALTER TABLE planning_groups ADD CONSTRAINT planning_groups_not_own_parent CHECK (parent_id IS NULL OR parent_id <> id)');

    await knex.schema.createTable('planning_group_subject_lines', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('planning_group_id').notNullable().references('planning_groups.id').onDelete('CASCADE');
      t.uuid('school_subject_id').notNullable().references('school_subjects.id').onDelete('RESTRICT').index();
      t.decimal('hours', 8, 2).notNullable();
      t.smallint('position').notNullable().defaultTo(0);
      t.unique(['planning_group_id', 'school_subject_id']);
      t.check('hours > 0', [], 'planning_group_subject_lines_hours');
    });

    // RESTRICT on the group: "students linked to the planning group" blocks its deletion.
    await knex.schema.createTable('planning_group_subscriptions', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('planning_group_id').notNullable().references('planning_groups.id').onDelete('RESTRICT');
      t.uuid('student_registration_id').notNullable().references('student_registrations.id').onDelete('CASCADE').index();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['planning_group_id', 'student_registration_id']);
    });

    await knex.schema.createTable('lessons', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('campus_id').notNullable().references('campuses.id').onDelete('RESTRICT');
      t.uuid('training_session_id').nullable().references('training_sessions.id').onDelete('RESTRICT').index();
      t.timestamp('start_at', { useTz: true }).notNullable();
      t.timestamp('end_at', { useTz: true }).notNullable();
      t.string('remote', 10).notNullable().defaultTo('present');
      t.string('lesson_type', 20).notNullable().defaultTo('course');
      t.string('status', 12).notNullable().defaultTo('active');
      t.string('cancellation_type', 30).nullable();
      t.text('cancel_desc').nullable();
      t.text('description').nullable();
      t.uuid('school_subject_id').nullable().references('school_subjects.id').onDelete('RESTRICT').index();
      // `<run id>:<occurrence>` for lessons a bulk run made: a retried batch inserts nothing twice.
      t.string('creation_key', 200).nullable().unique();
      t.uuid('created_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamps(true, true);
      t.check('start_at < end_at', [], 'lessons_start_before_end');
    });
    await knex.raw("ALTER TABLE lessons ADD COLUMN period tstzrange GENERATED ALWAYS AS (tstzrange(start_at, end_at, '[)')) STORED");
    await knex.raw(`ALTER TABLE lessons ADD CONSTRAINT lessons_status CHECK (status IN (${list(lessonStatusValues)}))`);
    await knex.raw(`ALTER TABLE lessons ADD CONSTRAINT lessons_remote CHECK (remote IN (${list(remoteValues)}))`);
    await knex.raw(`ALTER TABLE lessons ADD CONSTRAINT lessons_type CHECK (lesson_type IN (${list(lessonTypeValues)}))`);
    await knex.raw(
      `ALTER TABLE lessons ADD CONSTRAINT lessons_cancellation CHECK ((status = 'cancelled') = (cancellation_type IS NOT NULL) AND (cancellation_type IS NULL OR cancellation_type IN (${list(cancellationTypeValues)})))`,
    );
    // The calendar reads a campus over a period: one GiST index answers "campus = ? AND period && ?".
    await knex.raw('CREATE INDEX lessons_campus_period ON lessons USING gist (campus_id, period)');

    await knex.raw(`
      CREATE OR REPLACE FUNCTION planning_link_fill() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT l.period, l.status <> 'cancelled' INTO NEW.period, NEW.active FROM lessons l WHERE l.id = NEW.lesson_id;
        RETURN NEW;
      END $$`);
    for (const link of links) {
      await knex.schema.createTable(link.table, (t) => {
        t.uuid('lesson_id').notNullable().references('lessons.id').onDelete('CASCADE');
        t.uuid(link.column).notNullable().references(link.references).onDelete('RESTRICT');
        if (link.table === 'lesson_teachers') t.uuid('teacher_contract_id').nullable().references('teacher_contracts.id').onDelete('RESTRICT').index();
        t.specificType('period', 'tstzrange').notNullable();
        t.boolean('active').notNullable();
        t.primary(['lesson_id', link.column]);
      });
      await knex.raw(
        `ALTER TABLE ${link.table} ADD CONSTRAINT ${link.table}_no_overlap EXCLUDE USING gist (${link.column} WITH =, period WITH &&) WHERE (active) DEFERRABLE INITIALLY IMMEDIATE`,
      );
      // Filled from the lesson, whatever the caller wrote: the constraint always sees the true period.
      await knex.raw(`CREATE TRIGGER ${link.table}_fill BEFORE INSERT OR UPDATE OF lesson_id ON ${link.table} FOR EACH ROW EXECUTE FUNCTION planning_link_fill()`);
    }
    await knex.raw(`
      CREATE OR REPLACE FUNCTION planning_lesson_sync() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.start_at IS DISTINCT FROM OLD.start_at OR NEW.end_at IS DISTINCT FROM OLD.end_at
           OR (NEW.status = 'cancelled') IS DISTINCT FROM (OLD.status = 'cancelled') THEN
          UPDATE lesson_teachers SET period = NEW.period, active = NEW.status <> 'cancelled' WHERE lesson_id = NEW.id;
          UPDATE lesson_rooms SET period = NEW.period, active = NEW.status <> 'cancelled' WHERE lesson_id = NEW.id;
          UPDATE lesson_planning_groups SET period = NEW.period, active = NEW.status <> 'cancelled' WHERE lesson_id = NEW.id;
        END IF;
        RETURN NEW;
      END $$`);
    await knex.raw('CREATE TRIGGER lessons_sync_links AFTER UPDATE ON lessons FOR EACH ROW EXECUTE FUNCTION planning_lesson_sync()');

    await knex.schema.createTable('room_bookings', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('room_id').notNullable().references('rooms.id').onDelete('RESTRICT');
      t.uuid('campus_id').notNullable().references('campuses.id').onDelete('RESTRICT').index();
      t.timestamp('start_at', { useTz: true }).notNullable();
      t.timestamp('end_at', { useTz: true }).notNullable();
      t.string('title', 160).notNullable();
      t.text('description').nullable();
      t.uuid('booked_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamps(true, true);
      t.check('start_at < end_at', [], 'room_bookings_start_before_end');
    });
    await knex.raw("ALTER TABLE room_bookings ADD COLUMN period tstzrange GENERATED ALWAYS AS (tstzrange(start_at, end_at, '[)')) STORED");
    await knex.raw('ALTER TABLE room_bookings ADD CONSTRAINT room_bookings_no_overlap EXCLUDE USING gist (room_id WITH =, period WITH &&)');

    await knex.schema.createTable('trainer_constraints', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('teacher_id').notNullable().references('actors.id').onDelete('CASCADE');
      t.boolean('all_day').notNullable().defaultTo(false);
      t.timestamp('start_at', { useTz: true }).notNullable();
      t.timestamp('end_at', { useTz: true }).notNullable();
      t.text('description').nullable();
      t.uuid('created_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamps(true, true);
      t.check('start_at < end_at', [], 'trainer_constraints_start_before_end');
    });
    await knex.raw("ALTER TABLE trainer_constraints ADD COLUMN period tstzrange GENERATED ALWAYS AS (tstzrange(start_at, end_at, '[)')) STORED");
    await knex.raw('CREATE INDEX trainer_constraints_teacher_period ON trainer_constraints USING gist (teacher_id, period)');

    await knex.schema.createTable('training_group_work_studies', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('training_group_id').notNullable().references('training_groups.id').onDelete('CASCADE');
      t.date('start_date').notNullable();
      t.date('end_date').notNullable();
      t.string('type', 20).notNullable();
      t.timestamps(true, true);
      t.check('start_date <= end_date', [], 'training_group_work_studies_dates');
    });
    await knex.raw(`ALTER TABLE training_group_work_studies ADD CONSTRAINT training_group_work_studies_type CHECK (type IN (${list(workStudyTypeValues)}))`);
    await knex.raw(
      "ALTER TABLE training_group_work_studies ADD CONSTRAINT training_group_work_studies_no_overlap EXCLUDE USING gist (training_group_id WITH =, daterange(start_date, end_date, '[]') WITH &&)",
    );

    // Bulk runs: one row per run, one per occurrence or lesson it handles (results, and what undo needs).
    await knex.schema.createTable('planning_runs', (t) => {
      t.string('run_id', 200).primary();
      t.string('kind', 20).notNullable();
      t.uuid('campus_id').nullable().references('campuses.id').onDelete('SET NULL');
      t.uuid('started_by').nullable().references('actors.id').onDelete('SET NULL');
      t.jsonb('request').notNullable();
      t.string('undone_by', 200).nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.schema.createTable('planning_run_items', (t) => {
      t.string('run_id', 200).notNullable().references('planning_runs.run_id').onDelete('CASCADE');
      t.integer('seq').notNullable();
      t.string('status', 20).notNullable().defaultTo('pending');
      t.uuid('lesson_id').nullable();
      t.timestamp('start_at', { useTz: true }).nullable();
      t.timestamp('end_at', { useTz: true }).nullable();
      t.jsonb('reason').nullable();
      t.jsonb('before').nullable();
      t.primary(['run_id', 'seq']);
      t.index(['run_id', 'status']);
    });
  },
  async down(knex) {
    for (const table of ['planning_run_items', 'planning_runs', 'training_group_work_studies', 'trainer_constraints', 'room_bookings',
      'lesson_planning_groups', 'lesson_rooms', 'lesson_teachers', 'lessons', 'planning_group_subscriptions', 'planning_group_subject_lines', 'planning_groups']) {
      await knex.schema.dropTableIfExists(table);
    }
    await knex.raw('DROP FUNCTION IF EXISTS planning_lesson_sync()');
    await knex.raw('DROP FUNCTION IF EXISTS planning_link_fill()');
  },
};
