import type { OperationPermissions } from '@alterna/core';

/**
 * Who may run each operation of the training-centre module's schema (checked by the core before the resolver).
 * 'authenticated': any logged actor, the service then narrows to the person's own data or campuses.
 */
export const operationPermissions: OperationPermissions = {
  Query: {
    getCampusInfo: 'training-centre.campus.read',
    CampusesInfo: 'training-centre.campus.read',
    getRoomsWithBuildingWithCampus: 'training-centre.rooms.read',
    ModelTimeSlots: 'training-centre.campus.read',
    ModelTimeSlot: 'training-centre.campus.read',
    ScheduleCampusClosures: 'training-centre.campus.read',
    PublicHolidays: 'authenticated',
  },
  Mutation: {
    CreateModelTimeSlot: 'training-centre.campus.update',
    UpdateModelTimeSlot: 'training-centre.campus.update',
    DeleteModelTimeSlot: 'training-centre.campus.update',
    CreateTimeSlot: 'training-centre.campus.update',
    UpdateTimeSlot: 'training-centre.campus.update',
    DeleteTimeSlot: 'training-centre.campus.update',
    CreateScheduleCampusClosure: 'training-centre.campus.update',
    UpdateScheduleCampusClosure: 'training-centre.campus.update',
    DeleteScheduleCampusClosure: 'training-centre.campus.update',
  },
};
