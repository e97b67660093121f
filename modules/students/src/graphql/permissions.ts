import type { OperationPermissions } from '@alterna/core';

/**
 * Who may run each operation of the students module's schema (checked by the core before the resolver).
 * 'authenticated': any logged actor, the service then narrows to the person's own data or campuses.
 */
export const operationPermissions: OperationPermissions = {
  Query: {
    students: 'students.student.read',
    student: 'students.student.read',
    getStudentByFirstNameAndLastNameAndDateOfBirth: 'students.student.read',
    birthCities: 'students.student.read',
  },
};
