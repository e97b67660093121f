// What the alerts workflow (workflows/src/attendance/) and this module agree on: names and types only, no runtime
// import (the workflow bundle imports this file).

/** The workflow's Temporal name (the module's schedule starts it). */
export const attendanceWorkflows = { alerts: 'attendance.alerts', unclosedReminders: 'attendance.unclosedReminders' } as const;

declare module '@alterna/core/operations/types' {
  interface Workflows {
    [attendanceWorkflows.alerts]: (run?: AttendanceAlertsRun) => Promise<{ raised: number; mailed: number }>;
    [attendanceWorkflows.unclosedReminders]: (run?: UnclosedRemindersRun) => Promise<{ mailed: number }>;
  }
}

/** Where the mails of a run stand: the last alert handled, in the order the alerts were raised (creation time, then id). */
export type AlertCursor = { createdAt: string; id: string };

/**
 * The alerts run's input: none from the schedule; what a run hands the next when it continues as new (its counts and
 * cursor); a page's size and the pages before continuing as new (defaults `attendanceAlertsPaging`; tests set them).
 */
export type AttendanceAlertsRun = {
  pageSize?: number;
  pagesPerRun?: number;
  raised?: number;
  mailed?: number;
  after?: AlertCursor | null;
};

/** Alerts mailed per activity, and activities per run before it continues as new: the history stays bounded. */
export const attendanceAlertsPaging = { pageSize: 50, pagesPerRun: 40 } as const;

/**
 * The daily reminder of unclosed sheets (issue #25): teachers a page at a time by id, the run continuing as new every
 * few pages; the input is what a run hands the next (its count and cursor), or the page sizes a test sets.
 */
export type UnclosedRemindersRun = { pageSize?: number; pagesPerRun?: number; mailed?: number; after?: string | null };

/** Teachers mailed per activity, and activities per run before it continues as new. */
export const unclosedRemindersPaging = { pageSize: 50, pagesPerRun: 40 } as const;

/** A type, not an interface: it fits the core's record of activities. */
export type AttendanceActivities = {
  /** Records the crossings up to today (idempotent: a crossing is recorded once); how many were new. */
  attendanceRecordAlerts(): Promise<{ raised: number }>;
  /**
   * Mails the next `limit` alerts not mailed yet after the cursor (null: from the first); how many were mailed and the
   * cursor of the page's last alert, or null when the page was the last.
   */
  attendanceMailAlerts(after: AlertCursor | null, limit: number): Promise<{ mailed: number; next: AlertCursor | null }>;
  /**
   * Mails the next `limit` teachers (by id after the cursor; null: from the first) who have past lessons whose sheet is
   * not closed and were not reminded yet today; how many were mailed and the last teacher's id, or null on the last page.
   */
  attendanceRemindUnclosed(after: string | null, limit: number): Promise<{ mailed: number; next: string | null }>;
  /**
   * @deprecated For the runs started before the paging (issue #28) only, behind its `patched()`: removed with the
   * patch. Records the crossings; returns the alerts left to mail (an unbounded list through the history).
   */
  attendanceRaiseAlerts(): Promise<{ raised: number; pending: string[] }>;
  /** @deprecated As `attendanceRaiseAlerts`. Mails those of the alerts not mailed yet; returns how many were mailed. */
  attendanceSendAlerts(ids: string[]): Promise<number>;
};
