import type { MarksServices } from './services/index.js';
import type { ReportCardPart, ReportCardsRun } from './services/zip-export.js';

/** What the report-cards zip workflow calls (workflows/src/marks/contract.ts names the same functions). */
export const activities = (services: MarksServices) => ({
  marksReportCardStudents: (run: ReportCardsRun) => services.zipExport.students(run),
  marksRenderReportCards: (run: ReportCardsRun, studentIds: string[]) => services.zipExport.render(run, studentIds),
  marksZipReportCards: (run: ReportCardsRun, parts: ReportCardPart[]) => services.zipExport.zip(run, parts),
  marksRemoveReportCardParts: (parts: ReportCardPart[]) => services.zipExport.removeParts(parts),
});
