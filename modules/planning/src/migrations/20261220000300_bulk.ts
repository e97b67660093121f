import type { Migration } from '@alterna/core';

// Reserved for the bulk area's own schema changes (indexes, columns); empty until it needs one.
export const bulkSchema: Migration = {
  name: '20261220000300_bulk',
  async up() {},
  async down() {},
};
