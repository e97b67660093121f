import { followerTypologies, managerTypologies as managers, staffTypologies, type PermissionDeclaration } from '@alterna/core';

const followers = [...followerTypologies, 'student'] as const;

/** Permission ids of the module. The services keep coaches, tutors, contacts and students to their own apprentices. */
export const perm = {
  /** A training's booklet items, thesis skills and grid (staff of its campuses). */
  itemRead: 'booklets.item.read',
  /** Create, edit, reorder and delete them (managers of all the training's campuses). */
  itemManage: 'booklets.item.manage',
  /** Booklets one follows: coach, tutor, corporation contact, the apprentice; staff of the campus. */
  formRead: 'booklets.form.read',
  /** Any booklet of the campus (staff, read-only included). */
  formReadAll: 'booklets.form.read-all',
  /** Filling a form one is named for (coach, tutor, apprentice). */
  formWrite: 'booklets.form.write',
  /** Forcing another person's lock open as staff (managers). */
  formManage: 'booklets.form.manage',
} as const;

export const permissions: PermissionDeclaration[] = [
  { id: perm.itemRead, kind: 'read', typologies: staffTypologies },
  { id: perm.itemManage, kind: 'change', typologies: managers },
  { id: perm.formRead, kind: 'read', typologies: [...staffTypologies, ...followers] },
  { id: perm.formReadAll, kind: 'read', typologies: staffTypologies },
  { id: perm.formWrite, kind: 'change', typologies: ['coach', 'tutor', 'student'] },
  { id: perm.formManage, kind: 'change', typologies: managers },
];
