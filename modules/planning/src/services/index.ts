import type { CoreDeps } from '@alterna/core';
import { attendanceHook, type AttendanceHook } from './attendance.js';
import { bookingsService, type BookingsService } from './bookings.js';
import { bulkService, type BulkService } from './bulk.js';
import { calendarFeedsService, type CalendarFeedsService } from './calendar-feeds.js';
import { timetableService, type TimetableService } from './timetable.js';
import { conflictsService, type ConflictsService } from './conflicts.js';
import type { PlanningDeps } from './deps.js';
import { planningGroupsService, type PlanningGroupsService } from './groups.js';
import { lessonsService, type LessonsService } from './lessons.js';
import { occupancyService, type OccupancyService } from './occupancy.js';
import { planningProgressService, type PlanningProgressService } from './progress.js';
import { trainerConstraintsService, type TrainerConstraintsService } from './trainer-constraints.js';
import { workStudiesService, type WorkStudiesService } from './work-studies.js';

export interface PlanningServices {
  /** Other modules (attendance) register here how they know a lesson's attendance has started. */
  attendance: AttendanceHook;
  conflicts: ConflictsService;
  lessons: LessonsService;
  progress: PlanningProgressService;
  bulk: BulkService;
  groups: PlanningGroupsService;
  trainerConstraints: TrainerConstraintsService;
  workStudies: WorkStudiesService;
  bookings: BookingsService;
  occupancy: OccupancyService;
  /** Live iCal feeds of teachers, students and rooms. */
  calendarFeeds: CalendarFeedsService;
  timetable: TimetableService;
}

export function planningServices(core: CoreDeps): PlanningServices {
  let all: PlanningServices | null = null;
  const deps: PlanningDeps = {
    core,
    knex: core.knex,
    permissions: core.permissions,
    attendance: attendanceHook(),
    services: () => {
      if (!all) throw new Error('planning services used before they were built');
      return all;
    },
  };
  all = {
    attendance: deps.attendance,
    conflicts: conflictsService(deps),
    lessons: lessonsService(deps),
    progress: planningProgressService(deps),
    bulk: bulkService(deps),
    groups: planningGroupsService(deps),
    trainerConstraints: trainerConstraintsService(deps),
    workStudies: workStudiesService(deps),
    bookings: bookingsService(deps),
    occupancy: occupancyService(deps),
    calendarFeeds: calendarFeedsService(deps),
    timetable: timetableService(deps),
  };
  return all;
}
