// The light entry (no server code): the web client's forms share these schemas with the server.
// Messages are i18n keys, translated on each side.
import { followerTypologies, isUuid, staffTypologies, teacherTypologies, yup } from '@alterna/core/validation';

export * from './merge-tags.js';

/** The typologies one may write to, in the form's order (the core's lists, from its light entry). */
export const recipientTypologies = ['student', ...teacherTypologies, ...followerTypologies, 'referent', ...staffTypologies] as const;

export const maxSubjectLength = 255;
export const maxBodyLength = 500_000;
/** At most this many hand-picked recipients, or ids of one kind, in one campaign. */
export const maxListLength = 20_000;

const uuidList = () =>
  yup
    .array()
    .of(yup.string().required('mass-email.validation.id').test('uuid', 'mass-email.validation.id', (value) => !value || isUuid(value)))
    .max(maxListLength, 'mass-email.validation.tooMany')
    .default([]);

/** Who receives it: the union of every list given (a person on two lists gets one message). */
export const recipientsSchema = yup.object({
  /** People with one of these typologies on the chosen campuses (or, with no typology, everyone of those campuses). */
  typologies: yup.array().of(yup.string().required().oneOf(recipientTypologies, 'mass-email.validation.typology')).default([]),
  /** Limits the typology and training choices; empty: all the sender's campuses. */
  campuses: uuidList(),
  /** Students registered in a group of these trainings (on the chosen campuses). */
  trainings: uuidList(),
  /** Students registered in these training groups. */
  trainingGroups: uuidList(),
  /** Hand-picked people. */
  actors: uuidList(),
});
export type RecipientsInput = yup.InferType<typeof recipientsSchema>;

const hasRecipients = (value: RecipientsInput | undefined) =>
  !!value && [value.typologies, value.campuses, value.trainings, value.trainingGroups, value.actors].some((list) => list && list.length > 0);

/** The message: a mailbox template, or a subject and an HTML body written here. */
const contentFields = {
  templateId: yup.string().nullable().default(null).test('uuid', 'mass-email.validation.id', (value) => !value || isUuid(value)),
  subject: yup
    .string()
    .default('')
    .max(maxSubjectLength, { key: 'mass-email.validation.tooLong', values: { max: maxSubjectLength } })
    .test('subject', 'mass-email.validation.subjectRequired', function check(value) {
      return !!this.parent.templateId || !!value?.trim();
    }),
  html: yup
    .string()
    .default('')
    .max(maxBodyLength, { key: 'mass-email.validation.tooLong', values: { max: maxBodyLength } })
    .test('html', 'mass-email.validation.bodyRequired', function check(value) {
      return !!this.parent.templateId || !!value?.trim();
    }),
};

export const previewSchema = yup.object({
  ...contentFields,
  recipients: recipientsSchema.required(),
});
export type PreviewInput = yup.InferType<typeof previewSchema>;

export const campaignSchema = yup.object({
  ...contentFields,
  recipients: recipientsSchema.required().test('some', 'mass-email.validation.noRecipientChoice', hasRecipients),
  /** A client-made id: a retried click never starts the campaign twice. */
  requestId: yup.string().required('mass-email.validation.id').test('uuid', 'mass-email.validation.id', (value) => !value || isUuid(value)),
});
export type CampaignInput = yup.InferType<typeof campaignSchema>;

export const campaignStatuses = ['sending', 'paused', 'completed', 'cancelled', 'failed'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];
export const recipientStates = ['pending', 'sent', 'failed', 'unsubscribed'] as const;
export type RecipientState = (typeof recipientStates)[number];
