import type { Migration } from '@alterna/core';

// Reserved for the resources area's own schema changes (indexes, columns); empty until it needs one.
export const resourcesSchema: Migration = {
  name: '20261220000500_resources',
  async up() {},
  async down() {},
};
