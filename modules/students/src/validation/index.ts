// The light entry (no server code): the web forms import these very schemas.
// Messages are i18n keys, translated on each side (server: module catalogue; web: the `students` key).
import { yup } from '@alterna/core/validation';
import { isIsoDate, isUnder18, todayIn } from '../rules/age.js';
import { CITY_CODE_PATTERN, hasCitySuggestions } from '../rules/birthplace.js';
import { isCountryCode } from '../rules/countries.js';
import { LAST_SITUATIONS, STUDENT_STATUSES } from '../rules/statuses.js';

export const messages = {
  cityRequired: 'students.validation.cityRequired',
  dateOfBirthFuture: 'students.validation.dateOfBirthFuture',
  country: 'students.validation.country',
  endAfterStart: 'students.validation.endAfterStart',
  notAvailableForCampus: 'students.validation.notAvailableForCampus',
  groupRequired: 'students.validation.groupRequired',
  corporationRequired: 'students.validation.corporationRequired',
  statusRequired: 'students.validation.statusRequired',
  situationRequired: 'students.validation.situationRequired',
} as const;

const isoDate = () =>
  yup
    .string()
    .required()
    .test('iso-date', { key: 'validation.date' }, (value) => value === undefined || isIsoDate(value));

/** The legal guardian's fields; all required for a student under 18 except the address supplement and country. */
export const guardianFields = [
  'guardianLastName', 'guardianFirstName', 'guardianEmail', 'guardianPhone',
  'guardianStreetAddress', 'guardianAddressSupplement', 'guardianPostalCode', 'guardianAddressLocality', 'guardianAddressCountry',
] as const;
export type GuardianField = (typeof guardianFields)[number];
export const optionalGuardianFields: readonly GuardianField[] = ['guardianAddressSupplement', 'guardianAddressCountry'];

/** Under 18 today (the centre's day), for a date of birth as typed. */
export function isMinor(dateOfBirth: unknown, today: string = todayIn()): boolean {
  return isIsoDate(dateOfBirth) && isUnder18(dateOfBirth, today);
}

/** A guardian field: required when the student is under 18 (SPEC §5), ignored otherwise. */
const guardian = (max: number, required: boolean, kind: 'text' | 'email' | 'country' = 'text') => {
  let field = yup.string().trim().max(max).nullable().default(null);
  if (kind === 'email') field = field.email();
  if (kind === 'country') field = field.test('country', { key: messages.country }, (v) => !v || isCountryCode(v));
  return required
    ? field.when('dateOfBirth', { is: (d: unknown) => isMinor(d), then: (s) => s.required(), otherwise: (s) => s.notRequired() })
    : field;
};

/** The student's coordinates (SPEC §2 personal informations, §4 guardian and birth place, §5 rules). */
export const coordinatesShape = {
  firstName: yup.string().trim().required().max(100),
  lastName: yup.string().trim().required().max(100),
  dateOfBirth: isoDate()
    .test('past', { key: messages.dateOfBirthFuture }, (v) => !isIsoDate(v) || v <= todayIn())
    .test('plausible', { key: 'validation.date' }, (v) => !isIsoDate(v) || v >= '1900-01-01'),
  birthCountry: yup.string().trim().required().test('country', { key: messages.country }, (v) => !v || isCountryCode(v)),
  // For a listed country, the place is a city picked among the suggestions, with its INSEE code.
  birthplace: yup.string().trim().max(160).required().when('birthCountry', {
    is: (c: unknown) => hasCitySuggestions(c as string),
    then: (s) => s.required(messages.cityRequired),
  }),
  birthCityCode: yup.string().trim().nullable().default(null).when('birthCountry', {
    is: (c: unknown) => hasCitySuggestions(c as string),
    then: (s) => s.required(messages.cityRequired).matches(CITY_CODE_PATTERN, { message: messages.cityRequired }),
    otherwise: (s) => s.transform(() => null),
  }),
  guardianLastName: guardian(100, true),
  guardianFirstName: guardian(100, true),
  guardianEmail: guardian(254, true, 'email'),
  guardianPhone: guardian(30, true),
  guardianStreetAddress: guardian(255, true),
  guardianAddressSupplement: guardian(255, false),
  guardianPostalCode: guardian(10, true),
  guardianAddressLocality: guardian(120, true),
  guardianAddressCountry: guardian(2, false, 'country'),
};

export const coordinatesSchema = yup.object(coordinatesShape);
export type CoordinatesInput = yup.InferType<typeof coordinatesSchema>;

/** A new student: coordinates, the campus where they study and the e-mail of their account. */
export const newStudentSchema = yup.object({
  ...coordinatesShape,
  email: yup.string().trim().required().email().max(254),
  campusId: yup.string().nullable().required().uuid(),
});
export type NewStudentInput = yup.InferType<typeof newStudentSchema>;

export const registrationSchema = yup.object({
  trainingGroupId: yup.string().nullable().required(messages.groupRequired).uuid(messages.groupRequired),
  studentStatus: yup.string().nullable().required(messages.statusRequired).oneOf([...STUDENT_STATUSES], messages.statusRequired),
});
export type RegistrationInput = yup.InferType<typeof registrationSchema>;

const contractDates = {
  startDate: isoDate(),
  endDate: isoDate().test('after-start', { key: messages.endAfterStart }, function (value) {
    const start = this.parent.startDate as unknown;
    return !isIsoDate(value) || !isIsoDate(start) || start < value;
  }),
};

export const contractSchema = yup.object({
  studentRegistration: yup.string().nullable().required().uuid(),
  corporationId: yup.string().nullable().required(messages.corporationRequired).uuid(messages.corporationRequired),
  ...contractDates,
});
export type ContractInput = yup.InferType<typeof contractSchema>;

/** POST /students/{id}/contract/update-date: only the dates of one contract. */
export const contractDatesSchema = yup.object({
  studentContract: yup.string().nullable().required().uuid(),
  ...contractDates,
});

/** POST /students/students/last-situation/new: the student's situation the year before (Y-1). */
export const lastSituationSchema = yup.object({
  student: yup.string().nullable().required().uuid(),
  situation: yup.string().nullable().required(messages.situationRequired).oneOf([...LAST_SITUATIONS], messages.situationRequired),
  establishment: yup.string().trim().max(200).nullable().default(null),
  diploma: yup.string().trim().max(200).nullable().default(null),
});

/** Filters of the student list and of its export. */
export const studentListFilterSchema = yup.object({
  campusId: yup.string().uuid().nullable().default(null),
  trainingIds: yup.array(yup.string().required().uuid()).default([]),
  trainingGroupIds: yup.array(yup.string().required().uuid()).default([]),
  trainingSessionId: yup.string().uuid().nullable().default(null),
});
export type StudentListFilter = yup.InferType<typeof studentListFilterSchema>;

// Rules the web client shares with the server (pure: no database, no Node built-ins).
export * from '../rules/age.js';
export * from '../rules/birthplace.js';
export * from '../rules/countries.js';
export * from '../rules/duplicates.js';
export * from '../rules/statuses.js';
