import { ValidationError, type CoreDeps, type Knex, type PermissionMatrix, type Translate } from '@alterna/core';

export interface MarksContext {
  core: CoreDeps;
  knex: Knex;
  permissions: PermissionMatrix;
  /** A 422 with translated messages, each on its path. */
  refuse(t: Translate, violations: { path: string; key: string; values?: Record<string, unknown> }[]): never;
}

export function marksContext(core: CoreDeps): MarksContext {
  return {
    core,
    knex: core.knex,
    permissions: core.permissions,
    refuse(t, violations) {
      throw new ValidationError(violations.map((v) => ({ path: v.path, message: t(v.key, v.values ?? {}) as string })));
    },
  };
}

/** "LASTNAME First", as lists and report cards show a person. */
export const personName = (row: { first_name: string; last_name: string }) => `${row.last_name.toUpperCase()} ${row.first_name}`;
