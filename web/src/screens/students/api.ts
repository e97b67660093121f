/** The students module's server shapes (@alterna/students/types) and the calls the screens make. */
import type { Student, StudentListRow, StudentMatch, StudentRegistration } from '@alterna/students/types';
import type { CitySuggestion } from '@alterna/students/validation';
import { currentLanguage } from '../../language';
import { gql, type GqlOptions } from '../../shared/gql';
import { requestJson } from '../../shared/http';

export type { CitySuggestion, Student, StudentListRow, StudentMatch, StudentRegistration };

const fr = () => currentLanguage() === 'fr';
const base = () => (fr() ? '/api/etudiants' : '/api/students');
const id = (value: string) => encodeURIComponent(value);

/** API paths in the interface language (the server answers both). */
export const apiPaths = {
  newStudent: () => `${base()}/${fr() ? 'nouveau' : 'new'}`,
  student: (studentId: string) => `${base()}/${id(studentId)}`,
  coordinates: (studentId: string) => `${apiPaths.student(studentId)}/${fr() ? 'informations-personnelles/modifier' : 'personal-informations/edit'}`,
  registrationNew: (studentId: string) => `${apiPaths.student(studentId)}/${fr() ? 'inscriptions/nouvelle' : 'registrations/new'}`,
  registrationEdit: (studentId: string, registrationId: string) => `${apiPaths.student(studentId)}/${fr() ? 'inscriptions' : 'registrations'}/${id(registrationId)}/${fr() ? 'modifier' : 'edit'}`,
  contractNew: (studentId: string) => `${apiPaths.student(studentId)}/${fr() ? 'contrat/nouveau' : 'contract/new'}`,
  contractEdit: (studentId: string, contractId: string) => `${apiPaths.student(studentId)}/${fr() ? 'contrat' : 'contract'}/${id(contractId)}/${fr() ? 'modifier' : 'edit'}`,
  contractDates: (studentId: string) => `${apiPaths.student(studentId)}/${fr() ? 'contrat/modifier-dates' : 'contract/update-date'}`,
  lastSituation: () => `${base()}/${fr() ? 'etudiants/situation-n-1/nouvelle' : 'students/last-situation/new'}`,
  export: (filter: StudentFilter) => {
    const query = new URLSearchParams();
    if (filter.campusId) query.set('campusId', filter.campusId);
    if (filter.trainingSessionId) query.set('trainingSessionId', filter.trainingSessionId);
    if (filter.trainingIds.length) query.set('trainingIds', filter.trainingIds.join(','));
    if (filter.trainingGroupIds.length) query.set('trainingGroupIds', filter.trainingGroupIds.join(','));
    const text = query.toString();
    return `/api/export-xlsx/${text ? `?${text}` : ''}`;
  },
};

export interface StudentFilter {
  campusId: string | null;
  trainingSessionId: string | null;
  trainingIds: string[];
  trainingGroupIds: string[];
}

const sessionFields = 'id uuid name startDate endDate';
export const registrationFields = `id uuid studentStatus
  trainingGroup { id uuid name shortName campus { id uuid name } training { id uuid name shortName } trainingSession { ${sessionFields} } }
  contract { id uuid startDate endDate corporation { id uuid name shortName siret } }`;

export async function loadStudents(filter: StudentFilter): Promise<StudentListRow[]> {
  return (await gql<{ students: StudentListRow[] }>(
    `query Students($campusId: ID, $trainingIds: [ID!], $trainingGroupIds: [ID!], $trainingSessionId: ID) {
      students(campusId: $campusId, trainingIds: $trainingIds, trainingGroupIds: $trainingGroupIds, trainingSessionId: $trainingSessionId) {
        id uuid firstName lastName dateOfBirth birthCountry birthplace isMinor campuses { id uuid name } registration { ${registrationFields} }
      }
    }`,
    { ...filter },
    { silent: true },
  )).students;
}

export async function loadStudent(studentId: string): Promise<Student> {
  return (await requestJson<{ student: Student }>('GET', apiPaths.student(studentId))).student;
}

/** SPEC §7 person lookup for duplicate students; the GraphQL helper shows a failure in an error popup (SPEC §8). */
export async function findStudents(input: { firstName: string; lastName: string; dateOfBirth: string; id?: string | null }): Promise<StudentMatch[]> {
  return (await gql<{ getStudentByFirstNameAndLastNameAndDateOfBirth: StudentMatch[] }>(
    `query StudentLookup($firstName: String!, $lastName: String!, $dateOfBirth: String!, $id: ID) {
      getStudentByFirstNameAndLastNameAndDateOfBirth(firstName: $firstName, lastName: $lastName, dateOfBirth: $dateOfBirth, id: $id) {
        id uuid firstName lastName dateOfBirth lastRegistration { ${registrationFields} }
      }
    }`,
    input,
  )).getStudentByFirstNameAndLastNameAndDateOfBirth;
}

export async function loadBirthCities(countryCode: string, search: string, signal?: AbortSignal): Promise<CitySuggestion[]> {
  return (await gql<{ birthCities: CitySuggestion[] }>(
    'query BirthCities($countryCode: String!, $search: String!) { birthCities(countryCode: $countryCode, search: $search) { id city postcode citycode label } }',
    { countryCode, search },
    { silent: true, signal },
  )).birthCities;
}

export interface CorporationOption {
  id: string;
  uuid: string;
  name: string;
  shortName: string | null;
  siret: string | null;
}

/** The people module's agreed corporation search (from 2 characters). */
export async function searchCorporations(search: string, signal: AbortSignal): Promise<CorporationOption[]> {
  return (await gql<{ searchCorporations: CorporationOption[] }>(
    'query SearchCorporations($search: String!) { searchCorporations(search: $search) { id uuid name shortName siret } }',
    { search },
    { silent: true, signal },
  )).searchCorporations;
}

export interface SessionOption {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  isCurrent: boolean;
}

export interface TrainingOption {
  id: string;
  name: string;
  shortName: string;
  campuses: { id: string; name: string }[];
}

export interface GroupOption {
  id: string;
  name: string;
  shortName: string;
  campus: { id: string; name: string };
  training: { id: string; shortName: string };
  trainingSession: { id: string; name: string };
}

/** Sessions, trainings and groups of the actor's campuses (the trainings module's queries), for filters and forms. */
export async function loadTrainingChoices(options: GqlOptions = {}): Promise<{ sessions: SessionOption[]; trainings: TrainingOption[]; groups: GroupOption[] }> {
  return gql(
    `query StudentTrainingChoices {
      sessions: trainingSessions { id name startDate endDate isCurrent }
      trainings { id name shortName campuses { id name } }
      groups: trainingGroups { id name shortName campus { id name } training { id shortName } trainingSession { id name } }
    }`,
    {},
    options,
  );
}
