// The lesson inputs of the GraphQL contract (light: no server code, the web's lesson form may use them).
// Messages are i18n keys, so the same schema speaks the caller's language on the server and in the browser.
import { instantOfWallTime, yup } from '@alterna/core/validation';
import { cancellationTypes, lessonTypes, remoteModes } from '../types.js';
import { isInstant, utcIso } from '../rules/lesson-time.js';

/** A read (calendar, occupancy) covers at most this many days. */
export const LESSON_READ_MAX_DAYS = 366;

const key = (name: string, values?: Record<string, unknown>) => ({ key: `planning.lessons.validation.${name}`, values });
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const uuid = () => yup.string().trim().matches(uuidPattern, { message: { key: 'validation.uuid' }, excludeEmptyString: false });
const uuids = () => yup.array(uuid().required()).nullable().default(undefined).max(50);
// ISO 8601, or SPEC §9's 'YYYY-MM-DD HH:MM:SS' read on the campus's clock (Paris), which becomes ISO here.
const specForm = (value: unknown) => (typeof value === 'string' ? instantOfWallTime(value) ?? value : value);
const instant = () => yup.string().trim().transform(specForm).nullable().default(undefined).test('instant', key('instant'), (value) => value == null || isInstant(value));
const choice = (values: readonly string[]) =>
  yup.string().nullable().default(undefined).oneOf([...values, null], { key: 'validation.oneOf', values: { values: values.join(', ') } });
const text = () => yup.string().trim().max(2000).nullable().default(undefined);
const millis = (value: unknown) => (isInstant(value) ? Date.parse(utcIso(value)!) : NaN);

/** End after start, when both are there and valid (each is checked on its own field). */
function endAfterStart(this: yup.TestContext, value: unknown): boolean {
  const start = millis(this.parent.startDate);
  const end = millis(value);
  return Number.isNaN(start) || Number.isNaN(end) || start < end;
}

const lessonFields = {
  clientMutationId: yup.string().nullable().max(200),
  startDate: instant(),
  endDate: instant().test('order', key('endBeforeStart'), endAfterStart),
  remote: choice(remoteModes),
  lessonType: choice(lessonTypes),
  description: text(),
  teachers: uuids(),
  teacherContracts: uuids(),
  rooms: uuids(),
  schoolSubject: uuid().nullable().default(undefined),
  planningGroups: uuids(),
};

/** CreateEventLessonSchedule's input: a campus, a start and an end; the rest optional. */
export const createLessonSchema = yup.object({
  ...lessonFields,
  campus: uuid().required(),
  startDate: instant().required(),
  endDate: instant().required().test('order', key('endBeforeStart'), endAfterStart),
});
export type CreateLessonInput = yup.InferType<typeof createLessonSchema>;

/**
 * UpdateEventLessonSchedule's input: what is omitted stays. `lessonStatus` 'locked' locks, 'active' unlocks;
 * a `lessonCancellationType` cancels (its comment `cancelDesc` optional).
 */
export const updateLessonSchema = yup.object({
  ...lessonFields,
  id: uuid().required(),
  lessonStatus: choice(['active', 'locked', 'cancelled']),
  lessonCancellationType: choice(cancellationTypes),
  cancelDesc: text(),
});
export type UpdateLessonInput = yup.InferType<typeof updateLessonSchema>;

/** The period of a read: both instants or neither, end after start, at most a year. */
export const lessonReadPeriodSchema = yup.object({
  startDate: instant(),
  endDate: instant()
    .test('order', key('endBeforeStart'), endAfterStart)
    .test('both', key('periodBoth'), function (value) {
      return (value == null) === (this.parent.startDate == null);
    })
    .test('length', key('periodTooLong', { days: LESSON_READ_MAX_DAYS }), function (value) {
      const start = millis(this.parent.startDate);
      const end = millis(value);
      return Number.isNaN(start) || Number.isNaN(end) || end - start <= LESSON_READ_MAX_DAYS * 86_400_000;
    }),
});

/** The value lists of the read filters. */
export const lessonReadFiltersSchema = yup.object({
  lessonType: choice(lessonTypes),
  remote: choice(remoteModes),
});
