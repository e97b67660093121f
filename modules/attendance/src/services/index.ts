import type { CoreDeps } from '@alterna/core';
import { attendanceContext } from './context.js';
import { sheetsService, type SheetsService } from './sheets.js';
import { studentAttendanceService, type StudentAttendanceService } from './students.js';
import { timetableService, type TimetableService } from './timetable.js';

/** What the module offers: other modules reach it with core.module<AttendanceServices>('attendance'). */
export interface AttendanceServices {
  sheets: SheetsService;
  students: StudentAttendanceService;
  timetable: TimetableService;
}

export function attendanceServices(core: CoreDeps): AttendanceServices {
  const ctx = attendanceContext(core);
  return { sheets: sheetsService(ctx), students: studentAttendanceService(ctx), timetable: timetableService(ctx) };
}
