import type { Migration } from '@alterna/core';

// Reserved for the lessons area's own schema changes (indexes, columns); empty until it needs one.
export const lessonsSchema: Migration = {
  name: '20261220000200_lessons',
  async up() {},
  async down() {},
};
