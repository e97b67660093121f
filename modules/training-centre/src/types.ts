/**
 * What the training-centre module answers its clients (GraphQL fields by uuid, as the web reads them):
 * types only, so the web client imports them without reaching the server's code.
 */
/** A room of a building (CampusesInfo). */
export interface Room {
  uuid: string;
  name: string;
  size: number;
}
export interface Building {
  uuid: string;
  name: string;
  rooms: Room[];
}
export interface Site {
  uuid: string;
  name: string;
  address: string | null;
  buildings: Building[];
}
export interface CampusInfo {
  uuid: string;
  name: string;
  openDays: number[];
  canEdit: boolean;
  canManage: boolean;
  sites: Site[];
}
export interface TimeSlot {
  uuid: string;
  startTime: string;
  endTime: string;
}
export interface ModelTimeSlot {
  uuid: string;
  name: string;
  campus: { uuid: string; name: string };
  timeSlots: TimeSlot[];
}
export interface Closure {
  uuid: string;
  startDate: string;
  endDate: string;
  type: string;
  name: string | null;
  campus: { uuid: string; name: string };
}
export interface PublicHoliday {
  date: string;
  key: string;
  name: string;
}
export type { OrganisationIdentity } from './services/organisation.js';
