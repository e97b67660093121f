import { managerTypologies as approvers, staffTypologies, type PermissionDeclaration } from '@alterna/core';

export const perm = {
  /** Reading the requests of a campus (the inbox): staff of that campus, read-only included. */
  requestRead: 'profile-changes.request.read',
  /** Approving or rejecting a request of that campus (SPEC §4 transitions): approvers, never read-only. */
  requestDecide: 'profile-changes.request.decide',
  /** Filing a request for another actor of that campus (one's own needs no permission). */
  requestFile: 'profile-changes.request.file',
} as const;

export const permissions: PermissionDeclaration[] = [
  { id: perm.requestRead, kind: 'read', typologies: staffTypologies },
  { id: perm.requestDecide, kind: 'change', typologies: approvers },
  { id: perm.requestFile, kind: 'change', typologies: approvers },
];
