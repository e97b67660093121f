import { managerTypologies as managers, staffTypologies, teacherTypologies, type PermissionDeclaration } from '@alterna/core';

/** Permission ids of the files module. */
export const perm = {
  /** The folders and files of the campus (staff, read-only included). */
  read: 'files.document.read',
  /** Create, rename and delete folders; upload, replace, publish, date and delete files. */
  manage: 'files.document.manage',
  /** The published, unexpired files of the folders one's planning groups may see (students, teachers, tutors). */
  mine: 'files.document.mine',
} as const;

export const permissions: PermissionDeclaration[] = [
  { id: perm.read, kind: 'read', typologies: [...staffTypologies, 'referent'] },
  { id: perm.manage, kind: 'change', typologies: managers },
  { id: perm.mine, kind: 'read', typologies: ['student', ...teacherTypologies, 'tutor'] },
];
