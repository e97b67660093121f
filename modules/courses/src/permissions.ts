import { managerTypologies as managers, staffTypologies, teacherTypologies as teachers, type PermissionDeclaration } from '@alterna/core';

/** Permission ids of the module. Teachers hold read and write on their campuses; the services keep them to their own courses. */
export const perm = {
  /** A course's pages: the teacher's own, or any teacher's of the campus for staff. */
  courseRead: 'courses.course.read',
  /** Any teacher's course of the campus (staff, read-only included). */
  courseReadAll: 'courses.course.read-all',
  /** Lesson reports, exercises and exams of one's own courses. */
  courseWrite: 'courses.course.write',
  /** Any teacher's course of the campus (managers). */
  courseManage: 'courses.course.manage',
  /** A student's published exercises and exams of their own groups. */
  studentRead: 'courses.student.read',
} as const;

export const permissions: PermissionDeclaration[] = [
  { id: perm.courseRead, kind: 'read', typologies: [...staffTypologies, ...teachers] },
  { id: perm.courseReadAll, kind: 'read', typologies: staffTypologies },
  { id: perm.courseWrite, kind: 'change', typologies: [...managers, ...teachers] },
  { id: perm.courseManage, kind: 'change', typologies: managers },
  { id: perm.studentRead, kind: 'read', typologies: ['student'] },
];
