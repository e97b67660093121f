import { defineModule } from '@alterna/core';
import type { PlanningServices } from '@alterna/planning';
import { fr, en } from './locales/index.js';
import { attendance } from './migrations/20261230000100_attendance.js';
import { permissions } from './permissions.js';
import { attendanceServices, type AttendanceServices } from './services/index.js';
import { routes } from './routes/index.js';

export type { AttendanceServices } from './services/index.js';
export * from './types.js';
export { perm } from './permissions.js';

/**
 * Attendance: a signed sheet per lesson (one line per student of its planning groups), rotating QR self check-in,
 * signatures as proofs chained by hash, the teacher's closing signature (issue #11).
 */
export default defineModule<AttendanceServices>({
  name: 'attendance',
  dependsOn: ['identity', 'training-centre', 'trainings', 'students', 'planning'],
  migrations: [attendance],
  locales: { fr, en },
  permissions,
  services: attendanceServices,
  routes,
  // An opened sheet is "attendance started": planning then refuses to cancel, delete or undo the lesson.
  register: ({ core, services }) => core.module<PlanningServices>('planning').attendance.register((db, ids) => services.sheets.started(db, ids)),
});
