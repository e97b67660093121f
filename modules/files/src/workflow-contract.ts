// What the file-expiry workflow (workflows/src/files/) and this module agree on: names and types only, no runtime
// import (the workflow bundle imports this file).

/** The workflow's Temporal name (the module's schedule starts it). */
export const filesWorkflows = { expiry: 'files.expiry' } as const;

declare module '@alterna/core/operations/types' {
  interface Workflows {
    [filesWorkflows.expiry]: () => Promise<{ warned: number; unpublished: number; mailed: number }>;
  }
}

/** A type, not an interface: it fits the core's record of activities. */
export type FilesActivities = {
  /** Records today's warnings and unpublishes expired files (idempotent: once per file and expiration date); returns the warnings left to mail. */
  filesExpiryRun(): Promise<{ warned: number; unpublished: number; pending: string[] }>;
  /** Mails those of the warnings not mailed yet; returns how many were mailed. */
  filesExpirySend(ids: string[]): Promise<number>;
};
