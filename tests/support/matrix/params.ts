// What each route param and GraphQL argument names. A param is a record of some kind (filled from records.ts:
// the actor's own, the other campus's, another person's) or a plain value. A param or required argument that no
// rule below knows fails the matrix with its name, so a new route gets its rule before it is merged.

import { now } from '@alterna/core/clock';
import { addDays, todayIn } from '@alterna/core/dates';

/** `:id` and other generic params: the kind by the English path they sit in (first match wins). */
const idRules: [RegExp, string][] = [
  [/^\/api\/teachers\/teacher-informations\/(new|edit)\/:id/, 'teacher'],
  [/^\/api\/mailbox\/mail-templates\//, 'mailTemplate'],
  [/^\/api\/planning\/planning-group\/lesson\/:id/, 'lesson'],
  [/^\/api\/training-center\/campus\/:id/, 'campus'],
  [/^\/api\/training-center\/sites\/:id/, 'site'],
  [/^\/api\/training-center\/variants\/:id/, 'variant'],
  [/^\/api\/training-center\/blocks\/:id/, 'block'],
  [/^\/api\/training-center\/groups\/:id/, 'trainingGroup'],
  [/^\/api\/training-center\/trainings\/:id/, 'training'],
  [/^\/api\/training-center\/:id/, 'building'],
  [/^\/api\/coach-informations\/(new|edit)\/:id/, 'coach'],
  [/^\/api\/contract\/(new\/)?:id/, 'coach'],
  [/^\/api\/informations\/:id/, 'coach'],
  [/^\/api\/planning\/planning-groups\/:id/, 'planningGroup'],
  [/^\/api\/planning\/trainer-constraints\/:id/, 'trainerConstraint'],
  [/^\/api\/planning\/work-studies\/:id/, 'workStudy'],
  [/^\/api\/coaching\/booklet-item\/:id/, 'bookletItem'],
  [/^\/api\/coaching\/thesis-skill\/:id/, 'thesisSkill'],
  [/^\/api\/coaching\/prevent-student-break\/:student\/break\/:id/, 'followUpBreak'],
  [/^\/api\/coaching\/prevent-student-break\/:student\/abandon\/:id/, 'followUpAbandon'],
  [/cancel-mission-validation\/:id/, 'bookletFormMission'],
  [/cancel-coach-meeting-validation\/:id/, 'bookletFormCoachMeeting'],
  [/cancel-coach-tutor-meeting-validation\/:id/, 'bookletFormCoachTutorMeeting'],
  [/cancel-intermediate-validation\/:id/, 'bookletFormIntermediate'],
  [/cancel-final-validation\/:id/, 'bookletFormFinal'],
  [/^\/api\/booklet-forms\/:id/, 'bookletForm'],
  [/^\/api\/my-courses\/eventLessonSchedule\/:id/, 'lesson'],
  [/^\/api\/my-courses\/exercices\/:id/, 'exercise'],
  [/^\/api\/exercices\/:id/, 'exercise'],
  [/^\/api\/my-courses\/exams\/:id/, 'exam'],
  [/^\/api\/teachers\/exam\/:id/, 'exam'],
  [/^\/api\/news\/images\/:id/, 'newsImage'],
  [/^\/api\/news\/(mine\/)?:id/, 'news'],
  [/^\/api\/teachers\/teacher_company\/:id/, 'teacherCompany'],
  [/^\/api\/coachs\/attribution\/:id/, 'attribution'],
  [/^\/api\/profile-change-requests\/change\/:id/, 'profileChangeRequest'],
  [/^\/api\/operations\/:id/, 'operation'],
  [/^\/api\/students\/:id/, 'student'],
  [/^\/api\/folders\/:id/, 'folder'],
  [/^\/api\/files\/:id/, 'file'],
  [/^\/api\/actor\/:id/, 'actor'],
  [/^\/api\/tutors\/:id/, 'tutor'],
  [/^\/api\/teachers\/:id/, 'teacher'],
  [/^\/api\/corporations\/:id/, 'corporation'],
];

/**
 * A record's change history (`/history/:kind/:id`) names the kind of its record in the path: the matrix covers the
 * route once per kind the modules declare (ModuleDefinition.history), the record being of this kind here.
 */
export const historyKinds: Record<string, string> = {
  lesson: 'lesson', student: 'student', registration: 'registration', contract: 'studentContract', 'booklet-form': 'bookletForm', file: 'file', actor: 'actor',
};

/** Params whose kind depends on what the route does with it (a state the record must be in, whose course it is). */
const paramRules: [RegExp, string, string][] = [
  // The QR code and the line actions need the lesson's attendance sheet open.
  [/\/attendance\/(qr|lines|:line\/:action|signatures\/:line)$/, 'lesson', 'openLesson'],
  [/\/attendance\/(qr|lines|:line\/:action|signatures\/:line)$/, 'line', 'openLine'],
  // The teacher's own course of a subject: another subject is another course of the same teacher (none).
  [/^\/api\/my-courses\/:schoolSubject/, 'schoolSubject', 'mySubject'],
  [/^\/api\/booklet-forms\/:id\/signed-pdf$/, 'id', 'signedForm'],
  [/^\/api\/news\/mine\/:id$/, 'id', 'newsFeed'],
  [/^\/api\/news\/:id\/file$/, 'id', 'newsFile'],
];

/** Params whose name says their kind wherever they appear. */
const paramKinds: Record<string, string> = {
  campus: 'campus', site: 'site', building: 'building', room: 'room', name: 'roomName', lesson: 'lesson', student: 'student', teacher: 'teacher',
  training: 'training', trainingGroup: 'trainingGroup', group: 'trainingGroup', schoolSubject: 'schoolSubject', line: 'line', absence: 'absence',
  justification: 'justification', exam: 'exam', campaign: 'campaign', operationId: 'planningRun', operation: 'reportCardsExport',
  registration: 'registration', studentRegistration: 'registration', studentContract: 'studentContract', teacherContract: 'teacherContract',
  coachContract: 'coachContract', eventBooking: 'booking', eventHomeWork: 'exercise', variant: 'variant',
};

/** Params that are plain values, the same whoever asks. */
function valueParams(): Record<string, string> {
  const monday = now();
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  const day = (offset: number) => new Date(monday.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return {
    startDate: day(0), endDate: day(6), type: 'week', readOnly: '0', position: '1', detail: 'absence', action: 'absent', transition: 'approve',
    // Ids the answer only echoes (a lesson's calendar) or that name nothing in the demo (a public token).
    calendarId: '00000000-0000-4000-8000-00000000ca1e', token: 'matrix-unknown-token',
  };
}
export const plainParams = valueParams();

/** The kind a route param names, from the route's English path; undefined for a plain value param. */
export function routeParamKind(enPath: string, param: string): string | undefined {
  if (param in plainParams) return undefined;
  const special = paramRules.find(([pattern, name]) => name === param && pattern.test(enPath));
  if (special) return special[2];
  if (param === 'id') {
    const rule = idRules.find(([pattern]) => pattern.test(enPath));
    if (!rule) throw new Error(`authorization matrix: no rule says what :id names in ${enPath} (tests/support/matrix/params.ts)`);
    return rule[1];
  }
  const kind = paramKinds[param];
  if (!kind) throw new Error(`authorization matrix: no rule says what :${param} names in ${enPath} (tests/support/matrix/params.ts)`);
  return kind;
}

/**
 * List reads that need a filter to answer (SPEC screens always send one): the query of the actor's own cell, by
 * English path; `{kind}` values name the actor's record of that kind.
 */
export const requiredQueries: [RegExp, Record<string, string>][] = [
  [/^\/api\/planning\/work-studies$/, { trainingGroup: '{trainingGroup}' }],
  [/^\/api\/planning\/trainer-constraints$/, { teacher: '{teacher}' }],
  // The weeks around today, whose lessons the demo seed planned (a fixed term answered 404 at another date).
  [/^\/api\/absences-and-lateness\/certificates$/, { student: '{student}', from: addDays(todayIn(), -90), to: addDays(todayIn(), 30) }],
  [/^\/api\/report-cards\/training-groups\/:group$/, { semester: '1' }],
  [/^\/api\/attendance\/sheet\/download$/, { lessons: '{lesson}' }],
  // The link tool reads a page: a local one the test serves (NEWS_LINKTOOL_ALLOW_PRIVATE in the matrix's app).
  [/^\/api\/editorjs\/linktool$/, { url: '{page}' }],
];

/** SPEC §2 GETs that change state (cancelling a booklet validation): sent as changes, in the change phase. */
export const stateChangingGets: RegExp[] = [/cancel-[a-z-]+-validation\/:id$/];

/** GraphQL arguments naming records: by `Field.argument`, then by argument name. A list of ids gets one id. */
const argumentRules: Record<string, string> = {
  'operation.id': 'operation', 'cancelOperation.id': 'operation', 'getTeacherContractByStatus.id': 'teacherContract',
  'EventLessonSchedulesByPlanningGroup.id': 'planningGroup', 'EventLessonSchedulesByRoom.id': 'room',
  'EventLessonSchedulesAndScheduleTrainerConstraintByTeacher.id': 'teacher', 'actor.id': 'actor', 'corporation.id': 'corporation',
};
const argumentKinds: Record<string, string> = {
  campusId: 'campus', campus: 'campus', campusUuid: 'campus', campusList: 'campus', buildingSiteCampusList: 'campus', actorId: 'self',
  corporationUuid: 'corporation', modelTimeSlotId: 'modelTimeSlot', trainingId: 'training', trainingIds: 'training', trainingList: 'training',
  trainingGroupId: 'trainingGroup', trainingGroupIds: 'trainingGroup', trainingSessionId: 'session', teacherContractsTrainingSession: 'session',
  planningGroupsId: 'planningGroup', planningGroupsIdList: 'planningGroup', planningGroupList: 'planningGroup', planningGroupIdList: 'planningGroup',
  roomsIdList: 'room', schoolSubjectId: 'schoolSubject', teachersIdList: 'teacher', teacherIdList: 'teacher', teacherId: 'teacher',
  studentId: 'student', idList: 'lesson', uuidEventLessonSchedule: 'lesson',
};

export function argumentKind(field: string, argument: string): string | undefined {
  return argumentRules[`${field}.${argument}`] ?? argumentKinds[argument];
}

/** Optional arguments filled: campus filters only (other optional filters would have to agree with each other). */
export const filledOptionalArguments = new Set(['campusId', 'campus', 'campusUuid', 'campusList', 'buildingSiteCampusList']);

/**
 * Values of plain arguments. Searches look for "MARKER": every marked record matches, so an answer that
 * lists another campus's people or companies shows it.
 */
export function plainArgument(field: string, argument: string): unknown {
  // The calendar reads take instants (this week), the closures days (the school year: the demo's closures are in it).
  const instants = field === 'EventLessonSchedules' || field === 'RoomsUseByDate';
  const today = now();
  const schoolYear = today.getUTCMonth() >= 8 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  const closures = field === 'ScheduleCampusClosures';
  const values: Record<string, unknown> = {
    startDate: instants ? `${plainParams.startDate}T00:00:00.000Z` : closures ? `${schoolYear}-09-01` : plainParams.startDate,
    endDate: instants ? `${plainParams.endDate}T23:59:00.000Z` : closures ? `${schoolYear + 1}-08-31` : plainParams.endDate,
    year: now().getUTCFullYear(), dateOfBirth: '2009-07-28', lastName: 'MARKER', firstName: 'Léa', email: 'MARKER', search: 'MARKER',
    siret: '36252187900034', name: 'MARKER', countryCode: 'FR', granted: 'training-centre.campus.read', type: 'campus',
  };
  return values[argument];
}

/** Mutation input fields naming records (the other campus's in that cell), by `Mutation.field`, then by field name. */
const inputRules: Record<string, string> = {
  'UpdateModelTimeSlot.id': 'modelTimeSlot', 'DeleteModelTimeSlot.id': 'modelTimeSlot', 'UpdateTimeSlot.id': 'timeSlot', 'DeleteTimeSlot.id': 'timeSlot',
  'UpdateScheduleCampusClosure.id': 'closure', 'DeleteScheduleCampusClosure.id': 'closure', 'UpdateActor.id': 'actor', 'UpdateEventLessonSchedule.id': 'lesson',
  'updatePepalFolder.id': 'folder', 'CreateProfileChangeRequest.actorId': 'self',
};
const inputKinds: Record<string, string> = {
  campus: 'campus', campusId: 'campus', modelTimeSlot: 'modelTimeSlot', modelTimeSlotId: 'modelTimeSlot', parent: 'folder', parentId: 'folder',
  planningGroups: 'planningGroup', rooms: 'room', teachers: 'teacher', schoolSubject: 'schoolSubject',
};

export function inputKind(mutation: string, field: string): string | undefined {
  return inputRules[`${mutation}.${field}`] ?? inputKinds[field];
}
