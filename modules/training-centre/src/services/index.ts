import type { CoreDeps, Knex } from '@alterna/core';
import { publicHolidays, type PublicHoliday } from '../rules/holidays.js';
import { campusesService, type CampusesService } from './campuses.js';
import { closuresService, type ClosedPeriod, type ClosureOnDay, type ClosuresService, type CampusDay, type NonWorkingDay } from './closures.js';
import { organisationService, type OrganisationService } from './organisation.js';
import { placesService, type PlacesService } from './places.js';
import { roomsService, type RoomsService } from './rooms.js';
import { timeSlotsService, type TimeSlotsService } from './time-slots.js';
import { usageRegistry, type CampusListener, type UsageCheck, type UsageRegistry } from './usage.js';

export interface CalendarService {
  /** Days the planning skips on that campus, `from` to `to` ('YYYY-MM-DD') included: closures and public holidays. */
  nonWorkingDays(campusId: string, from: string, to: string): Promise<NonWorkingDay[]>;
  /** The closures covering each asked campus day, in one statement, on `db` (a caller's transaction). */
  closuresOn(days: readonly CampusDay[], db?: Knex): Promise<ClosureOnDay[]>;
  /** Every closure's campus and days ('YYYY-MM-DD', both included). */
  closedPeriods(db?: Knex): Promise<ClosedPeriod[]>;
  /** Public holidays of metropolitan France for a year. */
  publicHolidays(year: number): PublicHoliday[];
}

export interface TrainingCentreServices {
  campuses: CampusesService;
  rooms: RoomsService;
  places: PlacesService;
  timeSlots: TimeSlotsService;
  closures: ClosuresService;
  /** The organisation's identity per campus; `identities` is the read other modules use (the attendance certificate). */
  organisation: OrganisationService;
  calendar: CalendarService;
  usage: UsageRegistry;
  /** Another module that holds rooms (lessons…) registers how many it holds per room, in its `register` hook. */
  registerRoomUsage(check: UsageCheck): void;
  /** Likewise for campuses (access rules…): a campus in use cannot be removed. */
  registerCampusUsage(check: UsageCheck): void;
  /** Told inside the transaction when a campus is created or removed. */
  registerCampusListener(listener: CampusListener): void;
}

export function trainingCentreServices({ knex, permissions }: CoreDeps): TrainingCentreServices {
  const usage = usageRegistry();
  const closures = closuresService(knex, permissions);
  return {
    campuses: campusesService(knex, permissions),
    rooms: roomsService(knex, permissions, usage),
    places: placesService(knex, permissions, usage),
    timeSlots: timeSlotsService(knex, permissions),
    closures,
    organisation: organisationService(knex, permissions),
    calendar: { nonWorkingDays: closures.nonWorkingDays, closuresOn: closures.closuresOn, closedPeriods: closures.closedPeriods, publicHolidays },
    usage,
    registerRoomUsage: usage.registerRoomUsage,
    registerCampusUsage: usage.registerCampusUsage,
    registerCampusListener: usage.registerCampusListener,
  };
}
