import { managerTypologies as changers, staffTypologies, type PermissionDeclaration } from '@alterna/core';

export const perm = {
  /** Reading the centre's places and settings: every staff typology, on its campuses. */
  campusRead: 'training-centre.campus.read',
  /** Changing a campus's sites, buildings, rooms, time slots and closures, on that campus. */
  campusUpdate: 'training-centre.campus.update',
  /** Creating campuses (anywhere they hold it) and removing one (on that campus). */
  campusManage: 'training-centre.campus.manage',
  /**
   * SPEC §6 names the typologies whose campuses' rooms are offered; read-only reads them too on its campuses
   * (issue #9: its calendar and planning progress were refused), without any change permission.
   */
  roomsRead: 'training-centre.rooms.read',
} as const;

export const permissions: PermissionDeclaration[] = [
  { id: perm.campusRead, kind: 'read', typologies: staffTypologies },
  { id: perm.campusUpdate, kind: 'change', typologies: changers },
  // A campus manager runs its own campus; opening or closing campuses is for the centre's direction.
  { id: perm.campusManage, kind: 'change', typologies: ['pedagogy', 'isd', 'management'] },
  { id: perm.roomsRead, kind: 'read', typologies: [...changers, 'read-only'] },
];
