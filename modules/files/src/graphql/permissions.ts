import type { OperationPermissions } from '@alterna/core';
import { perm } from '../permissions.js';

/** Who may run each operation of the files module's schema (checked by the core before the resolver). */
export const operationPermissions: OperationPermissions = {
  Query: {
    pepalFolders: perm.read,
  },
  Mutation: {
    createPepalFolder: perm.manage,
    updatePepalFolder: perm.manage,
  },
};
