import type { OperationPermissions } from '@alterna/core';

/**
 * Who may run each operation of the trainings module's schema (checked by the core before the resolver).
 * 'authenticated': any logged actor, the service then narrows to the person's own data or campuses.
 */
export const operationPermissions: OperationPermissions = {
  Query: {
    schoolSubjects: 'trainings.subject.read',
    trainings: 'trainings.training.read',
    training: 'trainings.training.read',
    trainingSessions: 'authenticated',
    GetUserTrainingSession: 'authenticated',
    getTrainingsPublishedByCampus: 'trainings.training.read',
    getTrainingsPublishedByCampusList: 'trainings.training.read',
    getTrainingGroupByTraining: 'trainings.group.read',
    getTrainingGroupByTrainingListByCampusListByCurrentSession: 'trainings.group.read',
    getTrainingPlansByTraining: 'trainings.training.read',
    trainingGroups: 'trainings.group.read',
    trainingGroup: 'trainings.group.read',
    gradeScale: 'trainings.training.read',
  },
  Mutation: {
    CreateSchoolSubject: 'trainings.subject.update',
    UpdateSchoolSubject: 'trainings.subject.update',
    CreateTrainingSession: 'trainings.session.update',
  },
};
