// What the file-expiry workflow and the files module agree on (names and types only).

export interface FilesActivities {
  /** Records today's warnings and unpublishes expired files (idempotent: once per file and expiration date); returns the warnings left to mail. */
  filesExpiryRun(): Promise<{ warned: number; unpublished: number; pending: string[] }>;
  /** Mails those of the warnings not mailed yet; returns how many were mailed. */
  filesExpirySend(ids: string[]): Promise<number>;
}
