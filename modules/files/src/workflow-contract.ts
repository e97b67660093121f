// What the file-expiry workflow (workflows/src/files/) and this module agree on: names and types only, no runtime
// import (the workflow bundle imports this file).

/** The workflow's Temporal name (the module's schedule starts it). */
export const filesWorkflows = { expiry: 'files.expiry' } as const;

declare module '@alterna/core/operations/types' {
  interface Workflows {
    [filesWorkflows.expiry]: (run?: FilesExpiryRun) => Promise<{ warned: number; unpublished: number; mailed: number }>;
  }
}

/** Where the mails of a run stand: the last warning handled, in the order the warnings were recorded (creation time, then id). */
export type ExpiryCursor = { createdAt: string; id: string };

/**
 * The expiry run's input: none from the schedule; what a run hands the next when it continues as new (its counts and
 * cursor); a page's size and the pages before continuing as new (defaults `filesExpiryPaging`; tests set them).
 */
export type FilesExpiryRun = {
  pageSize?: number;
  pagesPerRun?: number;
  warned?: number;
  unpublished?: number;
  mailed?: number;
  after?: ExpiryCursor | null;
};

/** Warnings mailed per activity, and activities per run before it continues as new: the history stays bounded. */
export const filesExpiryPaging = { pageSize: 50, pagesPerRun: 40 } as const;

/** A type, not an interface: it fits the core's record of activities. */
export type FilesActivities = {
  /** Records today's warnings and unpublishes expired files (idempotent: once per file and expiration date); how many. */
  filesExpiryRecord(): Promise<{ warned: number; unpublished: number }>;
  /**
   * Mails the next `limit` warnings not mailed yet after the cursor (null: from the first); how many were mailed and
   * the cursor of the page's last warning, or null when the page was the last.
   */
  filesExpiryMail(after: ExpiryCursor | null, limit: number): Promise<{ mailed: number; next: ExpiryCursor | null }>;
  /**
   * @deprecated For the runs started before the paging (issue #28) only, behind its `patched()`: removed with the
   * patch. Records today's warnings and unpublishes expired files; returns the warnings left to mail (a list through the history).
   */
  filesExpiryRun(): Promise<{ warned: number; unpublished: number; pending: string[] }>;
  /** @deprecated As `filesExpiryRun`. Mails those of the warnings not mailed yet; returns how many were mailed. */
  filesExpirySend(ids: string[]): Promise<number>;
};
