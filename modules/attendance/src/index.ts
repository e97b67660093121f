import { defineModule } from '@alterna/core';
import { fr, en } from './locales/index.js';
import { attendance } from './migrations/20261230000100_attendance.js';
import { justifications } from './migrations/20261230000200_justifications.js';
import { alerts } from './migrations/20261230000300_alerts.js';
import { sheetWindow } from './migrations/20261230000400_sheet_window.js';
import { unclosedReminders } from './migrations/20261230000500_unclosed_reminders.js';
import { permissions } from './permissions.js';
import { attendanceServices, type AttendanceServices } from './services/index.js';
import './module-services.js';
import { routes } from './routes/index.js';
import { seedAttendance } from './seed.js';
import { activities } from './activities.js';
import { attendanceWorkflows } from './workflow-contract.js';

export type { AttendanceServices } from './services/index.js';
export * from './types.js';
export { perm } from './permissions.js';
/** What the module's workflows call, typed by its `workflow-contract` (the worker's check: workflows/src/contracts.ts). */
export { activities } from './activities.js';

/**
 * Attendance: a signed sheet per lesson (one line per student of its planning groups), rotating QR self check-in,
 * signatures as proofs chained by hash, the teacher's closing signature (issue #11).
 */
export default defineModule<AttendanceServices>({
  name: 'attendance',
  dependsOn: ['identity', 'training-centre', 'trainings', 'people', 'teaching', 'students', 'planning'],
  migrations: [attendance, justifications, alerts, sheetWindow, unclosedReminders],
  locales: { fr, en },
  permissions,
  services: attendanceServices,
  routes,
  activities,
  // Every evening (18:00 UTC: 19:00 or 20:00 in Paris), once the day's sheets are closed.
  schedules: [
    { id: 'attendance-alerts', workflowType: attendanceWorkflows.alerts, cron: '0 18 * * *' },
    // Every morning (06:00 UTC: 07:00 or 08:00 in Paris), before the day's lessons: each teacher's sheets left unclosed.
    { id: 'attendance-unclosed-reminders', workflowType: attendanceWorkflows.unclosedReminders, cron: '0 6 * * *' },
  ],
  seed: (_services, core, knex) => seedAttendance(knex, core),
  // An opened sheet is "attendance started": planning then refuses to cancel, delete or undo the lesson.
  register: ({ core }) => {
    const planning = core.module('planning');
    planning.attendance.registerStarted('SELECT lesson_id FROM attendance_sheets');
    // Delivered hours in planning's progress: the lessons whose sheet the teacher signed and closed.
    planning.attendance.registerDelivered('SELECT lesson_id FROM attendance_sheets WHERE closed_at IS NOT NULL');
  },
});
