/** What the training-centre screens read and write: GraphQL for reads and time slots, routes for places. */
import { gql, type GqlOptions } from '../../shared/gql';
import { requestJson } from '../../shared/http';
import { currentLanguage } from '../../language';
import { setMe, type Me } from '../../session';
import type { Room, Building, Site, CampusInfo, TimeSlot, ModelTimeSlot, Closure, PublicHoliday, OrganisationIdentity } from '@alterna/training-centre/types';

export type { Room, Building, Site, CampusInfo, TimeSlot, ModelTimeSlot, Closure, PublicHoliday };

export async function loadCampuses(options: GqlOptions = {}): Promise<CampusInfo[]> {
  const data = await gql<{ CampusesInfo: CampusInfo[] }>(/* GraphQL */ `
    query CampusesInfo {
      CampusesInfo {
        uuid name openDays canEdit canManage
        sites { uuid name address buildings { uuid name rooms { uuid name size } } }
      }
    }`, {}, options);
  return data.CampusesInfo;
}

/** The campuses of the selectors: the viewer's, with what it may change. */
export async function loadCampusList(options: GqlOptions = {}): Promise<Pick<CampusInfo, 'uuid' | 'name' | 'canEdit'>[]> {
  const data = await gql<{ CampusesInfo: Pick<CampusInfo, 'uuid' | 'name' | 'canEdit'>[] }>('query CampusList { CampusesInfo { uuid name canEdit } }', {}, options);
  return data.CampusesInfo;
}

export async function loadModels(campusId: string): Promise<ModelTimeSlot[]> {
  const data = await gql<{ ModelTimeSlots: ModelTimeSlot[] }>(
    'query ModelTimeSlots($campusList: [ID!]) { ModelTimeSlots(campusList: $campusList) { uuid name campus { uuid name } timeSlots { uuid startTime endTime } } }',
    { campusList: [campusId] },
  );
  return data.ModelTimeSlots;
}

export async function loadClosures(campusId: string, year: number): Promise<{ closures: Closure[]; holidays: PublicHoliday[] }> {
  const data = await gql<{ ScheduleCampusClosures: Closure[]; PublicHolidays: PublicHoliday[] }>(
    `query Closures($campusList: [ID!], $startDate: String, $endDate: String, $year: Int!) {
      ScheduleCampusClosures(campusList: $campusList, startDate: $startDate, endDate: $endDate) { uuid startDate endDate type name campus { uuid name } }
      PublicHolidays(year: $year) { date key name }
    }`,
    { campusList: [campusId], startDate: `${year}-01-01`, endDate: `${year}-12-31`, year },
  );
  return { closures: data.ScheduleCampusClosures, holidays: data.PublicHolidays };
}

/** GraphQL mutation for a form: violations come back by field, nothing pops up. */
export function mutate<T>(query: string, input: Record<string, unknown>): Promise<T> {
  return gql<T>(query, { input }, { silent: true });
}

export const mutations = {
  createModel: 'mutation CreateModelTimeSlot($input: CreateModelTimeSlotInput!) { CreateModelTimeSlot(input: $input) { modelTimeSlot { uuid } } }',
  updateModel: 'mutation UpdateModelTimeSlot($input: UpdateModelTimeSlotInput!) { UpdateModelTimeSlot(input: $input) { modelTimeSlot { uuid } } }',
  deleteModel: 'mutation DeleteModelTimeSlot($input: DeleteModelTimeSlotInput!) { DeleteModelTimeSlot(input: $input) { id } }',
  createSlot: 'mutation CreateTimeSlot($input: CreateTimeSlotInput!) { CreateTimeSlot(input: $input) { timeSlot { uuid } } }',
  updateSlot: 'mutation UpdateTimeSlot($input: UpdateTimeSlotInput!) { UpdateTimeSlot(input: $input) { timeSlot { uuid } } }',
  deleteSlot: 'mutation DeleteTimeSlot($input: DeleteTimeSlotInput!) { DeleteTimeSlot(input: $input) { id } }',
  createClosure: 'mutation CreateScheduleCampusClosure($input: CreateScheduleCampusClosureInput!) { CreateScheduleCampusClosure(input: $input) { scheduleCampusClosure { uuid } } }',
  updateClosure: 'mutation UpdateScheduleCampusClosure($input: UpdateScheduleCampusClosureInput!) { UpdateScheduleCampusClosure(input: $input) { scheduleCampusClosure { uuid } } }',
  deleteClosure: 'mutation DeleteScheduleCampusClosure($input: DeleteScheduleCampusClosureInput!) { DeleteScheduleCampusClosure(input: $input) { id } }',
};

/** API paths of the places routes (SPEC §2), in the interface language like the pages. */
const api = (en: string, fr: string) => `/api${currentLanguage() === 'fr' ? fr : en}`;
export const placeRoutes = {
  campusNew: () => api('/training-center/campus/new', '/centre-de-formation/campus/nouveau'),
  campus: (id: string) => api(`/training-center/campus/${id}`, `/centre-de-formation/campus/${id}`),
  siteNew: (campusId: string) => api(`/training-center/campus/${campusId}/sites/new`, `/centre-de-formation/campus/${campusId}/sites/nouveau`),
  site: (id: string) => api(`/training-center/sites/${id}`, `/centre-de-formation/sites/${id}`),
  buildingNew: (siteId: string) => api(`/training-center/${siteId}/new`, `/centre-de-formation/${siteId}/nouveau`),
  buildingEdit: (id: string) => api(`/training-center/${id}/edit`, `/centre-de-formation/${id}/modifier`),
  building: (id: string) => api(`/training-center/${id}`, `/centre-de-formation/${id}`),
  rooms: (buildingId: string) => api(`/training-center/${buildingId}/rooms/edit`, `/centre-de-formation/${buildingId}/salles/modifier`),
};

/** A new campus gives its creator access to it: the session's campuses change. */
export async function refreshMe(): Promise<void> {
  const body = await requestJson<{ actor: Me }>('GET', '/api/auth/me');
  setMe(body.actor);
}

export const organisationUrl = (campusId: string) => `/api/training-center/campus/${encodeURIComponent(campusId)}/organisation`;
export const loadOrganisation = (campusId: string) =>
  requestJson<{ identity: OrganisationIdentity | null; canEdit: boolean }>('GET', organisationUrl(campusId));
