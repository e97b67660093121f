// The light entry (no server code): the web forms import these very schemas.
// Messages are i18n keys, translated on each side (server: module catalogue; web: the `teaching` key).
import { yup } from '@alterna/core/validation';
import { hasAtMostTwoDecimals, isIsoDate, subjectLineSchema } from '@alterna/trainings/validation';
import { isValidSiret } from '../rules/siret.js';
import { todayIn } from '@alterna/trainings/validation';
import {
  abandonReasons, activityDeclarationTypes, addressCountries, breakInitiatives, breakRisks, contractStatuses, disciplinaryKinds, legalForms,
  needsActivityDeclarationNumber,
} from '../rules/references.js';

export * from '../rules/references.js';
export { activityWording, contractTotals, lineTotal } from '../rules/related-activity.js';
export { isValidSiret } from '../rules/siret.js';

/** Keys of this module's own validation messages (same path in the server and web catalogues). */
export const messages = {
  endAfterStart: 'teaching.validation.endAfterStart',
  oneLine: 'teaching.validation.oneLine',
  subjectTwice: 'teaching.validation.subjectTwice',
  activityRequired: 'teaching.validation.activityRequired',
  amount: 'teaching.validation.amount',
  price: 'teaching.validation.price',
  siret: 'teaching.validation.siret',
  activityDeclarationNumber: 'teaching.validation.activityDeclarationNumber',
  postalCode: 'teaching.validation.postalCode',
  studentsRequired: 'teaching.validation.studentsRequired',
  notFuture: 'teaching.validation.notFuture',
  oneActivity: 'teaching.validation.oneActivity',
  maxStudents: 'teaching.validation.maxStudents',
  risksRequired: 'teaching.validation.risksRequired',
  coachRequired: 'teaching.validation.coachRequired',
} as const;

/** Empty inputs ('' from a text field, null) count as missing, not as "not a number". */
const emptyToUndefined = (value: unknown, original: unknown) => (original === '' || original === null ? undefined : value);
/** Numbers typed the French way ("12,5") read as numbers. */
const decimal = (value: unknown, original: unknown) =>
  typeof original === 'string' && original.trim() !== '' ? Number(original.trim().replace(',', '.')) : emptyToUndefined(value, original);

/** An option not chosen ('' from a select) is missing, not a wrong value. */
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

const isoDate = () => yup.string().required().test('iso-date', { key: 'validation.date' }, (value) => value === undefined || isIsoDate(value));
const optionalText = (max: number) => yup.string().trim().max(max).nullable().default(null).transform((value: unknown) => (value === '' ? null : value));
const uuid = () => yup.string().required().uuid();

/** End not before start (both 'YYYY-MM-DD'). */
const endDate = () =>
  isoDate().test('end-after-start', messages.endAfterStart, function check(value) {
    const start = (this.parent as { startDate?: string }).startDate;
    return !value || !start || !isIsoDate(start) || value >= start;
  });

/** SPEC §5/§9: amounts > 0, prices >= 0, both with at most two decimals. */
const amount = () =>
  yup.number().transform(decimal).typeError(messages.amount).required(messages.amount).moreThan(0, messages.amount)
    .test('two-decimals', messages.amount, (v) => v === undefined || hasAtMostTwoDecimals(v));
const price = () =>
  yup.number().transform(decimal).typeError(messages.price).required(messages.price).min(0, messages.price).max(99_999_999, messages.price)
    .test('two-decimals', messages.price, (v) => v === undefined || hasAtMostTwoDecimals(v));

/** A related activity line (SPEC §3): the activity, its amount (hours or quantity) and its price. */
export const activityLineSchema = yup.object({
  relatedActivityId: yup.string().nullable().required(messages.activityRequired).uuid(messages.activityRequired),
  amount: amount(),
  price: price(),
});

/** The trainings module's subject line (a subject, hours > 0 with two decimals), hours also typed the French way. */
const subjectLine = subjectLineSchema.shape({ hours: (subjectLineSchema.fields.hours as yup.NumberSchema<number>).transform(decimal) });

/** Subject lines of a contract: each subject once. */
const subjectLines = () =>
  yup.array(subjectLine).default([]).test('distinct', messages.subjectTwice, (lines) => {
    const ids = (lines ?? []).map((l) => l.schoolSubjectId).filter(Boolean);
    return new Set(ids).size === ids.length;
  });

/** Teacher informations (/teachers/teacher-informations/new|edit/{id}). */
export const teacherInformationsSchema = yup.object({
  specialities: optionalText(2000),
  diploma: optionalText(200),
  professionalExperience: optionalText(4000),
  comment: optionalText(4000),
});

/** A teacher contract (SPEC §3 TeacherContract and its form). */
export const teacherContractSchema = yup.object({
  campusId: uuid(),
  trainingSessionId: uuid(),
  startDate: isoDate(),
  endDate: endDate(),
  teacherStatusId: uuid(),
  teacherCompanyId: yup.string().uuid().nullable().default(null).transform((value: unknown) => (value === '' ? null : value)),
  schoolSubjectLines: subjectLines().test('one-line', messages.oneLine, function some(lines) {
    const activities = (this.parent as { relatedActivityLines?: unknown[] }).relatedActivityLines ?? [];
    return (lines?.length ?? 0) > 0 || activities.length > 0;
  }),
  relatedActivityLines: yup.array(activityLineSchema).default([]),
});

export const contractStatusSchema = yup.object({
  status: yup.string().required().oneOf([...contractStatuses]),
});

/** The company form of the popup (SPEC §3 TeacherCompany), field names as the popup posts them. */
export const teacherCompanySchema = yup.object({
  siret: yup.string().trim().required().test('siret', messages.siret, (value) => !value || isValidSiret(value)),
  name: yup.string().trim().required().max(200),
  legalForm: yup.string().transform(blankToUndefined).required().oneOf([...legalForms]),
  activityDeclarationNumberType: yup.string().transform(blankToUndefined).required().oneOf([...activityDeclarationTypes]),
  activityDeclarationNumber: yup
    .string()
    .trim()
    .nullable()
    .default(null)
    .transform((value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, '') || null : value))
    .when('activityDeclarationNumberType', {
      is: needsActivityDeclarationNumber,
      then: (s) => s.required().matches(/^\d{11}$/, messages.activityDeclarationNumber),
      otherwise: (s) => s.strip(),
    }),
  comment: optionalText(4000),
  streetAddress: optionalText(255),
  addressSupplement: optionalText(255),
  postalCode: optionalText(10).when('addressCountry', {
    is: (country: string | null) => !country || country === 'FR',
    then: (s) => s.matches(/^\d{5}$/, { message: messages.postalCode, excludeEmptyString: true }),
  }),
  addressLocality: optionalText(120),
  addressCountry: yup.string().nullable().default('FR').transform((value: unknown) => (value === '' ? null : value)).oneOf([...addressCountries, null]),
});

/** Step 5 of the popup (SPEC §7): the company reused for the teachers of the contract form. */
export const companyAssociationSchema = yup.object({
  teachers: yup.array(yup.string().required().uuid()).default([]),
  teacher_company: yup.string().uuid().nullable().default(null),
});

/** Coach informations (/coach-informations/new|edit/{id}). */
export const coachInformationsSchema = yup.object({
  specialities: optionalText(2000),
  maxStudents: yup.number().transform(decimal).nullable().default(null).typeError(messages.maxStudents).integer(messages.maxStudents).min(1, messages.maxStudents).max(500, messages.maxStudents),
  comment: optionalText(4000),
});

/** /coachs/attribution/new: students of a campus followed by a coach in the current session. */
export const coachAttributionSchema = yup.object({
  campusId: uuid(),
  coachId: yup.string().nullable().required(messages.coachRequired).uuid(messages.coachRequired),
  studentIds: yup.array(yup.string().required().uuid()).required(messages.studentsRequired).min(1, messages.studentsRequired),
});

/** A coach contract: campus, session, dates and related activity lines (at least one). */
export const coachContractSchema = yup.object({
  campusId: uuid(),
  trainingSessionId: uuid(),
  startDate: isoDate(),
  endDate: endDate(),
  relatedActivityLines: yup.array(activityLineSchema).default([]).min(1, messages.oneActivity),
});

/** A date that already happened (or today), in the centre's time zone. */
const pastDate = () => isoDate().test('not-future', messages.notFuture, (value) => !value || !isIsoDate(value) || value <= todayIn());
const choice = (values: readonly string[]) => yup.string().transform(blankToUndefined).required().oneOf([...values]);

export const disciplinaryFollowUpSchema = yup.object({
  date: pastDate(),
  category: choice(disciplinaryKinds),
  description: yup.string().trim().required().max(4000),
  actions: optionalText(4000),
});

export const preventRegistrationBreakSchema = yup.object({
  date: pastDate(),
  risks: yup.array(yup.string().required().oneOf([...breakRisks])).required(messages.risksRequired).min(1, messages.risksRequired),
  description: yup.string().trim().required().max(4000),
  actions: optionalText(4000),
});

export const breakFollowUpSchema = yup.object({
  date: isoDate(),
  category: choice(breakInitiatives),
  description: optionalText(4000),
  actions: optionalText(4000),
});

export const abandonFollowUpSchema = yup.object({
  date: isoDate(),
  category: choice(abandonReasons),
  description: optionalText(4000),
});
