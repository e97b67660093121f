import type { Migration } from '@alterna/core';

// Reserved for the groups area's own schema changes (indexes, columns); empty until it needs one.
export const groupsSchema: Migration = {
  name: '20261220000400_groups',
  async up() {},
  async down() {},
};
