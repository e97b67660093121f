import { gql } from '../../../shared/gql';
import { requestJson } from '../../../shared/http';

/** EventLessonSchedule as the calendar reads it (GraphQL contract; dates ISO UTC). */
export interface LessonEvent {
  uuid: string;
  startDate: string;
  endDate: string;
  remote: string;
  lessonType: string;
  lessonStatus: 'active' | 'locked' | 'cancelled' | string;
  lessonCancellationType: string | null;
  cancelDesc: string | null;
  description: string | null;
  campus: { uuid: string; name: string };
  teachers: { uuid: string; firstName: string; lastName: string }[];
  rooms: { uuid: string; name: string; size: number; building: { uuid: string; name: string } }[];
  schoolSubject: { uuid: string; name: string; shortName: string; color: string | null } | null;
  planningGroups: { uuid: string; name: string }[];
  attendanceStarted: boolean;
}

const lessonFields = `
  uuid startDate endDate remote lessonType lessonStatus lessonCancellationType cancelDesc description attendanceStarted
  campus { uuid name }
  teachers { uuid firstName lastName }
  rooms { uuid name size building { uuid name } }
  schoolSubject { uuid name shortName color }
  planningGroups { uuid name }
`;

export interface LessonFilters {
  campusList: string[];
  planningGroupsIdList?: string[];
  roomsIdList?: string[];
  teachersIdList?: string[];
  schoolSubjectId?: string | null;
  startDate: string;
  endDate: string;
}

/** Active and locked lessons of a period (and filters); cancelled ones come by id only (loadCancelledLessons). */
export async function loadLessons(filters: LessonFilters, signal?: AbortSignal): Promise<LessonEvent[]> {
  const variables = {
    campusList: filters.campusList,
    planningGroupsIdList: filters.planningGroupsIdList?.length ? filters.planningGroupsIdList : null,
    roomsIdList: filters.roomsIdList?.length ? filters.roomsIdList : null,
    teachersIdList: filters.teachersIdList?.length ? filters.teachersIdList : null,
    schoolSubjectId: filters.schoolSubjectId || null,
    startDate: filters.startDate,
    endDate: filters.endDate,
  };
  const data = await gql<{ EventLessonSchedules: LessonEvent[] }>(
    `query CalendarLessons($campusList: [ID!], $planningGroupsIdList: [ID!], $roomsIdList: [ID!], $teachersIdList: [ID!], $schoolSubjectId: ID,
        $startDate: String, $endDate: String) {
      EventLessonSchedules(campusList: $campusList, planningGroupsIdList: $planningGroupsIdList, roomsIdList: $roomsIdList,
        teachersIdList: $teachersIdList, schoolSubjectId: $schoolSubjectId, startDate: $startDate, endDate: $endDate) { ${lessonFields} }
    }`,
    variables,
    { silent: true, signal },
  );
  return data.EventLessonSchedules;
}

/** SPEC §4: cancelled lessons come only from the ...ByIdWithCancel read, by id (the ones cancelled on this page). */
export async function loadCancelledLessons(ids: string[], campusList: string[], signal?: AbortSignal): Promise<LessonEvent[]> {
  if (!ids.length) return [];
  const data = await gql<{ EventLessonSchedulesByIdWithCancel: LessonEvent[] }>(
    `query CancelledLessons($idList: [ID!]!, $campusList: [ID!]) {
      EventLessonSchedulesByIdWithCancel(idList: $idList, campusList: $campusList) { ${lessonFields} }
    }`,
    { idList: ids, campusList },
    { silent: true, signal },
  );
  return data.EventLessonSchedulesByIdWithCancel.filter((lesson) => lesson.lessonStatus === 'cancelled');
}

/** The input of CreateEventLessonSchedule / UpdateEventLessonSchedule (omitted = unchanged on update). */
export interface LessonInput {
  campus?: string;
  startDate?: string;
  endDate?: string;
  remote?: string;
  lessonType?: string;
  description?: string | null;
  teachers?: string[];
  rooms?: string[];
  schoolSubject?: string | null;
  planningGroups?: string[];
  lessonStatus?: string;
  lessonCancellationType?: string;
  cancelDesc?: string;
}

export async function createLesson(input: LessonInput): Promise<LessonEvent | null> {
  const data = await gql<{ CreateEventLessonSchedule: { eventLessonSchedule: LessonEvent | null } }>(
    `mutation CreateLesson($input: CreateEventLessonScheduleInput!) { CreateEventLessonSchedule(input: $input) { clientMutationId eventLessonSchedule { ${lessonFields} } } }`,
    { input },
    { silent: true },
  );
  return data.CreateEventLessonSchedule.eventLessonSchedule;
}

export async function updateLesson(id: string, input: LessonInput): Promise<LessonEvent | null> {
  const data = await gql<{ UpdateEventLessonSchedule: { eventLessonSchedule: LessonEvent | null } }>(
    `mutation UpdateLesson($input: UpdateEventLessonScheduleInput!) { UpdateEventLessonSchedule(input: $input) { clientMutationId eventLessonSchedule { ${lessonFields} } } }`,
    { input: { id, ...input } },
    { silent: true },
  );
  return data.UpdateEventLessonSchedule.eventLessonSchedule;
}

/** DELETE /api/planning/planning-group/lesson/:id/:calendarId (calendarId: the campus the planner was on). */
export function deleteLesson(id: string, calendarId: string): Promise<{ deleted: string; calendarId: string }> {
  return requestJson('DELETE', `/api/planning/planning-group/lesson/${encodeURIComponent(id)}/${encodeURIComponent(calendarId)}`);
}
