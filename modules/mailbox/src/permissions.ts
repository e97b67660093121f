import { managerTypologies as managers, staffTypologies, type PermissionDeclaration } from '@alterna/core';

/** Permission ids of the module. Campus checks are the services': a template is centre-wide or of one campus. */
export const perm = {
  /** Mail templates of one's campuses and the centre-wide ones (staff, read-only included): list, preview. */
  templateRead: 'mailbox.template.read',
  /** Create, edit, duplicate, delete them and upload their images (managers; centre-wide ones need every campus). */
  templateManage: 'mailbox.template.manage',
} as const;

export const permissions: PermissionDeclaration[] = [
  { id: perm.templateRead, kind: 'read', typologies: staffTypologies },
  { id: perm.templateManage, kind: 'change', typologies: managers },
];
