// The light entry (no server code): the web client shares the line statuses, signature methods and bodies' schemas.
// Messages are i18n keys, translated on each side.
import { isUuid, yup } from '@alterna/core/validation';

/** SPEC §2 teacher actions per line; §4 absence kinds (late, absent, early exit, temporary exit, temporary exclusion, fraud). */
export const lineStatuses = ['present', 'without-signature', 'late', 'early-exit', 'temporary-exit', 'temporary-exclusion', 'fraud', 'absent'] as const;
export type LineStatus = (typeof lineStatuses)[number];

/** Statuses the student counts as attending (a signature is expected from them). */
export const attendingStatuses: readonly LineStatus[] = ['present', 'without-signature', 'late', 'early-exit', 'temporary-exit'];

/** How a signature was given: drawn on a pad, after a QR check-in, or recorded by the teacher for the student. */
export const signatureMethods = ['pad', 'qr', 'teacher'] as const;
export type SignatureMethod = (typeof signatureMethods)[number];

/** At most this many points in one signature's strokes (a signature is a few hundred). */
export const maxSignaturePoints = 5000;

const instant = () => yup.string().nullable().default(null).matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, { message: 'attendance.validation.instant', excludeEmptyString: true });

/** One line as the teacher saves it; the whole sheet goes in one request. */
export const lineSchema = yup.object({
  id: yup.string().required('attendance.validation.required').test('uuid', 'attendance.validation.id', (value) => !value || isUuid(value)),
  status: yup.string().oneOf([...lineStatuses], 'attendance.validation.status').required('attendance.validation.required'),
  arrivedAt: instant(),
  leftAt: instant(),
  exitFrom: instant(),
  exitTo: instant(),
  comment: yup.string().nullable().default(null).max(1000, 'attendance.validation.tooLong'),
});

export const sheetSaveSchema = yup.object({
  lines: yup.array(lineSchema).required('attendance.validation.required').max(500, 'attendance.validation.tooManyLines'),
});

/** A drawn signature: strokes of [x, y] or [x, y, t] points on a 0..1000 box; the server draws its SVG from them. */
export const signatureSchema = yup.object({
  strokes: yup
    .array(yup.array(yup.array(yup.number().required()).min(2).max(3).required()).max(maxSignaturePoints, 'attendance.validation.signatureTooLarge').required())
    .required('attendance.validation.signatureRequired')
    .min(1, 'attendance.validation.signatureRequired')
    .max(200, 'attendance.validation.signatureTooLarge')
    .test('points', 'attendance.validation.signatureTooLarge', (strokes) => (strokes ?? []).reduce((sum, s) => sum + s.length, 0) <= maxSignaturePoints),
});

export const checkInSchema = yup.object({
  lesson: yup.string().required('attendance.validation.required').test('uuid', 'attendance.validation.id', (value) => !value || isUuid(value)),
  window: yup.number().integer().required('attendance.validation.required'),
  code: yup.string().required('attendance.validation.required').max(64),
});
export * from './absences.js';
export * from './sheet-window.js';
