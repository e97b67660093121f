/** What the module hands out: ids are UUIDs, given as both `id` and `uuid` (the SPEC's name). Dates are 'YYYY-MM-DD'. */
import type { StudentStatus, LastSituation } from '../rules/statuses.js';

export interface Ref {
  id: string;
  uuid: string;
  name: string;
}

export interface CorporationRef {
  id: string;
  uuid: string;
  name: string;
  shortName: string | null;
  siret: string | null;
}

export interface StudentContract {
  id: string;
  uuid: string;
  corporation: CorporationRef;
  startDate: string;
  endDate: string;
}

export interface RegistrationGroup {
  id: string;
  uuid: string;
  name: string;
  shortName: string;
  campus: Ref;
  training: { id: string; uuid: string; name: string; shortName: string };
  trainingSession: { id: string; uuid: string; name: string; startDate: string; endDate: string };
}

export interface StudentRegistration {
  id: string;
  uuid: string;
  studentId: string;
  studentStatus: StudentStatus;
  trainingGroup: RegistrationGroup;
  contract: StudentContract | null;
}

export interface LegalGuardian {
  guardianLastName: string | null;
  guardianFirstName: string | null;
  guardianEmail: string | null;
  guardianPhone: string | null;
  guardianStreetAddress: string | null;
  guardianAddressSupplement: string | null;
  guardianPostalCode: string | null;
  guardianAddressLocality: string | null;
  guardianAddressCountry: string | null;
}

export interface Student {
  id: string;
  uuid: string;
  firstName: string;
  lastName: string;
  email: string;
  archived: boolean;
  dateOfBirth: string;
  birthCountry: string | null;
  birthplace: string | null;
  birthCityCode: string | null;
  /** Under 18 today: the legal guardian block applies. */
  isMinor: boolean;
  legalGuardian: LegalGuardian | null;
  /** Campuses where the student studies (their student access rules), only those the viewer may see. */
  campuses: Ref[];
  /** Latest first (by session, then creation). */
  registrations: StudentRegistration[];
  lastRegistration: StudentRegistration | null;
  lastSituation: { situation: LastSituation; establishment: string | null; diploma: string | null } | null;
}

/** A line of the student list: a student with the registration the filters matched (or the latest one). */
export interface StudentListRow {
  id: string;
  uuid: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  birthCountry: string | null;
  birthplace: string | null;
  isMinor: boolean;
  campuses: Ref[];
  registration: StudentRegistration | null;
}

/** A student the duplicate lookup found (SPEC §8 popup: names, birth date, latest registration). */
export interface StudentMatch {
  id: string;
  uuid: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  lastRegistration: StudentRegistration | null;
}
