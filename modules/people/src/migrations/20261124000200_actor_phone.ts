import type { Migration } from '@alterna/core';

/**
 * Kept for the databases that ran it: the phone column is identity's now (its 20261122000300_actor_phone runs
 * first on a new database, and finds the column already there on an older one). Nothing left to do here.
 */
export const actorPhone: Migration = {
  name: '20261124000200_actor_phone',
  async up() {},
  async down() {},
};
