import type { Migration } from '@alterna/core';

/** The module's migrations, in order: none yet (the proposal's tables come with the placement workflow, issue #29). */
export const migrations: Migration[] = [];
