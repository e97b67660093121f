/** What the resources screens read and write: the planning routes of the resources area (SPEC §2). */
import type { OccupancyType } from '@alterna/planning/validation';
import { currentLanguage } from '../../../language';
import { requestJson, ViolationError, type Violation } from '../../../shared/http';

export interface Person {
  id: string;
  firstName: string;
  lastName: string;
}

export interface OccupancyCampus {
  id: string;
  name: string;
  canBook: boolean;
}

export interface OccupancyLesson {
  id: string;
  startAt: string;
  endAt: string;
  status: string;
  lessonType: string;
  remote: string;
  description: string | null;
  schoolSubject: { id: string; name: string; shortName: string; color: string | null } | null;
  teachers: Person[];
  planningGroups: { id: string; name: string }[];
}

export interface OccupancyBooking {
  id: string;
  title: string;
  description: string | null;
  startAt: string;
  endAt: string;
  bookedBy: Person | null;
}

export interface OccupancyRoom {
  room: { id: string; name: string; size: number };
  building: { id: string; name: string; site: { id: string; name: string } };
  lessons: OccupancyLesson[];
  bookings: OccupancyBooking[];
}

export interface OccupancyPlan {
  campus: { id: string; name: string; openDays: number[] };
  startDate: string;
  endDate: string;
  type: OccupancyType;
  canBook: boolean;
  rooms: OccupancyRoom[];
}

export interface TrainerConstraint {
  id: string;
  teacherId: string;
  allDay: boolean;
  startAt: string;
  endAt: string;
  description: string | null;
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
}

export interface TeacherConstraints {
  teacher: Person;
  canUpdate: boolean;
  constraints: TrainerConstraint[];
}

export interface TrainingGroupChoice {
  id: string;
  name: string;
  shortName: string;
  startDate: string;
  endDate: string;
  campus: { id: string; name: string };
  canUpdate: boolean;
}

export interface WorkStudyPeriod {
  id: string;
  trainingGroupId: string;
  startDate: string;
  endDate: string;
  type: string;
}

/** An API path in the interface language (the server serves both). */
const api = (en: string, fr: string) => `/api${currentLanguage() === 'fr' ? fr : en}`;
const q = encodeURIComponent;

export const resourceRoutes = {
  campuses: () => api('/planning/resources/campuses', '/planification/ressources/campus'),
  occupancy: (campus: string, startDate: string, endDate: string, type: string) =>
    api(`/planning/ROS/campus/${q(campus)}/${q(startDate)}/${q(endDate)}/${q(type)}`, `/planification/ROS/campus/${q(campus)}/${q(startDate)}/${q(endDate)}/${q(type)}`),
  bookingCreate: (campus: string, room: string, startDate: string, endDate: string) =>
    api(`/planning/booking/${campus}/${room}/${startDate}/${endDate}/create`, `/planification/reservation/${campus}/${room}/${startDate}/${endDate}/creer`),
  bookingEdit: (booking: string, campus: string, startDate: string, endDate: string) =>
    api(`/planning/booking/${booking}/${campus}/${startDate}/${endDate}/edit`, `/planification/reservation/${booking}/${campus}/${startDate}/${endDate}/modifier`),
  bookingDelete: (booking: string, campus: string, startDate: string, endDate: string) =>
    api(`/planning/booking/${booking}/${campus}/${startDate}/${endDate}/delete`, `/planification/reservation/${booking}/${campus}/${startDate}/${endDate}/supprimer`),
  constraints: (teacher?: string) => api('/planning/trainer-constraints', '/planification/contraintes-formateurs') + (teacher ? `?teacher=${q(teacher)}` : ''),
  constraintTeachers: (search: string) => `${api('/planning/trainer-constraints/teachers', '/planification/contraintes-formateurs/formateurs')}?search=${q(search)}`,
  constraintEdit: (id: string) => api(`/planning/trainer-constraints/${id}/edit`, `/planification/contraintes-formateurs/${id}/modifier`),
  constraintDelete: (id: string) => api(`/planning/trainer-constraints/${id}/delete`, `/planification/contraintes-formateurs/${id}/supprimer`),
  workStudies: (trainingGroup?: string) => api('/planning/work-studies', '/planification/periodes-alternance') + (trainingGroup ? `?trainingGroup=${q(trainingGroup)}` : ''),
  workStudyGroups: () => api('/planning/work-studies/training-groups', '/planification/periodes-alternance/groupes-de-formation'),
  workStudyEdit: (id: string) => api(`/planning/work-studies/${id}/edit`, `/planification/periodes-alternance/${id}/modifier`),
  workStudyDelete: (id: string) => api(`/planning/work-studies/${id}/delete`, `/planification/periodes-alternance/${id}/supprimer`),
};

export const loadCampuses = async () => (await requestJson<{ campuses: OccupancyCampus[] }>('GET', resourceRoutes.campuses())).campuses;
export const loadOccupancy = (campus: string, startDate: string, endDate: string, type: string) =>
  requestJson<OccupancyPlan>('GET', resourceRoutes.occupancy(campus, startDate, endDate, type));
export const searchTeachers = async (search: string) => (await requestJson<{ teachers: Person[] }>('GET', resourceRoutes.constraintTeachers(search))).teachers;
export const loadConstraints = (teacher: string) => requestJson<TeacherConstraints>('GET', resourceRoutes.constraints(teacher));
export const loadTrainingGroups = async () => (await requestJson<{ trainingGroups: TrainingGroupChoice[] }>('GET', resourceRoutes.workStudyGroups())).trainingGroups;
export const loadWorkStudies = (trainingGroup: string) =>
  requestJson<{ trainingGroup: Omit<TrainingGroupChoice, 'canUpdate'>; canUpdate: boolean; periods: WorkStudyPeriod[] }>('GET', resourceRoutes.workStudies(trainingGroup));

/**
 * A form POST whose server field names differ from the form's (startAt → startTime…): violations are
 * renamed so they show next to the right field.
 */
export async function postForm<T>(url: string, body: unknown, rename: Record<string, string> = {}): Promise<T> {
  try {
    return await requestJson<T>('POST', url, body);
  } catch (error) {
    if (error instanceof ViolationError) {
      const violations: Violation[] = error.violations.map((v) => ({ ...v, path: rename[v.path] ?? v.path }));
      throw new ViolationError(error.message, violations, error.status);
    }
    throw error;
  }
}
