import type { CoreDeps } from '@alterna/core';
import { marksContext } from './context.js';
import { examsService, type ExamsService } from './exams.js';
import { followedMarksService, type FollowedMarksService } from './followed.js';
import { reportCardsService, type ReportCardsService } from './report-cards.js';
import { studentMarksService, studentRecord, type StudentMarksService } from './student.js';
import { zipExportService, type ZipExportService } from './zip-export.js';

/** What the module offers: other modules reach it with core.module('marks'). */
export interface MarksServices {
  exams: ExamsService;
  reportCards: ReportCardsService;
  student: StudentMarksService;
  /** The marks and report cards of the apprentices a coach, company tutor or corporation contact follows. */
  followed: FollowedMarksService;
  zipExport: ZipExportService;
}

export function marksServices(core: CoreDeps): MarksServices {
  const ctx = marksContext(core);
  const reportCards = reportCardsService(ctx);
  const record = studentRecord(ctx, reportCards);
  return {
    exams: examsService(ctx), reportCards, student: studentMarksService(ctx, record), followed: followedMarksService(ctx, record),
    zipExport: zipExportService(ctx, reportCards),
  };
}
