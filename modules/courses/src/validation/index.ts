// The light entry (no server code): the web client's forms share these schemas with the server.
// Messages are i18n keys, translated on each side.
import { isUuid, yup } from '@alterna/core/validation';
import { isIsoDate } from '@alterna/core/dates';

/** Longest text of a report, an exercise's instructions or an exam's description (characters). */
export const maxTextLength = 10_000;
export const maxTitleLength = 200;
/** At most this many planning groups on one exercise or exam. */
export const maxGroups = 50;
/** An exam lasts at most a day. */
export const maxExamMinutes = 24 * 60;

// The core's check: '0000-00-00' is no day (a Date of it cannot even be written out).
const isDay = (value: string) => isIsoDate(value);
const isTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

const text = () => yup.string().default('').max(maxTextLength, { key: 'courses.validation.tooLong', values: { max: maxTextLength } });
const title = () => yup.string().trim().required('courses.validation.titleRequired').max(maxTitleLength, { key: 'courses.validation.tooLong', values: { max: maxTitleLength } });
const groups = () =>
  yup
    .array(yup.string().required().test('uuid', 'courses.validation.id', (value) => isUuid(value)))
    .required('courses.validation.groupsRequired')
    .min(1, 'courses.validation.groupsRequired')
    .max(maxGroups, { key: 'courses.validation.tooManyGroups', values: { max: maxGroups } });
const day = (required: string) => yup.string().required(required).test('day', 'courses.validation.date', (value) => !value || isDay(value));

/** A lesson report (SPEC §2 `/my-courses/eventLessonSchedule/{id}`): what was done, the homework given. */
export const lessonReportSchema = yup.object({
  done: text(),
  homework: text(),
});

/** An exercise (SPEC §3 event homework) given to planning groups of the course, due on a day. */
export const exerciseSchema = yup.object({
  title: title(),
  instructions: text(),
  planningGroupIds: groups(),
  lessonId: yup.string().nullable().default(null).test('uuid', 'courses.validation.id', (value) => !value || isUuid(value)),
  dueDate: day('courses.validation.dueDateRequired'),
  published: yup.boolean().default(false),
});

/** An exam of the course: a day and a start time (Paris), a duration, a coefficient above 0 with two decimals. */
export const examSchema = yup.object({
  title: title(),
  planningGroupIds: groups(),
  date: day('courses.validation.dateRequired'),
  time: yup.string().required('courses.validation.timeRequired').test('time', 'courses.validation.time', (value) => !value || isTime(value)),
  durationMinutes: yup
    .number()
    .required('courses.validation.durationRequired')
    .integer('courses.validation.duration')
    .min(1, 'courses.validation.duration')
    .max(maxExamMinutes, 'courses.validation.duration'),
  coefficient: yup
    .number()
    .required('courses.validation.coefficientRequired')
    .moreThan(0, 'courses.validation.coefficient')
    .max(9999.99, 'courses.validation.coefficient')
    .test('decimals', 'courses.validation.coefficient', (value) => value === undefined || Math.abs(Math.round(value * 100) - value * 100) < 1e-6),
  description: text(),
  published: yup.boolean().default(false),
});

export type LessonReportInput = yup.InferType<typeof lessonReportSchema>;
export type ExerciseInput = yup.InferType<typeof exerciseSchema>;
export type ExamInput = yup.InferType<typeof examSchema>;
