import { staffTypologies, type PermissionDeclaration } from '@alterna/core';

/** Reading the requests of a campus (the inbox): staff of that campus, read-only included. */
export const READ = 'profile-changes.request.read';
/** Approving or rejecting a request of that campus (SPEC §4 transitions): approvers, never read-only. */
export const DECIDE = 'profile-changes.request.decide';
/** Filing a request for another actor of that campus (one's own needs no permission). */
export const FILE = 'profile-changes.request.file';

const approvers = ['pedagogy', 'isd', 'management', 'campus-manager'] as const;

export const permissions: PermissionDeclaration[] = [
  { id: READ, kind: 'read', typologies: staffTypologies },
  { id: DECIDE, kind: 'change', typologies: approvers },
  { id: FILE, kind: 'change', typologies: approvers },
];
