import type { OperationPermissions } from '@alterna/core';

/**
 * Who may run each operation of the identity module's schema (checked by the core before the resolver).
 * 'authenticated': any logged actor, the service then narrows to the person's own data or campuses.
 */
export const operationPermissions: OperationPermissions = {
  Query: {
    CampusPermissionWithOpenDays: 'authenticated',
    // Logged out, the answer is simply false (SPEC §7): no refusal.
    IsSubjectGranted: 'public',
  },
};
