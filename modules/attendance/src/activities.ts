import type { AttendanceServices } from './services/index.js';
import type { AttendanceActivities } from './workflow-contract.js';

/** What the alerts and unclosed-sheet reminder workflows call (typed by its contract); each activity is safe to retry. */
export function activities(services: AttendanceServices) {
  return {
    attendanceRecordAlerts: () => services.alerts.record(),
    attendanceMailAlerts: (after, limit) => services.alerts.mailPage(after, limit),
    attendanceRaiseAlerts: () => services.alerts.raise(),
    attendanceSendAlerts: (ids) => services.alerts.send(ids),
    attendanceRemindUnclosed: (after, limit) => services.unclosed.remindPage(after, limit),
  } satisfies AttendanceActivities;
}
