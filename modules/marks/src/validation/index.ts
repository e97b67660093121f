// The light entry (no server code): the web client's forms share these schemas with the server.
// Messages are i18n keys, translated on each side.
import { isUuid, yup } from '@alterna/core/validation';

export * from './rules.js';

export const semesters = [1, 2, 3, 4] as const;
export const markStatuses = ['present', 'absent', 'excused'] as const;
export type MarkStatus = (typeof markStatuses)[number];
/** The mark scale: 0 to 20, two decimals. */
export const maxMark = 20;
/** At most this many students in one exam's sheet. */
export const maxSheetLines = 2000;
export const maxAppraisalLength = 2000;

const uuid = (required: string) => yup.string().required(required).test('uuid', 'marks.validation.id', (value) => !value || isUuid(value));
const twoDecimals = (value: number | null | undefined) => value === null || value === undefined || Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
const semester = () => yup.number().required('marks.validation.semesterRequired').integer('marks.validation.semester').min(1, 'marks.validation.semester').max(4, 'marks.validation.semester');

/** One student's line: a mark when present (blank: no mark yet), none when absent or excused. */
export const markLineSchema = yup.object({
  studentId: uuid('marks.validation.id'),
  status: yup.string().required('marks.validation.status').oneOf(markStatuses, 'marks.validation.status'),
  value: yup
    .number()
    .nullable()
    .default(null)
    .min(0, 'marks.validation.value')
    .max(maxMark, 'marks.validation.value')
    .test('decimals', 'marks.validation.value', twoDecimals)
    .test('absentNoMark', 'marks.validation.noMarkWhenAbsent', function check(value) {
      return value === null || value === undefined || (this.parent.status !== 'absent' && this.parent.status !== 'excused');
    }),
  /** The teacher's appraisal of the student on the exam's element for the semester; absent: left as is, blank: removed. */
  appraisal: yup.string().optional().max(maxAppraisalLength, { key: 'marks.validation.tooLong', values: { max: maxAppraisalLength } }),
});

/** A whole exam's marks in one request: the grade scale element and semester it counts for, and every line. */
export const markSheetSchema = yup.object({
  gradeScaleElementId: uuid('marks.validation.elementRequired'),
  semester: semester(),
  marks: yup.array(markLineSchema).required().max(maxSheetLines, 'marks.validation.tooMany'),
});

/** An appraisal on a report card: of a subject (grade scale element) or general (no element). Empty text removes it. */
export const appraisalSchema = yup.object({
  trainingGroupId: uuid('marks.validation.id'),
  studentId: uuid('marks.validation.id'),
  semester: semester(),
  gradeScaleElementId: yup.string().nullable().default(null).test('uuid', 'marks.validation.id', (value) => !value || isUuid(value)),
  text: yup.string().default('').max(maxAppraisalLength, { key: 'marks.validation.tooLong', values: { max: maxAppraisalLength } }),
});

/** Starting the zip of a group's report cards: a semester, the rank shown or not, and the request's id (the run's business id). */
export const reportCardsExportSchema = yup.object({
  semester: semester(),
  withRank: yup.boolean().default(true),
  requestId: uuid('marks.validation.id'),
});

export type MarkLineInput = yup.InferType<typeof markLineSchema>;
export type MarkSheetInput = yup.InferType<typeof markSheetSchema>;
export type AppraisalInput = yup.InferType<typeof appraisalSchema>;
export type ReportCardsExportInput = yup.InferType<typeof reportCardsExportSchema>;
