import { managerTypologies, staffTypologies, type PermissionDeclaration } from '@alterna/core';

/**
 * Permission ids of the module. Its own routes and operations are public or for any signed-in person (login, the
 * session, IsSubjectGranted); these two are held for the staff's reading and changing of people's identity records.
 */
export const perm = {
  actorRead: 'identity.actor.read',
  actorUpdate: 'identity.actor.update',
} as const;

export const permissions: PermissionDeclaration[] = [
  { id: perm.actorRead, kind: 'read', typologies: staffTypologies },
  { id: perm.actorUpdate, kind: 'change', typologies: managerTypologies },
];
