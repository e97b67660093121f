// Mass creation and mass edit (SPEC §5), light (no server code): the web wizards import these very schemas.
// Messages are i18n keys, translated on each side (server: planning catalogue; web: the same `planning.bulk` keys).
import { yup } from '@alterna/core/validation';
import { isIsoDate } from '@alterna/core/dates';
import { cancellationTypes, lessonTypes, remoteModes } from '../types.js';
import { BULK_MAX_OCCURRENCES } from '../types.js';
import { moveDirections, moveUnits } from '../rules/bulk-shift.js';
import { frequencies, lastAllowedDate, occurrenceDates, type OccurrenceRule } from '../rules/occurrences.js';

export { frequencies, occurrenceDates, type Frequency } from '../rules/occurrences.js';
export { moveDirections, moveUnits, type Move, type MoveDirection, type MoveUnit } from '../rules/bulk-shift.js';

/** Most lesson lines (step 2) of one mass creation, and most lessons one mass edit may select. */
export const BULK_MAX_LINES = 200;
export const BULK_MAX_SELECTION = 20_000;
export const bulkEditActions = ['edit', 'move', 'cancel'] as const;
export type BulkEditAction = (typeof bulkEditActions)[number];
/** What the confirmation step may preview: the edit actions and the deletion. */
export const bulkPreviewActions = [...bulkEditActions, 'delete'] as const;
export type BulkPreviewAction = (typeof bulkPreviewActions)[number];

const k = (name: string) => `planning.bulk.validation.${name}`;
/** Keys of the bulk messages (same path in the server and web catalogues). */
export const bulkMessages = {
  frequency: k('frequency'),
  days: k('days'),
  ordinal: k('ordinal'),
  weekday: k('weekday'),
  campuses: k('campuses'),
  startDate: k('startDate'),
  endDate: k('endDate'),
  startBeforeEnd: k('startBeforeEnd'),
  startTime: k('startTime'),
  endTime: k('endTime'),
  timesOrder: k('timesOrder'),
  name: k('name'),
  rangeTooLong: k('rangeTooLong'),
  tooMany: k('tooMany'),
  noOccurrence: k('noOccurrence'),
  lines: k('lines'),
  tooManyLines: k('tooManyLines'),
  groupOrTrainerAndRoom: k('groupOrTrainerAndRoom'),
  subjectWithTrainer: k('subjectWithTrainer'),
  subjectWithGroup: k('subjectWithGroup'),
  lessonType: k('lessonType'),
  remote: k('remote'),
  lessonsRequired: k('lessonsRequired'),
  tooManyLessons: k('tooManyLessons'),
  action: k('action'),
  valueRequired: k('valueRequired'),
  elementRequired: k('elementRequired'),
  delay: k('delay'),
  unit: k('unit'),
  direction: k('direction'),
  cancelReason: k('cancelReason'),
  comment: k('comment'),
} as const;

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;
// The core's check: '0000-00-00' or '2026-13-01' are no day (a Date of them cannot even be written out).
export const isDate = (value: unknown): value is string => typeof value === 'string' && datePattern.test(value) && isIsoDate(value);
export const isTime = (value: unknown): value is string => typeof value === 'string' && timePattern.test(value);

/** '' from a cleared field is missing, not a wrong value. */
const blank = (value: unknown) => (value === '' ? undefined : value);
const uuid = () => yup.string().uuid().required();
const uuids = () => yup.array(uuid()).default([]);
const requiredDate = (message: string) => yup.string().transform(blank).required(message).test('date', { key: 'validation.date' }, (v) => v === undefined || isDate(v));
const requiredTime = (message: string) => yup.string().transform(blank).required(message).test('time', { key: 'validation.invalid' }, (v) => v === undefined || isTime(v));
const optionalText = (max: number) => yup.string().trim().max(max).nullable().default(null).transform((v: unknown) => (v === '' ? null : v));

/** The lesson rules of SPEC §5 for a set of resources; the path is the field to mark. */
export function lessonResourceViolations(lesson: { planningGroups: readonly string[]; teachers: readonly string[]; rooms: readonly string[]; schoolSubject?: string | null }): { path: string; message: string }[] {
  const violations: { path: string; message: string }[] = [];
  if (!lesson.planningGroups.length && !(lesson.teachers.length && lesson.rooms.length)) {
    violations.push({ path: 'planningGroups', message: bulkMessages.groupOrTrainerAndRoom });
  }
  if (!lesson.schoolSubject) {
    if (lesson.teachers.length) violations.push({ path: 'schoolSubject', message: bulkMessages.subjectWithTrainer });
    else if (lesson.planningGroups.length) violations.push({ path: 'schoolSubject', message: bulkMessages.subjectWithGroup });
  }
  return violations;
}

/** Step 2: one lesson per occurrence day and line. */
export const bulkLineSchema = yup
  .object({
    planningGroups: uuids(),
    teachers: uuids(),
    teacherContracts: uuids(),
    rooms: uuids(),
    schoolSubject: yup.string().transform(blank).uuid().nullable().default(null),
    lessonType: yup.string().transform(blank).default('course').oneOf(lessonTypes, bulkMessages.lessonType),
    remote: yup.string().transform(blank).default('present').oneOf(remoteModes, bulkMessages.remote),
    description: optionalText(2000),
  })
  .test('lesson-rules', '', function check(line) {
    const found = line ? lessonResourceViolations(line) : [];
    if (!found.length) return true;
    return new yup.ValidationError(found.map((v) => this.createError({ path: `${this.path}.${v.path}`, message: v.message })));
  });

/** Step 1: frequency, campuses, start and end, a name, start and end times. */
export const bulkFrequencyFields = {
  frequency: yup.string().transform(blank).required(bulkMessages.frequency).oneOf(frequencies, bulkMessages.frequency),
  days: yup.array(yup.number().integer().min(1).max(7).required()).default([])
    .when('frequency', { is: 'weekly', then: (s) => s.min(1, bulkMessages.days) }),
  ordinal: yup.number().transform((v: number, original: unknown) => (original === '' ? undefined : v)).nullable().default(null)
    .when('frequency', { is: 'monthly', then: (s) => s.typeError(bulkMessages.ordinal).required(bulkMessages.ordinal).integer(bulkMessages.ordinal).min(1, bulkMessages.ordinal).max(4, bulkMessages.ordinal) }),
  weekday: yup.number().transform((v: number, original: unknown) => (original === '' ? undefined : v)).nullable().default(null)
    .when('frequency', { is: 'monthly', then: (s) => s.typeError(bulkMessages.weekday).required(bulkMessages.weekday).integer(bulkMessages.weekday).min(1, bulkMessages.weekday).max(7, bulkMessages.weekday) }),
  campuses: yup.array(uuid()).default([]).min(1, bulkMessages.campuses),
  startDate: requiredDate(bulkMessages.startDate),
  endDate: requiredDate(bulkMessages.endDate),
  startTime: requiredTime(bulkMessages.startTime),
  endTime: requiredTime(bulkMessages.endTime),
  name: yup.string().trim().transform(blank).required(bulkMessages.name).max(160),
};

interface FrequencyValues {
  frequency?: string;
  days?: number[];
  ordinal?: number | null;
  weekday?: number | null;
  startDate?: string;
  endDate?: string;
  startTime?: string;
  endTime?: string;
}

/** The rule when step 1 is valid enough to expand (else null). */
export function occurrenceRuleOf(values: FrequencyValues): OccurrenceRule | null {
  const { frequency, startDate, endDate, startTime, endTime } = values;
  if (!(frequencies as readonly string[]).includes(frequency ?? '') || !isDate(startDate) || !isDate(endDate) || !isTime(startTime) || !isTime(endTime)) return null;
  return { frequency: frequency as OccurrenceRule['frequency'], days: values.days ?? [], ordinal: values.ordinal ?? null, weekday: values.weekday ?? null, startDate, endDate, startTime, endTime };
}

/** Cross-field rules of step 1: times in order, start strictly before end (date and time), at most a year, some days. */
function frequencyRules(this: yup.TestContext, values: FrequencyValues, lineCount: number | null): true | yup.ValidationError {
  const errors: yup.ValidationError[] = [];
  const { startDate, endDate, startTime, endTime } = values;
  if (isTime(startTime) && isTime(endTime) && startTime >= endTime) errors.push(this.createError({ path: 'endTime', message: bulkMessages.timesOrder }));
  if (isDate(startDate) && isDate(endDate)) {
    const start = `${startDate}T${isTime(startTime) ? startTime : '00:00'}`;
    const end = `${endDate}T${isTime(endTime) ? endTime : '23:59'}`;
    if (start >= end) errors.push(this.createError({ path: 'endDate', message: bulkMessages.startBeforeEnd }));
    else if (endDate > lastAllowedDate(startDate)) errors.push(this.createError({ path: 'endDate', message: bulkMessages.rangeTooLong }));
    else {
      const rule = occurrenceRuleOf(values);
      const weeklyWithoutDays = rule?.frequency === 'weekly' && !rule.days?.length;
      const monthlyIncomplete = rule?.frequency === 'monthly' && !(rule.ordinal && rule.ordinal >= 1 && rule.ordinal <= 4 && rule.weekday && rule.weekday >= 1 && rule.weekday <= 7);
      if (rule && !weeklyWithoutDays && !monthlyIncomplete) {
        const days = occurrenceDates(rule).length;
        if (!days) errors.push(this.createError({ path: 'frequency', message: bulkMessages.noOccurrence }));
        else if (lineCount && days * lineCount > BULK_MAX_OCCURRENCES) {
          errors.push(this.createError({ path: 'lines', message: { key: bulkMessages.tooMany, values: { count: days * lineCount, max: BULK_MAX_OCCURRENCES } } }));
        }
      }
    }
  }
  return errors.length ? new yup.ValidationError(errors) : true;
}

/** Step 1 alone (the wizard checks it before step 2). */
export const bulkFrequencySchema = yup.object(bulkFrequencyFields).test('frequency-rules', '', function check(values) {
  return values ? frequencyRules.call(this, values, null) : true;
});

/** `POST /planning/planning/create/many`. */
export const bulkCreateSchema = yup
  .object({
    requestId: uuid(),
    ...bulkFrequencyFields,
    lines: yup.array(bulkLineSchema).default([]).min(1, bulkMessages.lines).max(BULK_MAX_LINES, { key: bulkMessages.tooManyLines, values: { max: BULK_MAX_LINES } }),
  })
  .test('frequency-rules', '', function check(values) {
    return values ? frequencyRules.call(this, values, values.lines?.length ?? 0) : true;
  });
export type BulkCreateRequest = yup.InferType<typeof bulkCreateSchema>;
export type BulkLine = yup.InferType<typeof bulkLineSchema>;

const optionalUuids = () => yup.array(uuid()).default(undefined).min(1, bulkMessages.elementRequired);
/** The values a mass edit sets (each absent value is left unchanged). */
export const bulkEditValuesSchema = yup.object({
  planningGroups: optionalUuids(),
  rooms: optionalUuids(),
  teachers: optionalUuids(),
  teacherContracts: yup.array(uuid()).default(undefined),
  schoolSubject: yup.string().transform(blank).uuid().nullable().default(undefined),
  lessonType: yup.string().transform(blank).oneOf(lessonTypes, bulkMessages.lessonType).default(undefined),
  remote: yup.string().transform(blank).oneOf(remoteModes, bulkMessages.remote).default(undefined),
});
export type BulkEditValues = yup.InferType<typeof bulkEditValuesSchema>;
export const editedFields = ['planningGroups', 'rooms', 'teachers', 'schoolSubject', 'lessonType', 'remote'] as const;

export const bulkMoveSchema = yup.object({
  delay: yup.number().transform((v: number, original: unknown) => (original === '' ? undefined : v)).typeError(bulkMessages.delay)
    .required(bulkMessages.delay).integer(bulkMessages.delay).min(1, bulkMessages.delay).max(100_000, bulkMessages.delay),
  unit: yup.string().transform(blank).required(bulkMessages.unit).oneOf(moveUnits, bulkMessages.unit),
  direction: yup.string().transform(blank).default('later').oneOf(moveDirections, bulkMessages.direction),
});

export const bulkCancelSchema = yup.object({
  cancellationType: yup.string().transform(blank).required(bulkMessages.cancelReason).oneOf(cancellationTypes, bulkMessages.cancelReason),
  comment: yup.string().trim().transform(blank).required(bulkMessages.comment).max(2000),
});

const lessonIds = () => yup.array(uuid()).default([]).min(1, bulkMessages.lessonsRequired)
  .max(BULK_MAX_SELECTION, { key: bulkMessages.tooManyLessons, values: { max: BULK_MAX_SELECTION } });

const actionFields = (actions: readonly string[]) => ({
  lessonIds: lessonIds(),
  action: yup.string().transform(blank).required(bulkMessages.action).oneOf(actions, bulkMessages.action),
  edit: bulkEditValuesSchema.default(undefined).when('action', {
    is: 'edit',
    then: (s) => s.required(bulkMessages.valueRequired).test('one-value', bulkMessages.valueRequired, (values) =>
      !values || editedFields.some((field) => values[field] !== undefined && values[field] !== null)),
    otherwise: (s) => s.strip(),
  }),
  move: bulkMoveSchema.default(undefined).when('action', { is: 'move', then: (s) => s.required(bulkMessages.delay), otherwise: (s) => s.strip() }),
  cancel: bulkCancelSchema.default(undefined).when('action', { is: 'cancel', then: (s) => s.required(bulkMessages.comment), otherwise: (s) => s.strip() }),
});

/** `POST /planning/planning/edit/many`. */
export const bulkEditSchema = yup.object({ requestId: uuid(), ...actionFields(bulkEditActions) });
export type BulkEditRequest = yup.InferType<typeof bulkEditSchema>;
/** `POST /planning/planning/edit/many/preview` (the confirmation step; deletion previews too). */
export const bulkPreviewSchema = yup.object(actionFields(bulkPreviewActions));
export type BulkPreviewRequest = yup.InferType<typeof bulkPreviewSchema>;
/** `POST /planning/planning/remove/many`. */
export const bulkRemoveSchema = yup.object({ requestId: uuid(), lessonIds: lessonIds() });
export type BulkRemoveRequest = yup.InferType<typeof bulkRemoveSchema>;
