// The light entry of the planning groups area (no server code): the web forms import these very schemas.
// Messages are i18n keys, translated on each side (server: planning catalogue; web: `planning.groups.*`).
import { yup } from '@alterna/core/validation';
import { repeatedSubjectLines } from '../rules/group-subject-lines.js';

/** Keys of the planning groups' messages (same path in the server and web catalogues). */
export const groupMessages = {
  campusRequired: 'planning.groups.validation.campusRequired',
  subjectRequired: 'planning.groups.validation.subjectRequired',
  hoursRequired: 'planning.groups.validation.hoursRequired',
  hours: 'planning.groups.validation.hours',
  hoursMax: 'planning.groups.validation.hoursMax',
  subjectTwice: 'planning.groups.validation.subjectTwice',
  scheduledSubject: 'planning.groups.validation.scheduledSubject',
  registrationsRequired: 'planning.groups.validation.registrationsRequired',
  tooMany: 'planning.groups.validation.tooMany',
} as const;

/** Most hours a subject line may hold (the column is numeric(8,2); no school plans more in a year). */
export const MAX_SUBJECT_HOURS = 9999;
/** Most lines a group's table may hold, and most registrations one request may add or remove. */
export const MAX_SUBJECT_LINES = 200;
export const MAX_REGISTRATIONS = 500;

/** Empty inputs ('' from a text field, null) count as missing, not as "not a number". */
const emptyToUndefined = (value: unknown, original: unknown) => (original === '' || original === null ? undefined : value);

/** Accepts "1,5" as typed on a French keyboard. */
const decimalComma = (value: unknown, original: unknown) =>
  typeof original === 'string' && /^\s*\d+,\d+\s*$/.test(original) ? Number(original.replace(',', '.')) : value;

/** At most two decimals (SPEC §9: hours > 0 with at most 2 decimals). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

const optionalId = () =>
  yup
    .string()
    .transform((value: unknown, original: unknown) => (original === '' ? null : value))
    .nullable()
    .default(null)
    .uuid();

/** New planning group and "informations" edit: a name, a campus, optionally a training group and a parent group. */
export const planningGroupSchema = yup.object({
  name: yup.string().trim().required().max(160),
  campus: yup.string().nullable().required(groupMessages.campusRequired).uuid(),
  trainingGroup: optionalId(),
  parent: optionalId(),
});

/** One line of the table: a school subject and its hours (SPEC §5 planning group table). */
export const subjectLineSchema = yup.object({
  schoolSubject: yup.string().nullable().required(groupMessages.subjectRequired).uuid(groupMessages.subjectRequired),
  hours: yup
    .number()
    .transform(decimalComma)
    .transform(emptyToUndefined)
    .typeError(groupMessages.hours)
    .required(groupMessages.hoursRequired)
    .moreThan(0, groupMessages.hours)
    .test('two-decimals', groupMessages.hours, (value) => value === undefined || hasAtMostTwoDecimals(value))
    .max(MAX_SUBJECT_HOURS, ({ max }: { max: number }) => ({ key: groupMessages.hoursMax, values: { max } })),
});

/** The whole table, saved at once; a subject appears only once. */
export const subjectLinesSchema = yup.object({
  lines: yup
    .array(subjectLineSchema)
    .default([])
    .max(MAX_SUBJECT_LINES, ({ max }: { max: number }) => ({ key: groupMessages.tooMany, values: { max } }))
    .test('subject-once', function (lines) {
      const repeated = repeatedSubjectLines((lines ?? []).map((line) => line?.schoolSubject));
      if (!repeated.length) return true;
      return new yup.ValidationError(repeated.map((index) => this.createError({ path: `lines[${index}].schoolSubject`, message: groupMessages.subjectTwice })));
    }),
});

/** Registrations to subscribe to (or unsubscribe from) the group. */
export const subscriptionsSchema = yup.object({
  registrations: yup
    .array(yup.string().required().uuid())
    .required(groupMessages.registrationsRequired)
    .min(1, groupMessages.registrationsRequired)
    .max(MAX_REGISTRATIONS, ({ max }: { max: number }) => ({ key: groupMessages.tooMany, values: { max } })),
});

export type PlanningGroupInput = yup.InferType<typeof planningGroupSchema>;
export type SubjectLinesInput = yup.InferType<typeof subjectLinesSchema>;
export type SubscriptionsInput = yup.InferType<typeof subscriptionsSchema>;
