import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { xlsxContentType, xlsxDateColumns, xlsxDay, type Actor, type Translate, type FileToSend } from '@alterna/core';
import { countryName } from '../rules/countries.js';
import { perm } from '../permissions.js';
import type { ServiceContext } from './context.js';
import type { StudentListService } from './list.js';
import type { StudentListRow } from './types.js';

export type StudentExport = FileToSend;

export interface ExportService {
  /** GET /export-xlsx/: the student list with its filters, headers in the user's language. */
  studentList(actor: Actor | null, filter: unknown, t: Translate, language: string): Promise<StudentExport>;
}


export const exportColumns = [
  { key: 'lastName', width: 20 }, { key: 'firstName', width: 18 }, { key: 'dateOfBirth', width: 12 }, { key: 'birthplace', width: 22 },
  { key: 'birthCountry', width: 16 }, { key: 'campus', width: 14 }, { key: 'training', width: 12 }, { key: 'group', width: 18 },
  { key: 'session', width: 12 }, { key: 'status', width: 22 }, { key: 'corporation', width: 28 }, { key: 'contractStart', width: 12 },
  { key: 'contractEnd', width: 12 },
] as const;

export function exportService(ctx: ServiceContext, deps: { list: StudentListService }): ExportService {
  return {
    async studentList(actor, filter, t, language) {
      // Everything is read before the first byte goes out, so a failure is still a clean error answer.
      const rows = await deps.list.list(actor, filter, t, perm.export);
      const stream = new PassThrough();
      void writeStudentWorkbook(stream, rows, t, language).catch((error: unknown) => stream.destroy(error as Error));
      return { filename: `${t('students.export.filename')}-${ctx.today()}.xlsx`, contentType: xlsxContentType, stream };
    },
  };
}

/** Streams the workbook (exceljs's streaming writer): one sheet, a bold header row in the user's language. */
export async function writeStudentWorkbook(stream: PassThrough, rows: StudentListRow[], t: Translate, language: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(t('students.export.sheet'));
  sheet.columns = exportColumns.map((c) => ({ key: c.key, width: c.width }));
  xlsxDateColumns(sheet, ['dateOfBirth', 'contractStart', 'contractEnd']);
  const header = sheet.addRow(exportColumns.map((c) => t(`students.export.columns.${c.key}`)));
  header.font = { bold: true };
  header.commit();
  for (const row of rows) {
    const registration = row.registration;
    const group = registration?.trainingGroup;
    const contract = registration?.contract;
    sheet.addRow([
      row.lastName, row.firstName, xlsxDay(row.dateOfBirth), row.birthplace ?? '', row.birthCountry ? countryName(row.birthCountry, language) : '',
      group ? group.campus.name : row.campuses.map((c) => c.name).join(', '), group?.training.shortName ?? '', group?.shortName ?? '',
      group?.trainingSession.name ?? '', registration ? t(`students.statuses.${registration.studentStatus}`) : '',
      contract ? (contract.corporation.shortName || contract.corporation.name) : '', xlsxDay(contract?.startDate), xlsxDay(contract?.endDate),
    ]).commit();
  }
  sheet.commit();
  await workbook.commit();
}
