import { followerTypologies, managerTypologies as managers, staffTypologies, teacherTypologies as teachers, type PermissionDeclaration } from '@alterna/core';

/** Permission ids of the module. A teacher holds `take` on its campuses but the service lets it touch its own lessons only. */
export const perm = {
  sheetRead: 'attendance.sheet.read',
  /** Every sheet of the campus (staff, read-only included); teachers read their own lessons' only. */
  sheetReadStaff: 'attendance.sheet.read-all',
  sheetTake: 'attendance.sheet.take',
  /** Any lesson of the campus, not only one's own (staff replacing a teacher). */
  sheetManage: 'attendance.sheet.manage',
  /** Changes a sheet after its window (the campus's days after the lesson): managers correcting, recorded in the trail. */
  sheetCorrect: 'attendance.sheet.correct',
  /** A campus's sheet window: how early a sheet opens, how many days after the lesson it still changes. */
  sheetSettings: 'attendance.sheet.settings',
  selfCheckIn: 'attendance.self.check-in',
  /** Absences, lateness, justifications and statistics of the campus (staff, read-only included). */
  absenceRead: 'attendance.absence.read',
  justificationDecide: 'attendance.justification.decide',
  /** A campus's alert thresholds. */
  alertManage: 'attendance.alert.manage',
  /** The attendance of the students one follows: a coach's, a company tutor's or contact's apprentices. */
  followedRead: 'attendance.followed.read',
  /** A student's own absences and justifications. */
  selfJustify: 'attendance.self.justify',
} as const;

export const permissions: PermissionDeclaration[] = [
  { id: perm.sheetRead, kind: 'read', typologies: [...staffTypologies, ...teachers] },
  { id: perm.sheetReadStaff, kind: 'read', typologies: staffTypologies },
  { id: perm.sheetTake, kind: 'change', typologies: [...managers, ...teachers] },
  { id: perm.sheetManage, kind: 'change', typologies: managers },
  { id: perm.sheetCorrect, kind: 'change', typologies: managers },
  { id: perm.sheetSettings, kind: 'change', typologies: managers },
  { id: perm.selfCheckIn, kind: 'change', typologies: ['student'] },
  { id: perm.absenceRead, kind: 'read', typologies: staffTypologies },
  { id: perm.justificationDecide, kind: 'change', typologies: managers },
  { id: perm.alertManage, kind: 'change', typologies: managers },
  { id: perm.selfJustify, kind: 'change', typologies: ['student'] },
  { id: perm.followedRead, kind: 'read', typologies: followerTypologies },
];
