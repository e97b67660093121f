// The light entry (no server code): the web client's form shares these schemas with the server.
// Messages are i18n keys, translated on each side.
import { isUuid, yup } from '@alterna/core/validation';
import { isWebAddress, maxBlocks, maxLinkLength, maxTitleLength, newsFieldViolations, newsRecipients, newsTypes, type NewsRecipient, type NewsType } from './rules.js';

export * from './rules.js';

const uuids = (key: string) => yup.array(yup.string().required().test('uuid', key, (value) => isUuid(value))).default([]);

/** One Editor.js block as sent; the server checks and cleans each block's data (services/blocks.ts). */
const blockSchema = yup.object({
  id: yup.string().max(50).optional(),
  type: yup.string().required(),
  // Any shape here: the block's own fields are checked and cleaned by type on the server.
  data: yup.mixed<Record<string, unknown>>().required('news.validation.block')
    .test('object', 'news.validation.block', (value) => typeof value === 'object' && value !== null && !Array.isArray(value)),
});

/** A news item (SPEC §3): the type's field, recipients (typologies), campuses, and for students trainings and groups. */
export const newsSchema = yup
  .object({
    type: yup.string().required('news.validation.typeRequired').oneOf([...newsTypes], 'news.validation.typeRequired'),
    title: yup.string().trim().required('news.validation.titleRequired').max(maxTitleLength, { key: 'news.validation.tooLong', values: { max: maxTitleLength } }),
    content: yup.object({ blocks: yup.array(blockSchema).max(maxBlocks, { key: 'news.validation.tooManyBlocks', values: { max: maxBlocks } }).default([]) }).nullable().default(null),
    link: yup.string().trim().nullable().default(null)
      .max(maxLinkLength, { key: 'news.validation.tooLong', values: { max: maxLinkLength } })
      .test('link', 'news.validation.link', (value) => !value || isWebAddress(value)),
    fileId: yup.string().nullable().default(null).test('uuid', 'news.validation.id', (value) => !value || isUuid(value)),
    recipients: yup.array(yup.string().required().oneOf([...newsRecipients], 'news.validation.recipient'))
      .required('news.validation.recipientsRequired').min(1, 'news.validation.recipientsRequired'),
    campusIds: uuids('news.validation.id').min(1, 'news.validation.campusesRequired'),
    trainingIds: uuids('news.validation.id'),
    trainingGroupIds: uuids('news.validation.id'),
  })
  .test('fields', '', function fields(value) {
    const violations = newsFieldViolations(value ?? {});
    if (!violations.length) return true;
    return new yup.ValidationError(violations.map(({ path, key }) => this.createError({ path, message: key })));
  });

export type NewsInput = Omit<yup.InferType<typeof newsSchema>, 'type' | 'recipients'> & { type: NewsType; recipients: NewsRecipient[] };

/** The link tool's POST body (a GET names the page in ?url=). */
export const linkToolSchema = yup.object({
  url: yup.string().trim().required('news.validation.linkRequired').max(maxLinkLength, { key: 'news.validation.tooLong', values: { max: maxLinkLength } })
    .test('link', 'news.validation.link', (value) => !value || isWebAddress(value)),
});

/** Editor.js image removal: the multipart field `file` carries the image's source. */
export const imageDeleteSchema = yup.object({
  file: yup.string().trim().required('validation.noFile').max(maxLinkLength),
});
