// Light (no server code): the web's justification form shares these lists and the schema.
import { isIsoDate } from '@alterna/core/dates';
import { yup } from '@alterna/core/validation';
import type { LineStatus } from './index.js';

/** SPEC §4 absence kinds: the line statuses that count against the student once the sheet is closed. */
export const absenceKinds = ['late', 'absent', 'early-exit', 'temporary-exit', 'temporary-exclusion', 'fraud'] as const satisfies readonly LineStatus[];
export type AbsenceKind = (typeof absenceKinds)[number];

export const justificationReasons = ['illness', 'family', 'transport', 'company', 'exam', 'other'] as const;
export type JustificationReason = (typeof justificationReasons)[number];

export const justificationStatuses = ['submitted', 'accepted', 'refused'] as const;
export type JustificationStatus = (typeof justificationStatuses)[number];

/** A justification document: at most 5 MB, a PDF or a photo (the server sniffs the bytes). */
export const justificationFile = { maxBytes: 5 * 1024 * 1024, accept: ['application/pdf', 'image/png', 'image/jpeg'] };

const day = () =>
  yup.string().required('attendance.validation.required').test('day', 'attendance.validation.day', (value) => !value || isIsoDate(value));

/** SPEC §5: the start date is not after the end date. Fields arrive as form text (multipart). */
export const justificationSchema = yup.object({
  reason: yup.string().required('attendance.validation.required').oneOf([...justificationReasons], 'attendance.justification.reason'),
  comment: yup.string().nullable().default(null).max(2000, 'attendance.validation.tooLong'),
  startDate: day(),
  endDate: day().test('order', 'attendance.justification.datesOrder', function (value) {
    const start = this.parent.startDate as string | undefined;
    return !value || !start || !isIsoDate(start) || !isIsoDate(value) || start <= value;
  }),
});
export type JustificationInput = yup.InferType<typeof justificationSchema>;

export const decisionSchema = yup.object({
  comment: yup.string().nullable().default(null).max(2000, 'attendance.validation.tooLong'),
});

/**
 * What the daily run finds: too many unjustified half-days over a window, a run of consecutive absences
 * (both told to the coach, the tutor and a minor's guardian), and the evening's request to justify (the student).
 */
export const alertKinds = ['unjustified-half-days', 'consecutive-absences', 'justify-request'] as const;
export type AlertKind = (typeof alertKinds)[number];

/** A campus's thresholds when it has not set its own. */
export const defaultAlertSettings = { unjustifiedHalfDays: 3, windowDays: 30, consecutiveAbsences: 2, justifyWithinDays: 5 };

const bounded = (max: number) => yup.number().typeError('attendance.validation.number').integer('attendance.validation.number')
  .required('attendance.validation.required').min(1, 'attendance.alerts.range').max(max, 'attendance.alerts.range');

export const alertSettingsSchema = yup.object({
  unjustifiedHalfDays: bounded(100),
  windowDays: bounded(365),
  consecutiveAbsences: bounded(50),
  justifyWithinDays: bounded(60),
});
export type AlertSettings = yup.InferType<typeof alertSettingsSchema>;
