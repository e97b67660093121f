import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { todayIn, xlsxContentType, xlsxDateColumns, xlsxDay, type Actor, type FileToSend, type PermissionMatrix, type Translate } from '@alterna/core';
import { perm } from '../permissions.js';
import type { ReportCard, StudentMark } from '../types.js';
import type { MarksContext } from './context.js';
import { groupColumns, type GroupRow, type ReportCardsService } from './report-cards.js';

/**
 * One student's marks and report cards, for whoever may read them (the student, those who follow them): set queries
 * keyed by the student's id, optionally kept to some campuses (the exams', the training groups').
 */
export interface StudentRecord {
  /** The student's marks, newest exam first. */
  marks(studentId: string, campuses?: readonly string[]): Promise<StudentMark[]>;
  /** The student's report cards: each training group and semester they have marks in. */
  reportCards(studentId: string, campuses?: readonly string[]): Promise<ReportCard[]>;
}

export function studentRecord(ctx: MarksContext, cards: ReportCardsService): StudentRecord {
  const { knex } = ctx;
  return {
    async marks(studentId, campuses) {
      const rows = await knex('marks_exam_marks as m')
        .join('courses_exams_view as x', 'x.id', 'm.exam_id')
        .join('trainings_school_subjects as ss', 'ss.id', 'x.school_subject_id')
        .leftJoin('marks_exam_settings as s', 's.exam_id', 'm.exam_id')
        .leftJoin('trainings_grade_scale_elements as e', 'e.id', 's.grade_scale_element_id')
        .where('m.student_id', studentId)
        .modify((q) => {
          if (campuses) q.whereIn('x.campus_id', campuses);
        })
        .select('m.exam_id', 'x.title', 'ss.name as subject', 'm.status', 's.semester', 'e.name as element',
          knex.raw("to_char(x.exam_date, 'YYYY-MM-DD') AS exam_date"), knex.raw('x.coefficient::float8 AS coefficient'), knex.raw('m.value::float8 AS value'))
        .orderBy([{ column: 'x.exam_date', order: 'desc' }, { column: 'x.title' }, { column: 'm.exam_id' }]);
      return rows.map((r: any) => ({
        examId: r.exam_id, title: r.title, date: r.exam_date, subject: r.subject, coefficient: Number(r.coefficient), status: r.status,
        value: r.value === null ? null : Number(r.value), semester: r.semester ?? null, element: r.element ?? null,
      }));
    },

    async reportCards(studentId, campuses) {
      // The groups and semesters the student has marks in (one statement), then each group's cards (a set computation each).
      const rows = await knex('students_student_registrations as r')
        .join('trainings_training_groups as tg', 'tg.id', 'r.training_group_id')
        .join('trainings_trainings as tr', 'tr.id', 'tg.training_id')
        .join('trainings_training_sessions as ts', 'ts.id', 'tg.training_session_id')
        .join('trainings_grade_scale_elements as e', 'e.training_id', 'tg.training_id')
        .join('marks_exam_settings as s', 's.grade_scale_element_id', 'e.id')
        .join('marks_exam_marks as m', function on() {
          this.on('m.exam_id', 's.exam_id').andOn('m.student_id', 'r.student_id');
        })
        .where('r.student_id', studentId)
        .modify((q) => {
          if (campuses) q.whereIn('tg.campus_id', campuses);
        })
        .distinct([...groupColumns, 's.semester'])
        .orderBy(['tg.name', 's.semester']);
      const reportCards: ReportCard[] = [];
      for (const row of rows as (GroupRow & { semester: number })[]) reportCards.push(...(await cards.compute(row, row.semester, [studentId])));
      return reportCards;
    },
  };
}

export interface StudentMarksService {
  /** The student's own marks, newest exam first. */
  marks(actor: Actor | null): Promise<{ marks: StudentMark[] }>;
  /** The student's report cards: each training group and semester they have marks in. */
  reportCards(actor: Actor | null): Promise<{ reportCards: ReportCard[] }>;
  /** `/my-marks/export`: the marks as an xlsx, streamed (exceljs's streaming writer). */
  export(actor: Actor | null, t: Translate): Promise<FileToSend>;
}

export function studentMarksService(ctx: MarksContext, record: StudentRecord): StudentMarksService {
  const permissions: PermissionMatrix = ctx.permissions;
  return {
    async marks(actor) {
      permissions.assert(actor, perm.studentRead);
      return { marks: await record.marks(actor.id) };
    },

    async reportCards(actor) {
      permissions.assert(actor, perm.studentRead);
      return { reportCards: await record.reportCards(actor.id) };
    },

    async export(actor, t) {
      permissions.assert(actor, perm.studentRead);
      // Read before the first byte goes out, so a failure is still a clean error answer.
      const rows = await record.marks(actor.id);
      const stream = new PassThrough();
      void writeMarksWorkbook(stream, rows, t).catch((error: unknown) => stream.destroy(error as Error));
      return { filename: `${t('marks.export.filename')}-${todayIn('Europe/Paris')}.xlsx`, contentType: xlsxContentType, stream };
    },
  };
}

const columns = [
  { key: 'date', width: 12 }, { key: 'subject', width: 24 }, { key: 'exam', width: 30 }, { key: 'element', width: 22 },
  { key: 'semester', width: 10 }, { key: 'coefficient', width: 12 }, { key: 'mark', width: 10 }, { key: 'status', width: 12 },
] as const;

/** One sheet, a bold header row in the student's language; marks as numbers (two decimals) so a spreadsheet can sum them. */
async function writeMarksWorkbook(stream: PassThrough, rows: StudentMark[], t: Translate): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(t('marks.export.sheet') as string);
  sheet.columns = columns.map((c) => ({ key: c.key, width: c.width }));
  sheet.getColumn('mark').numFmt = '0.00';
  xlsxDateColumns(sheet, ['date']);
  const header = sheet.addRow(columns.map((c) => t(`marks.export.columns.${c.key}`)));
  header.font = { bold: true };
  header.commit();
  for (const row of rows) {
    sheet.addRow([xlsxDay(row.date), row.subject, row.title, row.element ?? '', row.semester ?? '', row.coefficient, row.value ?? '', t(`marks.statuses.${row.status}`)]).commit();
  }
  sheet.commit();
  await workbook.commit();
}
