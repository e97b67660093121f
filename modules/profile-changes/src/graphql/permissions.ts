import type { OperationPermissions } from '@alterna/core';

/**
 * Who may run each operation of the profile-changes module's schema (checked by the core before the resolver).
 * 'authenticated': any logged actor, the service then narrows to the person's own data or campuses.
 */
export const operationPermissions: OperationPermissions = {
  Query: {
    profileChangeRequests: 'profile-changes.request.read',
    myProfileChangeRequests: 'authenticated',
  },
  Mutation: {
    CreateProfileChangeRequest: 'authenticated',
  },
};
