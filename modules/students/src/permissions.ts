import { managerTypologies as managers, staffTypologies, type PermissionDeclaration } from '@alterna/core';

/** Reads go to every staff typology (read-only included); changes never to read-only. */
export const perm = {
  studentRead: 'students.student.read',
  studentUpdate: 'students.student.update',
  export: 'students.export',
} as const;

export const permissions: PermissionDeclaration[] = [
  { id: perm.studentRead, kind: 'read', typologies: staffTypologies },
  // Coordinates, registrations, contracts and the Y-1 situation.
  { id: perm.studentUpdate, kind: 'change', typologies: managers },
  { id: perm.export, kind: 'read', typologies: staffTypologies },
];
