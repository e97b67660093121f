import { managerTypologies as managers, staffTypologies, type PermissionDeclaration } from '@alterna/core';

/** Permission ids of the module; reads go to every staff typology (read-only included), changes never to read-only. */
export const perm = {
  /** Lists and looks up actors on the viewer's campuses (duplicate lookups included). */
  actorRead: 'people.actor.read',
  /** Creates actors, edits their personal information, adds typologies, archives — on the campuses concerned. */
  actorUpdate: 'people.actor.update',
  /** Gives a staff typology (pedagogy, isd, management, campus-manager, read-only, referent): opens staff access. */
  staffGrant: 'people.staff.grant',
  /** Corporations are the centre's shared address book (no campus); their people are read on the viewer's campuses. */
  corporationRead: 'people.corporation.read',
  corporationUpdate: 'people.corporation.update',
} as const;

export const permissions: PermissionDeclaration[] = [
  { id: perm.actorRead, kind: 'read', typologies: staffTypologies },
  { id: perm.actorUpdate, kind: 'change', typologies: managers },
  // Opening staff access is the direction's decision, not a campus manager's.
  { id: perm.staffGrant, kind: 'change', typologies: ['pedagogy', 'management'] },
  { id: perm.corporationRead, kind: 'read', typologies: staffTypologies },
  { id: perm.corporationUpdate, kind: 'change', typologies: managers },
];
