// What the session-purge workflow and the identity module agree on (names and types only).

export interface IdentityActivities {
  /** Deletes expired sessions and login attempts older than the rate-limit window; returns how many of each. */
  purgeLoginRecords(): Promise<{ sessions: number; attempts: number }>;
}
