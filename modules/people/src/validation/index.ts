// The light entry (no server code): the web forms import these very schemas.
// Messages are i18n keys, translated on each side (server: module catalogue; web: the `people` key).
import { staffTypologies, typologies, yup } from '@alterna/core/validation';
import { normalizeSiret } from '@alterna/core/matching';

/** Keys of this module's own validation messages (same path in the server and web catalogues). */
export const messages = {
  typology: 'people.validation.typology',
  campus: 'people.validation.campus',
  siret: 'people.validation.siret',
  phone: 'people.validation.phone',
  country: 'people.validation.country',
  corporation: 'people.validation.corporation',
  tutor: 'people.validation.tutor',
} as const;

/** SPEC §6 typology references (the core's list, from its light entry). */
export const actorTypologies = typologies;
export type ActorTypology = (typeof actorTypologies)[number];

/** Typologies that open the staff space: giving one needs the people.staff.grant permission. */
export const staffAccessTypologies: readonly ActorTypology[] = [...staffTypologies, 'referent'];

/** A free text field that may stay empty: '' and blanks become null. */
const optional = (max: number) =>
  yup.string().trim().max(max).nullable().default(null).transform((value: string | null) => (value === '' ? null : value));

const personName = () => yup.string().trim().required().max(100);
const campusId = () => yup.string().nullable().required(messages.campus).uuid(messages.campus);
const typology = () => yup.string().nullable().required(messages.typology).oneOf([...actorTypologies], messages.typology);

/** Personal information of any actor (SPEC §3 Actor: firstName, lastName, email; the phone is ours). */
export const personalInformationSchema = yup.object({
  firstName: personName(),
  lastName: personName(),
  email: yup.string().trim().lowercase().required().email().max(254),
  phone: optional(30).matches(/^\+?[0-9][0-9 .()-]{5,}$/, { message: messages.phone, excludeEmptyString: true }),
  /** SPEC §5: a duplicate (name or e-mail) warns; the second submit says to ignore it. */
  ignoreDuplicates: yup.boolean().default(false),
});

/** /actor/new: an actor with a typology on a campus. */
export const actorSchema = personalInformationSchema.shape({
  typology: typology(),
  campusId: campusId(),
});

/** /actor/{id}/add-typology */
export const addTypologySchema = yup.object({
  typology: typology(),
  campusId: campusId(),
});

/** A corporation contact: an actor (typology corporation-contact) on a campus. */
export const contactSchema = personalInformationSchema.shape({
  campusId: campusId(),
});

/** A tutor: an actor (typology tutor) on a campus, possibly with their corporation at once. */
export const tutorSchema = contactSchema.shape({
  corporationId: yup.string().nullable().default(null).uuid(messages.corporation),
});

/** /tutors/associate-corporation */
export const associateCorporationSchema = yup.object({
  tutorId: yup.string().nullable().required(messages.tutor).uuid(messages.tutor),
  corporationId: yup.string().nullable().required(messages.corporation).uuid(messages.corporation),
});

/** SPEC §3 Organisation: name or short name, SIRET (stored without spaces or dashes), address. */
export const corporationSchema = yup.object({
  name: yup.string().trim().required().max(200),
  shortName: optional(100),
  siret: optional(40)
    .transform((value: string | null) => (value == null ? value : normalizeSiret(value)))
    .test('siret', messages.siret, (value) => value == null || /^\d{14}$/.test(value)),
  streetAddress: optional(255),
  addressSupplement: optional(255),
  postalCode: optional(10),
  addressLocality: optional(120),
  addressCountry: optional(2)
    .transform((value: string | null) => (value == null ? value : value.toUpperCase()))
    .matches(/^[A-Z]{2}$/, { message: messages.country, excludeEmptyString: true }),
});

export type PersonalInformationInput = yup.InferType<typeof personalInformationSchema>;
export type ActorInput = yup.InferType<typeof actorSchema>;
export type ContactInput = yup.InferType<typeof contactSchema>;
export type TutorInput = yup.InferType<typeof tutorSchema>;
export type CorporationInput = yup.InferType<typeof corporationSchema>;
