import { followerTypologies, managerTypologies as managers, staffTypologies, teacherTypologies as teachers, type PermissionDeclaration } from '@alterna/core';

/** Permission ids of the module. Teachers hold exam rights on their campuses; the services keep them to their own exams. */
export const perm = {
  /** An exam's marks: the exam's teacher, or staff of its campus. */
  examRead: 'marks.exam.read',
  /** Entering the marks of one's own exams (teachers) or of any exam of the campus (with examManage). */
  examWrite: 'marks.exam.write',
  /** Any exam of the campus (campus managers). */
  examManage: 'marks.exam.manage',
  /** Report cards of a training group of the campus, and their export. */
  reportCardRead: 'marks.report-card.read',
  /** Appraisals: a subject's by its teachers, any by managers of the group's campus. */
  appraise: 'marks.report-card.appraise',
  /** The student's own marks and report cards. */
  studentRead: 'marks.student.read',
  /** The marks and report cards of the apprentices one follows: a coach's attributed students, a company's apprentices. */
  followedRead: 'marks.followed.read',
} as const;

export const permissions: PermissionDeclaration[] = [
  { id: perm.examRead, kind: 'read', typologies: [...staffTypologies, ...teachers] },
  { id: perm.examWrite, kind: 'change', typologies: [...managers, ...teachers] },
  { id: perm.examManage, kind: 'change', typologies: managers },
  { id: perm.reportCardRead, kind: 'read', typologies: staffTypologies },
  { id: perm.appraise, kind: 'change', typologies: [...managers, ...teachers] },
  { id: perm.studentRead, kind: 'read', typologies: ['student'] },
  { id: perm.followedRead, kind: 'read', typologies: followerTypologies },
];
