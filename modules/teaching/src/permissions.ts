import { managerTypologies as managers, staffTypologies, teacherTypologies, type PermissionDeclaration } from '@alterna/core';

/** Permission ids of the module: reads go to every staff typology (read-only included), changes never to read-only. */
export const perm = {
  teacherRead: 'teaching.teacher.read',
  teacherUpdate: 'teaching.teacher.update',
  companyRead: 'teaching.company.read',
  companyUpdate: 'teaching.company.update',
  coachRead: 'teaching.coach.read',
  coachUpdate: 'teaching.coach.update',
  followUpRead: 'teaching.follow-up.read',
  followUpUpdate: 'teaching.follow-up.update',
} as const;

/** The core's list, re-exported for the module's existing importers. */
export { teacherTypologies };

export const permissions: PermissionDeclaration[] = [
  { id: perm.teacherRead, kind: 'read', typologies: staffTypologies },
  { id: perm.teacherUpdate, kind: 'change', typologies: managers },
  // Teacher companies belong to the whole centre: read and written by staff, scoped through their teachers.
  { id: perm.companyRead, kind: 'read', typologies: staffTypologies },
  { id: perm.companyUpdate, kind: 'change', typologies: managers },
  { id: perm.coachRead, kind: 'read', typologies: staffTypologies },
  { id: perm.coachUpdate, kind: 'change', typologies: managers },
  // Coaches record the follow-ups of the students attributed to them; staff of the campus see and write them all.
  { id: perm.followUpRead, kind: 'read', typologies: [...staffTypologies, 'coach'] },
  { id: perm.followUpUpdate, kind: 'change', typologies: [...managers, 'coach'] },
];
