import { managerTypologies as managers, staffTypologies, type PermissionDeclaration, type Typology } from '@alterna/core';

/** Permission ids of the module; reads go to every staff typology (read-only included), changes never to read-only. */
export const perm = {
  subjectRead: 'trainings.subject.read',
  subjectUpdate: 'trainings.subject.update',
  trainingRead: 'trainings.training.read',
  trainingUpdate: 'trainings.training.update',
  sessionUpdate: 'trainings.session.update',
  groupRead: 'trainings.group.read',
  groupUpdate: 'trainings.group.update',
  export: 'trainings.export',
} as const;

/** SPEC §6: rooms are limited to campuses where the actor has pedagogy, isd, management or campus-manager access. */
export const roomTypologies: readonly Typology[] = managers;

export const permissions: PermissionDeclaration[] = [
  { id: perm.subjectRead, kind: 'read', typologies: staffTypologies },
  { id: perm.subjectUpdate, kind: 'change', typologies: managers },
  { id: perm.trainingRead, kind: 'read', typologies: staffTypologies },
  { id: perm.trainingUpdate, kind: 'change', typologies: managers },
  // Sessions are the centre's school years: set by pedagogy and management only.
  { id: perm.sessionUpdate, kind: 'change', typologies: ['pedagogy', 'management'] },
  { id: perm.groupRead, kind: 'read', typologies: staffTypologies },
  { id: perm.groupUpdate, kind: 'change', typologies: managers },
  { id: perm.export, kind: 'read', typologies: staffTypologies },
];
