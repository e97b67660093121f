// The light entry (no server code): the web forms validate with these very schemas.
import { yup } from '@alterna/core/validation';
import { isValidSiret } from '@alterna/core/matching';

/** Types of campus closure (ScheduleCampusClosure.type). */
export const closureTypes = ['holidays', 'closure', 'bridge', 'other'] as const;
export type ClosureType = (typeof closureTypes)[number];

const timeOfDay = /^([01]\d|2[0-3]):[0-5]\d$/;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const name = () => yup.string().trim().required().max(120);
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const validDate = (value: string | undefined) => {
  if (!value || !isoDate.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

export const campusSchema = yup.object({
  name: name(),
  // ISO weekdays, 1 = Monday.
  openDays: yup
    .array(yup.number().integer().min(1).max(7).required())
    .required()
    .min(1, 'training-centre.campus.openDaysRequired'),
});

export const siteSchema = yup.object({
  name: name(),
  address: yup.string().trim().max(255).nullable().default(null),
});

const digitsOnly = (value: unknown) => (typeof value === 'string' ? value.replace(/[\s.-]/g, '') : value);

/** The organisation's identity on a campus, as the certificate of completion states it (issue #24). */
export const organisationSchema = yup.object({
  name: yup.string().trim().required().max(160),
  siret: yup.string().transform(digitsOnly).required()
    .matches(/^\d{14}$/, 'training-centre.organisation.siretDigits')
    .test('siret', 'training-centre.organisation.siretInvalid', (value) => !value || !/^\d{14}$/.test(value) || isValidSiret(value)),
  activityDeclarationNumber: yup.string().transform(digitsOnly).required().matches(/^\d{11}$/, 'training-centre.organisation.declarationDigits'),
  streetAddress: yup.string().trim().required().max(255),
  postalCode: yup.string().trim().required().max(10),
  city: yup.string().trim().required().max(120),
});
export type OrganisationInput = yup.InferType<typeof organisationSchema>;

export const buildingSchema = yup.object({
  name: name(),
});

export const roomSchema = yup.object({
  id: yup.string().uuid().nullable().default(null),
  name: name(),
  size: yup.number().integer().min(0).max(10000).required(),
});

/** The rooms of one building, edited in one form: the list replaces the building's rooms. */
export const roomsEditSchema = yup.object({
  rooms: yup.array(roomSchema).required(),
});

export const modelTimeSlotSchema = yup.object({
  campus: yup.string().required('training-centre.modelTimeSlot.campusRequired').matches(uuid, { message: { key: 'validation.uuid' }, excludeEmptyString: true }),
  name: name(),
});

export const modelTimeSlotUpdateSchema = yup.object({
  name: name(),
});

const time = () => yup.string().trim().required().matches(timeOfDay, 'training-centre.timeSlot.invalidTime');

export const timeSlotSchema = yup.object({
  // Anything but a model's id is no selection at all.
  modelTimeSlot: yup.string().trim().required('training-centre.timeSlot.modelRequired').matches(uuid, { message: 'training-centre.timeSlot.modelRequired', excludeEmptyString: true }),
  startTime: time(),
  endTime: time().test('after-start', 'training-centre.timeSlot.startBeforeEnd', function (value) {
    const start = this.parent.startTime as string | undefined;
    if (!value || !start || !timeOfDay.test(value) || !timeOfDay.test(start)) return true;
    return minutes(start) < minutes(value);
  }),
});

const date = () => yup.string().trim().required().test('date', { key: 'validation.date' }, (value) => !value || validDate(value));

export const closureSchema = yup.object({
  campus: yup.string().required('training-centre.closure.campusRequired').matches(uuid, { message: { key: 'validation.uuid' }, excludeEmptyString: true }),
  startDate: date(),
  endDate: date().test('not-before-start', 'training-centre.closure.endBeforeStart', function (value) {
    const start = this.parent.startDate as string | undefined;
    if (!validDate(value) || !validDate(start)) return true;
    return start! <= value!;
  }),
  type: yup.string().required().oneOf([...closureTypes]),
  name: yup.string().trim().max(120).nullable().default(null),
});

/** Optional period of a closures query. */
export const closureRangeSchema = yup.object({
  startDate: yup.string().nullable().default(null).test('date', { key: 'validation.date' }, (value) => !value || validDate(value)),
  endDate: yup.string().nullable().default(null).test('date', { key: 'validation.date' }, (value) => !value || validDate(value)),
});
