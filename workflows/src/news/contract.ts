// What the news cleanup workflow and the news module agree on (names and types only).

export interface NewsActivities {
  /** Removes up to `limit` form uploads left unused for a day (idempotent); returns how many went. */
  newsUnusedUploadsRemove(limit: number): Promise<number>;
}
