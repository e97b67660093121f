// What the alerts workflow (workflows/src/attendance/) and this module agree on: names and types only, no runtime
// import (the workflow bundle imports this file).

/** The workflow's Temporal name (the module's schedule starts it). */
export const attendanceWorkflows = { alerts: 'attendance.alerts' } as const;

declare module '@alterna/core/operations/types' {
  interface Workflows {
    [attendanceWorkflows.alerts]: () => Promise<{ raised: number; mailed: number }>;
  }
}

/** A type, not an interface: it fits the core's record of activities. */
export type AttendanceActivities = {
  /** Records the crossings up to today (idempotent: a crossing is recorded once); returns the alerts left to mail. */
  attendanceRaiseAlerts(): Promise<{ raised: number; pending: string[] }>;
  /** Mails those of the alerts not mailed yet; returns how many were mailed. */
  attendanceSendAlerts(ids: string[]): Promise<number>;
};
