// The light entry (no server code): the web forms import these very schemas.
// Messages are i18n keys, translated on each side (server: module catalogue; web: the `trainings` key).
import { yup } from '@alterna/core/validation';
import { isIsoDate } from '@alterna/core/dates';

/** Keys of this module's own validation messages (same path in the server and web catalogues). */
export const messages = {
  color: 'trainings.validation.color',
  campusRequired: 'trainings.validation.campusRequired',
  subjectRequired: 'trainings.validation.subjectRequired',
  hours: 'trainings.validation.hours',
  variantName: 'trainings.validation.variantName',
  unfoldOrCreate: 'trainings.validation.unfoldOrCreate',
  variantRequired: 'trainings.validation.variantRequired',
  endAfterStart: 'trainings.validation.endAfterStart',
  coefficientRequired: 'trainings.validation.coefficientRequired',
  coefficientPositive: 'trainings.validation.coefficientPositive',
} as const;

/** Empty inputs ('' from a text field, null) count as missing, not as "not a number". */
const emptyToUndefined = (value: unknown, original: unknown) => (original === '' || original === null ? undefined : value);

/** At most two decimals (SPEC §9: hours > 0 with at most 2 decimals). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

export { isIsoDate };

const isoDate = () =>
  yup
    .string()
    .required()
    .test('iso-date', { key: 'validation.date' }, (value) => value === undefined || isIsoDate(value));

const uuid = () => yup.string().required().uuid();

export const schoolSubjectSchema = yup.object({
  name: yup.string().trim().required().max(120),
  shortName: yup.string().trim().required().max(30),
  level: yup.string().trim().max(60).nullable().default(null),
  color: yup.string().trim().required().matches(/^#[0-9a-fA-F]{6}$/, messages.color),
});

export const trainingSchema = yup.object({
  name: yup.string().trim().required().max(200),
  shortName: yup.string().trim().required().max(40),
  isPublished: yup.boolean().default(false),
  campusIds: yup.array(yup.string().required().uuid()).required(messages.campusRequired).min(1, messages.campusRequired),
});

/** One line of a block: a school subject chosen in the field, and its hours. */
export const subjectLineSchema = yup.object({
  schoolSubjectId: yup.string().nullable().required(messages.subjectRequired).uuid(messages.subjectRequired),
  hours: yup
    .number()
    .transform(emptyToUndefined)
    .typeError(messages.hours)
    .required(messages.hours)
    .moreThan(0, messages.hours)
    .test('two-decimals', messages.hours, (value) => value === undefined || hasAtMostTwoDecimals(value)),
});

export const blockSchema = yup.object({
  name: yup.string().trim().required().max(160),
  subjects: yup.array(subjectLineSchema).default([]),
});

export const blocksSchema = yup.array(blockSchema).default([]);

/** The certifier base of a training's plan for a session. */
export const certifierBaseSchema = yup.object({
  trainingSessionId: uuid(),
  blocks: blocksSchema,
});

/** A variant's name: every variant is named (SPEC §5). */
export const variantNameSchema = yup.string().trim().required(messages.variantName).max(120);

/** A new variant is either unfolded from the certifier base or created empty (SPEC §5). */
export const variantModes = ['unfold', 'create'] as const;
export type VariantMode = (typeof variantModes)[number];

export const newVariantSchema = yup.object({
  trainingSessionId: uuid(),
  name: variantNameSchema,
  mode: yup.string().nullable().required(messages.unfoldOrCreate).oneOf([...variantModes], messages.unfoldOrCreate),
});

/** A variant as the editor saves it: its name and its blocks. */
export const variantSchema = yup.object({
  name: variantNameSchema,
  blocks: blocksSchema,
});

export const trainingGroupSchema = yup.object({
  name: yup.string().trim().required().max(160),
  shortName: yup.string().trim().required().max(40),
  startDate: isoDate(),
  endDate: isoDate().test('after-start', messages.endAfterStart, function (value) {
    const start = this.parent.startDate as unknown;
    return !isIsoDate(start) || !isIsoDate(value) || value > start;
  }),
  campusId: uuid(),
  trainingSessionId: uuid(),
  trainingId: uuid(),
  variantId: yup.string().nullable().required(messages.variantRequired).uuid(messages.variantRequired),
});

export const trainingSessionSchema = yup.object({
  name: yup.string().trim().required().max(60),
  startDate: isoDate(),
  endDate: isoDate().test('after-start', messages.endAfterStart, function (value) {
    const start = this.parent.startDate as unknown;
    return !isIsoDate(start) || !isIsoDate(value) || value > start;
  }),
});

/**
 * A grade scale: each element has a coefficient, required and greater than 0 (SPEC §5). An element already
 * saved carries its id back (it is then updated in place, the exams tied to it stay tied); a new one has none.
 */
export const gradeScaleElementSchema = yup.object({
  id: yup.string().uuid().nullable().optional(),
  name: yup.string().trim().required().max(120),
  coefficient: yup
    .number()
    .transform(emptyToUndefined)
    .typeError(messages.coefficientRequired)
    .required(messages.coefficientRequired)
    .moreThan(0, messages.coefficientPositive)
    .test('two-decimals', messages.coefficientPositive, (value) => value === undefined || hasAtMostTwoDecimals(value)),
});

export const gradeScaleSchema = yup.object({
  elements: yup.array(gradeScaleElementSchema).default([]),
});

export type SchoolSubjectInput = yup.InferType<typeof schoolSubjectSchema>;
export type TrainingInput = yup.InferType<typeof trainingSchema>;
export type BlockInput = yup.InferType<typeof blockSchema>;
export type CertifierBaseInput = yup.InferType<typeof certifierBaseSchema>;
export type NewVariantInput = yup.InferType<typeof newVariantSchema>;
export type VariantInput = yup.InferType<typeof variantSchema>;
export type TrainingGroupInput = yup.InferType<typeof trainingGroupSchema>;
export type TrainingSessionInput = yup.InferType<typeof trainingSessionSchema>;
export type GradeScaleInput = yup.InferType<typeof gradeScaleSchema>;

// The current training session: the teaching module and the web client use the same rule.
export * from '../rules/current-session.js';
