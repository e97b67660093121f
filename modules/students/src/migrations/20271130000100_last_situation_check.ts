import type { Migration } from '@alterna/core';
import { LAST_SITUATIONS } from '../rules/statuses.js';

/**
 * The situation the year before (Y-1) takes only the values the validation accepts (issue #26): the database says so,
 * as it does for registrations' statuses, and the generated row type is that union.
 */
export const lastSituationCheck: Migration = {
  name: '20271130000100_last_situation_check',
  async up(knex) {
    // DDL takes no bound parameters: the values are the module's own constants, plain words.
    const values = LAST_SITUATIONS.map((value) => `'${value}'`).join(', ');
    await knex.raw(`ALTER TABLE student_last_situations ADD CONSTRAINT student_last_situations_situation CHECK (situation IN (${values}))`);
  },
  async down(knex) {
    await knex.raw('ALTER TABLE student_last_situations DROP CONSTRAINT student_last_situations_situation');
  },
};
