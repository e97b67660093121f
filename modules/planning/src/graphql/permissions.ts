import type { OperationPermissions } from '@alterna/core';

/**
 * Who may run each operation of the planning module's schema (checked by the core before the resolver).
 * 'authenticated': any logged actor, the service then narrows to the person's own data or campuses.
 */
export const operationPermissions: OperationPermissions = {
  Query: {
    EventLessonSchedules: 'planning.lesson.read',
    EventLessonSchedulesByPlanningGroup: 'planning.lesson.read',
    EventLessonSchedulesByRoom: 'planning.lesson.read',
    EventLessonSchedulesBySchoolSubject: 'planning.lesson.read',
    EventLessonSchedulesById: 'planning.lesson.read',
    EventLessonSchedulesByIdWithCancel: 'planning.lesson.read',
    EventLessonSchedulesAndScheduleTrainerConstraintByTeacher: 'planning.lesson.read',
    RoomsUseByDate: 'planning.lesson.read',
    PlanningProgress: 'planning.lesson.read',
    PlanningGroupByCampus: 'planning.group.read',
    ScheduleTrainingGroupWorkStudies: 'planning.resource.read',
    ScheduleTrainingGroupWorkStudiesByTrainingGroupNoTraining: 'planning.resource.read',
  },
  Mutation: {
    CreateEventLessonSchedule: 'planning.lesson.update',
    UpdateEventLessonSchedule: 'planning.lesson.update',
  },
};
