// What the alerts workflow and the attendance module agree on (names and types only).

export interface AttendanceActivities {
  /** Records the crossings up to today (idempotent: a crossing is recorded once); returns the alerts left to mail. */
  attendanceRaiseAlerts(): Promise<{ raised: number; pending: string[] }>;
  /** Mails those of the alerts not mailed yet; returns how many were mailed. */
  attendanceSendAlerts(ids: string[]): Promise<number>;
}
