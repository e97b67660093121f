import type { PermissionDeclaration } from '@alterna/core';

/** Permission ids of the module: none yet, the solver has no route (the run's routes come with the workflow). */
export const perm = {} as const;

export const permissions: PermissionDeclaration[] = [];
