// What the report-cards zip workflow (workflows/src/marks/) and this module agree on: names and types only, no runtime
// import (the workflow bundle imports this file).

/** The workflow's Temporal name (also the operation's kind). */
export const marksWorkflows = { reportCards: 'marks.reportCards' } as const;

export interface ReportCardsRun {
  trainingGroupId: string;
  semester: number;
  withRank: boolean;
  language: 'fr' | 'en';
  actorId: string | null;
}
export interface ReportCardPart { fileId: string; name: string }
export interface ReportCardsZip { fileId: string; filename: string; count: number }

declare module '@alterna/core/operations/types' {
  interface Workflows {
    [marksWorkflows.reportCards]: (run: ReportCardsRun) => Promise<ReportCardsZip>;
  }
}

/** A type, not an interface: it fits the core's record of activities. */
export type MarksActivities = {
  /** The group's students: the run's items. */
  marksReportCardStudents(run: ReportCardsRun): Promise<{ key: string; label: string }[]>;
  /** A batch's PDFs, each stored; returns the stored parts. */
  marksRenderReportCards(run: ReportCardsRun, studentIds: string[]): Promise<ReportCardPart[]>;
  /** The parts in one stored zip. */
  marksZipReportCards(run: ReportCardsRun, parts: ReportCardPart[]): Promise<ReportCardsZip>;
  /** The zipped parts removed (idempotent). */
  marksRemoveReportCardParts(parts: ReportCardPart[]): Promise<void>;
};
