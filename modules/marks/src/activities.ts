import type { MarksServices } from './services/index.js';
import type { MarksActivities } from './workflow-contract.js';

/** What the report-cards zip workflow calls (typed by its contract); each activity is safe to retry. */
export function activities(services: MarksServices) {
  const { zipExport } = services;
  return {
    marksReportCardStudents: (run) => zipExport.students(run),
    marksRenderReportCards: (run, studentIds) => zipExport.render(run, studentIds),
    marksZipReportCards: (run, parts) => zipExport.zip(run, parts),
    marksRemoveReportCardParts: (parts) => zipExport.removeParts(parts),
  } satisfies MarksActivities;
}
