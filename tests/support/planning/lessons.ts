import { publicHolidaysBetween } from '@alterna/training-centre';
import type { PlanningServices } from '@alterna/planning';
import type { TestApp } from '../app.js';
import { parisTime, tag } from './fixtures.js';
import { todayIn } from '@alterna/core/dates';

// Helpers of the lessons part's tests (lessons, conflicts, concurrency, progress).

export const planning = (app: TestApp) => app.core.services<PlanningServices>('planning');

const addDays = (day: string, days: number) => {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};
const isoWeekday = (day: string) => ((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

/**
 * Working days of a campus inside the current session, at least `after` days from today: open weekday,
 * no closure, no public holiday. `count` of them, in order.
 */
export async function workingDays(app: TestApp, campusId: string, count: number, after = 30): Promise<string[]> {
  const knex = app.core.db.knex;
  const today = todayIn();
  const session = await knex('training_sessions')
    .where('start_date', '<=', today).andWhere('end_date', '>=', today)
    .first(knex.raw("to_char(end_date, 'YYYY-MM-DD') AS end_date"));
  const campus = await knex('campuses').where({ id: campusId }).first('open_days');
  const closures: { start_date: string; end_date: string }[] = await knex('schedule_campus_closures')
    .where({ campus_id: campusId })
    .select(knex.raw("to_char(start_date, 'YYYY-MM-DD') AS start_date"), knex.raw("to_char(end_date, 'YYYY-MM-DD') AS end_date"));
  const holidays = new Set(publicHolidaysBetween(today, session.end_date).map((h) => h.date));
  const days: string[] = [];
  for (let day = addDays(today, after); day <= session.end_date && days.length < count; day = addDays(day, 1)) {
    if (!campus.open_days.map(Number).includes(isoWeekday(day))) continue;
    if (holidays.has(day) || closures.some((c) => c.start_date <= day && day <= c.end_date)) continue;
    days.push(day);
  }
  if (days.length < count) throw new Error('not enough working days left in the current session');
  return days;
}

/** Paris wall-clock start and end on a day, as ISO UTC. */
export const slotOn = (day: string, from: string, to: string) => ({ startAt: parisTime(day, from), endAt: parisTime(day, to) });

/** A training group of the test's own on a campus (copying the training and variant of a demo group of the current session). */
export async function makeTrainingGroup(app: TestApp, campusId: string): Promise<{ id: string; name: string }> {
  const knex = app.core.db.knex;
  const today = todayIn();
  const model = await knex('training_groups as tg')
    .join('training_sessions as ts', 'ts.id', 'tg.training_session_id')
    .where('tg.campus_id', campusId).andWhere('ts.start_date', '<=', today).andWhere('ts.end_date', '>=', today)
    .first('tg.training_session_id', 'tg.training_id', 'tg.variant_id', 'tg.start_date', 'tg.end_date');
  const name = tag('Classe ');
  const [row] = await knex('training_groups')
    .insert({ ...model, name, short_name: tag('TG'), campus_id: campusId })
    .returning('id');
  return { id: row.id, name };
}

/** A work-study period of a training group ('Entreprise' = company period). */
export async function addWorkStudy(app: TestApp, trainingGroupId: string, startDate: string, endDate: string, type = 'Entreprise'): Promise<string> {
  const [row] = await app.core.db.knex('training_group_work_studies').insert({ training_group_id: trainingGroupId, start_date: startDate, end_date: endDate, type }).returning('id');
  return row.id;
}

/** A booking of a room. */
export async function addBooking(app: TestApp, campusId: string, roomId: string, startAt: string, endAt: string, title = tag('Réservation ')): Promise<string> {
  const [row] = await app.core.db.knex('room_bookings').insert({ campus_id: campusId, room_id: roomId, start_at: startAt, end_at: endAt, title }).returning('id');
  return row.id;
}

/** A trainer constraint of a teacher. */
export async function addConstraint(app: TestApp, teacherId: string, startAt: string, endAt: string, description: string | null = null, allDay = false): Promise<string> {
  const [row] = await app.core.db.knex('trainer_constraints').insert({ teacher_id: teacherId, start_at: startAt, end_at: endAt, description, all_day: allDay }).returning('id');
  return row.id;
}

export { addDays, isoWeekday };

/** The EventLessonSchedule fields the tests read. */
export const LESSON_FIELDS = `uuid startDate endDate remote lessonType lessonStatus lessonCancellationType cancelDesc description
  campus { uuid name } teacherContracts { uuid } teachers { uuid firstName lastName } rooms { uuid name size building { uuid name } }
  schoolSubject { uuid name shortName color } planningGroups { uuid name } attendanceStarted`;

export const CREATE_LESSON = `mutation Create($input: CreateEventLessonScheduleInput!) {
  CreateEventLessonSchedule(input: $input) { clientMutationId eventLessonSchedule { ${LESSON_FIELDS} } } }`;
export const UPDATE_LESSON = `mutation Update($input: UpdateEventLessonScheduleInput!) {
  UpdateEventLessonSchedule(input: $input) { clientMutationId eventLessonSchedule { ${LESSON_FIELDS} } } }`;
export const LESSONS_BY_ID = `query ById($idList: [ID!]!, $campusList: [ID!]) { EventLessonSchedulesById(idList: $idList, campusList: $campusList) { ${LESSON_FIELDS} } }`;
export const LESSONS_BY_ID_WITH_CANCEL = `query ByIdWithCancel($idList: [ID!]!, $campusList: [ID!]) {
  EventLessonSchedulesByIdWithCancel(idList: $idList, campusList: $campusList) { ${LESSON_FIELDS} } }`;

/** A GraphQL answer's first error: its message, violations and the details (conflicts, suggestions). */
export function firstError(response: { json: any; text: string }) {
  const error = response.json?.errors?.[0];
  if (!error) throw new Error(`expected an error, got ${response.text}`);
  return { message: error.message as string, violations: (error.extensions?.violations ?? []) as { path: string; message: string }[], extensions: error.extensions ?? {} };
}

/** The lesson a mutation answered, or a readable failure. */
export function lessonOf(response: { json: any; text: string }, field: 'CreateEventLessonSchedule' | 'UpdateEventLessonSchedule') {
  const lesson = response.json?.data?.[field]?.eventLessonSchedule;
  if (!lesson) throw new Error(`${field} failed: ${response.text}`);
  return lesson;
}

/** Rows of a table (a "nothing written" check). */
export async function countRows(app: TestApp, table: string): Promise<number> {
  return Number((await app.core.db.knex(table).count({ n: '*' }).first())!.n);
}

/** A teaching contract of a teacher for a session on a campus, with subject lines `{ subjectId: hours }`. */
export async function makeContract(
  app: TestApp, teacherId: string, campusId: string, session: { id: string; startDate: string; endDate: string }, lines: Record<string, number> = {}, status = 'signed',
): Promise<string> {
  const knex = app.core.db.knex;
  const teacherStatus = await knex('teacher_statuses').where({ reference: 'employee' }).first('id');
  const [row] = await knex('teacher_contracts')
    .insert({ teacher_id: teacherId, campus_id: campusId, training_session_id: session.id, status, start_date: session.startDate, end_date: session.endDate, teacher_status_id: teacherStatus.id })
    .returning('id');
  const entries = Object.entries(lines);
  if (entries.length) {
    await knex('teacher_contract_subject_lines').insert(entries.map(([school_subject_id, hours], position) => ({ teacher_contract_id: row.id, school_subject_id, hours, position })));
  }
  return row.id;
}
