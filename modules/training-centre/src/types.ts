// Shapes the training-centre module hands out, for other modules and the web client (`import type`; nothing runs).
export type { Campus, CampusInfo, SiteInfo, BuildingInfo, RoomInfo, CampusesService } from './services/campuses.js';
export type { CampusClosure, ClosureInput, NonWorkingDay, ClosuresService } from './services/closures.js';
export type { CalendarService, TrainingCentreServices } from './services/index.js';
export type { CampusInput, SiteInput, BuildingInput, PlacesService, BuildingView } from './services/places.js';
export type { Room, RoomsService } from './services/rooms.js';
export type { TimeSlot, ModelTimeSlot, TimeSlotInput, TimeSlotsService } from './services/time-slots.js';
export type { UsageContext, UsageCheck, CampusListener, UsageRegistry } from './services/usage.js';
