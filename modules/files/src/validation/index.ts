// The light entry (no server code): the web client shares the upload rules, the typologies and the bodies' schemas.
// Messages are i18n keys, translated on each side.
import { isUuid, yup } from '@alterna/core/validation';
import { fileTypologyReferences } from './rules.js';

export * from './rules.js';

const uuid = (key = 'files.validation.id') => yup.string().test('uuid', key, (value) => value == null || value === '' || isUuid(value));
const optionalUuid = () => uuid().nullable().default(null).transform((value) => (value === '' ? null : value));
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const realDay = (value: string) => isoDate.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const optionalDay = () => yup.string().nullable().default(null)
  .transform((value) => (value === '' ? null : value))
  .test('day', 'files.validation.day', (value) => value == null || realDay(value));

/** GraphQL createPepalFolder's input: a name, a campus, an optional parent and the planning groups allowed to see it. */
export const createFolderSchema = yup.object({
  folderName: yup.string().trim().required('files.validation.required').max(200, 'files.validation.tooLong'),
  campus: uuid().required('files.validation.required'),
  parent: optionalUuid(),
  planningGroups: yup.array(uuid().required()).default([]),
});
export type CreateFolderInput = yup.InferType<typeof createFolderSchema>;

/** updatePepalFolder's input: the folder, and what changes (a name, a parent — null for the top — or the groups). */
export const updateFolderSchema = yup.object({
  id: uuid().required('files.validation.required'),
  folderName: yup.string().trim().min(1, 'files.validation.required').max(200, 'files.validation.tooLong'),
  parent: uuid().nullable(),
  planningGroups: yup.array(uuid().required()),
});
export type UpdateFolderInput = yup.InferType<typeof updateFolderSchema>;

/**
 * SPEC §7 upload fields (multipart, all text): the typology, an optional file to replace, the person the file
 * is about and its owner; and the folder it goes in (unless it replaces a file, which keeps its folder).
 */
export const uploadSchema = yup.object({
  fileTypologyReference: yup.string().required('files.validation.typology').oneOf(fileTypologyReferences, 'files.validation.typology'),
  fileToReplace: optionalUuid(),
  fileUser: optionalUuid(),
  fileOwner: optionalUuid(),
  fileFolder: optionalUuid().when('fileToReplace', { is: (value: unknown) => !value, then: (schema) => schema.required('files.validation.folder') }),
  fileExpirationDate: optionalDay(),
});
export type UploadInput = yup.InferType<typeof uploadSchema>;

/** `/files/{id}/edit`: the name shown, the typology, the expiration date, the folder, the person and the owner. */
export const editFileSchema = yup.object({
  name: yup.string().trim().required('files.validation.required').max(255, 'files.validation.tooLong'),
  typologyReference: yup.string().required('files.validation.typology').oneOf(fileTypologyReferences, 'files.validation.typology'),
  expirationDate: optionalDay(),
  folder: uuid().required('files.validation.folder'),
  user: optionalUuid(),
  owner: optionalUuid(),
});
export type EditFileInput = yup.InferType<typeof editFileSchema>;

/** `/files/toggle-published`. */
export const togglePublishedSchema = yup.object({ fileId: uuid().required('files.validation.required') });

/** SPEC §7 update-expiration-date: form data fileId and fileExpirationDate (empty: no expiry). */
export const expirationSchema = yup.object({
  fileId: uuid().required('files.validation.required'),
  fileExpirationDate: optionalDay(),
});
