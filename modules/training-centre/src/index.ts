import { defineModule } from '@alterna/core';
import { fr, en } from './locales/index.js';
import { campuses } from './migrations/20261122000100_campuses.js';
import { timeSlots } from './migrations/20261123000100_time_slots.js';
import { closures } from './migrations/20261123000200_closures.js';
import { readViews } from './migrations/20261125000100_read_views.js';
import { organisationIdentity } from './migrations/20270301000100_organisation_identity.js';
import { retireClosuresView } from './migrations/20270320000100_retire_closures_view.js';
import { roomPlacesReadView } from './migrations/20270320000200_room_places_read_view.js';
import { permissions } from './permissions.js';
import { trainingCentreServices, type TrainingCentreServices } from './services/index.js';
import './module-services.js';
import { routes } from './routes/index.js';
import { graphql } from './graphql/index.js';
import { seedCampuses } from './seed.js';

export type { TrainingCentreServices, CalendarService } from './services/index.js';
export type { Campus, CampusesService, CampusInfo, SiteInfo, BuildingInfo, RoomInfo } from './services/campuses.js';
export type { Room, RoomsService } from './services/rooms.js';
export type { ModelTimeSlot, TimeSlot, TimeSlotsService } from './services/time-slots.js';
export type { CampusClosure, CampusDay, ClosedPeriod, ClosureOnDay, ClosuresService, NonWorkingDay } from './services/closures.js';
export type { OrganisationIdentity, OrganisationService } from './services/organisation.js';
export type { UsageCheck, UsageContext, CampusListener } from './services/usage.js';
export type { PublicHoliday } from './rules/holidays.js';
export * from './rules/holidays.js';
export { perm } from './permissions.js';

/** Campuses, sites, buildings and rooms; time-slot models; campus closures and public holidays. */
export default defineModule<TrainingCentreServices>({
  name: 'training-centre',
  dependsOn: [],
  migrations: [campuses, timeSlots, closures, readViews, organisationIdentity, retireClosuresView, roomPlacesReadView],
  locales: { fr, en },
  permissions,
  services: trainingCentreServices,
  routes,
  graphql,
  seed: (_services, _core, knex) => seedCampuses(knex),
});
