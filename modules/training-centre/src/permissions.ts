import { staffTypologies, type PermissionDeclaration } from '@alterna/core';

/** Reading the centre's places and settings: every staff typology, on its campuses. */
export const READ = 'training-centre.campus.read';
/** Changing a campus's sites, buildings, rooms, time slots and closures, on that campus. */
export const UPDATE = 'training-centre.campus.update';
/** Creating campuses (anywhere they hold it) and removing one (on that campus). */
export const MANAGE = 'training-centre.campus.manage';
/**
 * SPEC §6 names the typologies whose campuses' rooms are offered; read-only reads them too on its campuses
 * (issue #9: its calendar and planning progress were refused), without any change permission.
 */
export const ROOMS_READ = 'training-centre.rooms.read';

const changers = ['pedagogy', 'isd', 'management', 'campus-manager'] as const;

export const permissions: PermissionDeclaration[] = [
  { id: READ, kind: 'read', typologies: staffTypologies },
  { id: UPDATE, kind: 'change', typologies: changers },
  // A campus manager runs its own campus; opening or closing campuses is for the centre's direction.
  { id: MANAGE, kind: 'change', typologies: ['pedagogy', 'isd', 'management'] },
  { id: ROOMS_READ, kind: 'read', typologies: [...changers, 'read-only'] },
];
