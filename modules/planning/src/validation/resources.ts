// The light entry of the resources area (no server code): the web forms validate with these very schemas.
// Messages are i18n keys, so the same rule speaks the browser's language there and the caller's here.
import { yup } from '@alterna/core/validation';
import { workStudyTypes as workStudyTypeValues } from '../types.js';
import { OCCUPANCY_MAX_DAYS, occupancyTypes } from '../rules/resource-occupancy.js';
import { daysIncluded, instantMillis, isIsoDate, isIsoInstant, isTimeOfDay, minutesOf } from '../rules/resource-time.js';
import { parisDay } from '../rules/lesson-time.js';
import { MIN_WHOLE_PERIOD_DAYS } from '../rules/trainer-constraint.js';

export { OCCUPANCY_MAX_DAYS, occupancyTypes, periodContaining, shiftPeriod, daysOf, isOccupancyType, type OccupancyType, type OccupancyPeriod } from '../rules/resource-occupancy.js';
export { MIN_WHOLE_PERIOD_DAYS, constraintInstants, constraintFormTimes } from '../rules/trainer-constraint.js';
export const workStudyTypes = workStudyTypeValues;
export type WorkStudyType = (typeof workStudyTypeValues)[number];

const key = (name: string, values?: Record<string, unknown>) => ({ key: `planning.resources.${name}`, values });
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const uuid = (requiredKey?: string) =>
  yup.string().trim().required(requiredKey ? key(requiredKey) : undefined).matches(uuidPattern, { message: { key: 'validation.uuid' }, excludeEmptyString: true });
const day = () => yup.string().trim().required().test('date', { key: 'validation.date' }, (value) => !value || isIsoDate(value));
const time = () => yup.string().trim().required().test('time', key('invalidTime'), (value) => !value || isTimeOfDay(value));
const instant = () => yup.string().trim().required().test('instant', key('invalidInstant'), (value) => !value || isIsoInstant(value));
const description = () => yup.string().trim().max(2000).nullable().default(null).transform((value: string | null) => (value ? value : null));

/** Both days valid and in order: the tests of a pair only speak once each day is right. */
const ordered = (start: unknown, end: unknown) => !isIsoDate(start) || !isIsoDate(end) || start <= end;

/** The period of the occupancy plan (path params): real days, in order, at most OCCUPANCY_MAX_DAYS, a known display. */
export const occupancyPeriodSchema = yup.object({
  startDate: day(),
  endDate: day()
    .test('order', key('period.endBeforeStart'), function (value) {
      return ordered(this.parent.startDate, value);
    })
    .test('length', key('period.tooLong', { max: OCCUPANCY_MAX_DAYS }), function (value) {
      const start = this.parent.startDate as unknown;
      return !isIsoDate(start) || !isIsoDate(value) || start > value || daysIncluded(start, value) <= OCCUPANCY_MAX_DAYS;
    }),
  type: yup.string().required().oneOf([...occupancyTypes], key('period.type')),
});

/** A booking as the API takes it: instants with their offset, start before end, on one Paris day. */
export const bookingSchema = yup.object({
  title: yup.string().trim().required().max(160),
  description: description(),
  startAt: instant(),
  endAt: instant()
    .test('order', key('booking.endBeforeStart'), function (value) {
      const start = this.parent.startAt as unknown;
      return !isIsoInstant(start) || !isIsoInstant(value) || instantMillis(start) < instantMillis(value);
    })
    .test('same-day', key('booking.sameDay'), function (value) {
      const start = this.parent.startAt as unknown;
      return !isIsoInstant(start) || !isIsoInstant(value) || parisDay(start) === parisDay(value);
    }),
});
export type BookingInput = yup.InferType<typeof bookingSchema>;

/** The booking form of the occupancy plan: a Paris day and two times (turned into instants before sending). */
export const bookingFormSchema = yup.object({
  title: yup.string().trim().required().max(160),
  description: yup.string().trim().max(2000),
  date: day(),
  startTime: time(),
  endTime: time().test('order', key('booking.endBeforeStart'), function (value) {
    const start = this.parent.startTime as unknown;
    return !isTimeOfDay(start) || !isTimeOfDay(value) || minutesOf(start) < minutesOf(value);
  }),
});

/**
 * A trainer constraint (ScheduleTrainerConstraint). With `allDay` (« toute la période ») whole days from
 * `startDate` to `endDate`, at least two of them; otherwise the day `startDate` between two times.
 */
export const trainerConstraintSchema = yup.object({
  teacher: uuid('constraint.teacherRequired'),
  allDay: yup.boolean().default(false),
  startDate: day(),
  endDate: yup
    .string()
    .trim()
    .nullable()
    .default(null)
    .when('allDay', {
      is: true,
      then: (schema) =>
        schema
          .required()
          .test('date', { key: 'validation.date' }, (value) => !value || isIsoDate(value))
          .test('order', key('period.endBeforeStart'), function (value) {
            return ordered(this.parent.startDate, value);
          })
          .test('two-days', key('constraint.twoDays', { min: MIN_WHOLE_PERIOD_DAYS }), function (value) {
            const start = this.parent.startDate as unknown;
            return !isIsoDate(start) || !isIsoDate(value) || start > value || daysIncluded(start, value) >= MIN_WHOLE_PERIOD_DAYS;
          }),
    }),
  startTime: yup.string().trim().nullable().default(null).when('allDay', { is: true, otherwise: () => time() }),
  endTime: yup
    .string()
    .trim()
    .nullable()
    .default(null)
    .when('allDay', {
      is: true,
      otherwise: () =>
        time().test('order', key('constraint.endBeforeStart'), function (value) {
          const start = this.parent.startTime as unknown;
          return !isTimeOfDay(start) || !isTimeOfDay(value) || minutesOf(start) < minutesOf(value);
        }),
    }),
  description: description(),
});
export type TrainerConstraintInput = yup.InferType<typeof trainerConstraintSchema>;

/** Editing keeps the constraint's trainer: the same rules without the teacher field. */
export const trainerConstraintEditSchema = trainerConstraintSchema.omit(['teacher']);

/** A work-study period of a training group (ScheduleTrainingGroupWorkStudy): days in order and a known type. */
export const workStudySchema = yup.object({
  trainingGroup: uuid('workStudy.trainingGroupRequired'),
  startDate: day(),
  endDate: day().test('order', key('period.endBeforeStart'), function (value) {
    return ordered(this.parent.startDate, value);
  }),
  type: yup.string().required().oneOf([...workStudyTypeValues], key('workStudy.type')),
});
export type WorkStudyInput = yup.InferType<typeof workStudySchema>;

export const workStudyEditSchema = workStudySchema.omit(['trainingGroup']);
