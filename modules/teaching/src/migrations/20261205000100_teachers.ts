import type { Migration } from '@alterna/core';
import { activityDeclarationTypes, contractStatuses, legalForms } from '../rules/references.js';

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * Teachers' extra data (keyed by actor), their companies and their contracts (SPEC §3 TeacherContract,
 * TeacherCompany), with the reference lists the contracts use: teacher statuses and related activities.
 */
export const teachers: Migration = {
  name: '20261205000100_teachers',
  async up(knex) {
    await knex.schema.createTable('teacher_informations', (t) => {
      t.uuid('actor_id').primary().references('actors.id').onDelete('CASCADE');
      t.text('specialities').nullable();
      t.string('diploma', 200).nullable();
      t.text('professional_experience').nullable();
      t.text('comment').nullable();
      t.timestamps(true, true);
    });
    await knex.schema.createTable('teacher_statuses', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.string('reference', 40).notNullable().unique();
      // A teacher who invoices the centre does it through a company: the contract then names it.
      t.boolean('requires_company').notNullable().defaultTo(false);
      t.smallint('position').notNullable().defaultTo(0);
    });
    await knex('teacher_statuses').insert([
      { reference: 'occasional', requires_company: false, position: 1 },
      { reference: 'employee', requires_company: false, position: 2 },
      { reference: 'independent', requires_company: true, position: 3 },
      { reference: 'company', requires_company: true, position: 4 },
    ]);
    await knex.schema.createTable('related_activities', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.string('reference', 40).notNullable().unique();
      // Activities of teacher contracts or of coach contracts.
      t.string('audience', 10).notNullable();
      // SPEC §3: hours and an hourly rate, or a quantity and a unit price.
      t.boolean('is_hour').notNullable();
      t.smallint('position').notNullable().defaultTo(0);
    });
    await knex.raw("ALTER TABLE related_activities ADD CONSTRAINT related_activities_audience CHECK (audience IN ('teacher', 'coach'))");
    await knex('related_activities').insert([
      { reference: 'exam-supervision', audience: 'teacher', is_hour: true, position: 1 },
      { reference: 'exam-marking', audience: 'teacher', is_hour: false, position: 2 },
      { reference: 'exam-jury', audience: 'teacher', is_hour: true, position: 3 },
      { reference: 'course-design', audience: 'teacher', is_hour: true, position: 4 },
      { reference: 'company-visit', audience: 'teacher', is_hour: false, position: 5 },
      { reference: 'coach-meeting', audience: 'coach', is_hour: false, position: 1 },
      { reference: 'coach-company-visit', audience: 'coach', is_hour: false, position: 2 },
      { reference: 'coaching-hours', audience: 'coach', is_hour: true, position: 3 },
      { reference: 'coach-workshop', audience: 'coach', is_hour: true, position: 4 },
    ]);

    await knex.schema.createTable('teacher_companies', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      // Stored normalized (no spaces or dashes).
      t.string('siret', 14).notNullable();
      t.string('name', 200).notNullable();
      t.string('legal_form', 20).notNullable();
      t.string('activity_declaration_number_type', 20).notNullable();
      t.string('activity_declaration_number', 11).nullable();
      t.text('comment').nullable();
      t.string('street_address', 255).nullable();
      t.string('address_supplement', 255).nullable();
      t.string('postal_code', 10).nullable();
      t.string('address_locality', 120).nullable();
      t.string('address_country', 2).nullable();
      // An invalidated company (ceased, struck off…) stays on past contracts but is offered no more.
      t.timestamp('invalidated_at', { useTz: true }).nullable();
      t.uuid('invalidated_by').nullable().references('actors.id').onDelete('SET NULL');
      t.timestamps(true, true);
    });
    await knex.raw(`ALTER TABLE teacher_companies ADD CONSTRAINT teacher_companies_legal_form CHECK (legal_form IN (${list(legalForms)}))`);
    await knex.raw(`ALTER TABLE teacher_companies ADD CONSTRAINT teacher_companies_adn_type CHECK (activity_declaration_number_type IN (${list(activityDeclarationTypes)}))`);
    // SPEC §5: a company's SIRET or name duplicate is rejected.
    await knex.raw('CREATE UNIQUE INDEX teacher_companies_siret_unique ON teacher_companies (siret)');
    await knex.raw('CREATE UNIQUE INDEX teacher_companies_name_unique ON teacher_companies (lower(btrim(name)))');
    await knex.schema.createTable('teacher_company_teachers', (t) => {
      t.uuid('teacher_company_id').notNullable().references('teacher_companies.id').onDelete('CASCADE');
      t.uuid('teacher_id').notNullable().references('actors.id').onDelete('CASCADE').index();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['teacher_company_id', 'teacher_id']);
    });

    await knex.schema.createTable('teacher_contracts', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('teacher_id').notNullable().references('actors.id').onDelete('RESTRICT').index();
      t.uuid('campus_id').notNullable().references('campuses.id').onDelete('RESTRICT').index();
      t.uuid('training_session_id').notNullable().references('training_sessions.id').onDelete('RESTRICT').index();
      t.string('status', 20).notNullable().defaultTo('draft');
      t.date('start_date').notNullable();
      t.date('end_date').notNullable();
      t.uuid('teacher_status_id').notNullable().references('teacher_statuses.id').onDelete('RESTRICT');
      t.uuid('teacher_company_id').nullable().references('teacher_companies.id').onDelete('RESTRICT').index();
      t.check('start_date <= end_date', [], 'teacher_contracts_dates');
      t.timestamps(true, true);
    });
    await knex.raw(`ALTER TABLE teacher_contracts ADD CONSTRAINT teacher_contracts_status CHECK (status IN (${list(contractStatuses)}))`);
    await knex.schema.createTable('teacher_contract_subject_lines', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('teacher_contract_id').notNullable().references('teacher_contracts.id').onDelete('CASCADE');
      t.uuid('school_subject_id').notNullable().references('school_subjects.id').onDelete('RESTRICT').index();
      t.decimal('hours', 8, 2).notNullable();
      t.smallint('position').notNullable().defaultTo(0);
      t.unique(['teacher_contract_id', 'school_subject_id']);
      t.check('hours > 0', [], 'teacher_contract_subject_lines_hours');
    });
    await knex.schema.createTable('teacher_contract_activity_lines', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('teacher_contract_id').notNullable().references('teacher_contracts.id').onDelete('CASCADE').index();
      t.uuid('related_activity_id').notNullable().references('related_activities.id').onDelete('RESTRICT');
      t.decimal('amount', 8, 2).notNullable();
      t.decimal('price', 10, 2).notNullable();
      t.smallint('position').notNullable().defaultTo(0);
      t.check('amount > 0 AND price >= 0', [], 'teacher_contract_activity_lines_values');
    });
  },
  async down(knex) {
    for (const table of [
      'teacher_contract_activity_lines', 'teacher_contract_subject_lines', 'teacher_contracts', 'teacher_company_teachers',
      'teacher_companies', 'related_activities', 'teacher_statuses', 'teacher_informations',
    ]) await knex.schema.dropTable(table);
  },
};
