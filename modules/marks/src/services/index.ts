import type { CoreDeps } from '@alterna/core';
import { marksContext } from './context.js';
import { examsService, type ExamsService } from './exams.js';
import { reportCardsService, type ReportCardsService } from './report-cards.js';
import { studentMarksService, type StudentMarksService } from './student.js';
import { zipExportService, type ZipExportService } from './zip-export.js';

/** What the module offers: other modules reach it with core.module<MarksServices>('marks'). */
export interface MarksServices {
  exams: ExamsService;
  reportCards: ReportCardsService;
  student: StudentMarksService;
  zipExport: ZipExportService;
}

export function marksServices(core: CoreDeps): MarksServices {
  const ctx = marksContext(core);
  const reportCards = reportCardsService(ctx);
  return { exams: examsService(ctx), reportCards, student: studentMarksService(ctx, reportCards), zipExport: zipExportService(ctx, reportCards) };
}
