import type { OperationPermissions } from '@alterna/core';

/**
 * Who may run each operation of the teaching module's schema (checked by the core before the resolver).
 * 'authenticated': any logged actor, the service then narrows to the person's own data or campuses.
 */
export const operationPermissions: OperationPermissions = {
  Query: {
    TeacherWithCampusesWithTeacherContract: 'teaching.teacher.read',
    getTeacherContractByStatus: 'teaching.teacher.read',
    getPopupInfo: 'teaching.teacher.read',
    getTeacherCompanyBySiret: 'teaching.company.read',
    teacherCompaniesOfTeacher: 'teaching.company.read',
    coaches: 'teaching.coach.read',
    coachingStudents: 'teaching.coach.read',
    teacherStatuses: 'teaching.teacher.read',
    // The contract forms' activities (teachers' and coaches'): staff only, as the resolver checks (teacher or coach reads,
    // both staff's); declared 'authenticated' it refused seven typologies the declaration let through.
    relatedActivities: 'teaching.teacher.read',
  },
};
