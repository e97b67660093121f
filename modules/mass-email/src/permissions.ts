import { managerTypologies, staffTypologies, type PermissionDeclaration } from '@alterna/core';

/** Permission ids of the module: staff read the campaigns of their campuses; managers send to people of theirs. */
export const perm = {
  /** The campaigns sent on one's campuses, their recipients and states. */
  read: 'mass-email.campaign.read',
  /** Preview and send a campaign to people of one's campuses; pause and resume it. */
  send: 'mass-email.campaign.send',
} as const;

export const permissions: PermissionDeclaration[] = [
  { id: perm.read, kind: 'read', typologies: staffTypologies },
  { id: perm.send, kind: 'change', typologies: managerTypologies },
];
