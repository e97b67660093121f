// What the report-cards zip workflow and the marks module agree on (names and types only).

export interface ReportCardsRun {
  trainingGroupId: string;
  semester: number;
  withRank: boolean;
  language: 'fr' | 'en';
  actorId: string | null;
}
export interface ReportCardPart { fileId: string; name: string }
export interface ReportCardsZip { fileId: string; filename: string; count: number }

export interface MarksActivities {
  /** The group's students: the run's items. */
  marksReportCardStudents(run: ReportCardsRun): Promise<{ key: string; label: string }[]>;
  /** A batch's PDFs, each stored; returns the stored parts. */
  marksRenderReportCards(run: ReportCardsRun, studentIds: string[]): Promise<ReportCardPart[]>;
  /** The parts in one stored zip. */
  marksZipReportCards(run: ReportCardsRun, parts: ReportCardPart[]): Promise<ReportCardsZip>;
  /** The zipped parts removed (idempotent). */
  marksRemoveReportCardParts(parts: ReportCardPart[]): Promise<void>;
}
