import type { CoreDeps } from '@alterna/core';
import { attendanceContext } from './context.js';
import { sheetsService, type SheetsService } from './sheets.js';
import { studentAttendanceService, type StudentAttendanceService } from './students.js';

/** What the module offers: other modules reach it with core.module<AttendanceServices>('attendance'). */
export interface AttendanceServices {
  sheets: SheetsService;
  students: StudentAttendanceService;
}

export function attendanceServices(core: CoreDeps): AttendanceServices {
  const ctx = attendanceContext(core);
  return { sheets: sheetsService(ctx), students: studentAttendanceService(ctx) };
}
