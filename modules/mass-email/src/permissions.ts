import { staffTypologies, type PermissionDeclaration, type Typology } from '@alterna/core';

const senders: readonly Typology[] = ['pedagogy', 'isd', 'management', 'campus-manager'];

/** Permission ids of the module: staff read the campaigns of their campuses; managers send to people of theirs. */
export const perm = {
  /** The campaigns sent on one's campuses, their recipients and states. */
  read: 'mass-email.campaign.read',
  /** Preview and send a campaign to people of one's campuses; pause and resume it. */
  send: 'mass-email.campaign.send',
} as const;

export const permissions: PermissionDeclaration[] = [
  { id: perm.read, kind: 'read', typologies: staffTypologies },
  { id: perm.send, kind: 'change', typologies: senders },
];
