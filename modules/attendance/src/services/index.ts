import type { CoreDeps } from '@alterna/core';
import { absencesService, type AbsencesService } from './absences.js';
import { alertsService, type AlertsService } from './alerts.js';
import { certificatesService, type CertificatesService } from './certificates.js';
import { coachService, type CoachService } from './coach.js';
import { attendanceContext } from './context.js';
import { contractHoursService, type ContractHoursService } from './contract-hours.js';
import { attendanceExportService, type AttendanceExportService } from './export.js';
import { justificationsService, type JustificationsService } from './justifications.js';
import { sheetsService, type SheetsService } from './sheets.js';
import { sheetWindowService, type SheetWindowService } from './sheet-window.js';
import { studentAttendanceService, type StudentAttendanceService } from './students.js';
import { timetableService, type TimetableService } from './timetable.js';
import { unclosedService, type UnclosedService } from './unclosed.js';

/** What the module offers: other modules reach it with core.module('attendance'). */
export interface AttendanceServices {
  sheets: SheetsService;
  /** Each campus's sheet window (issue #24). */
  sheetWindow: SheetWindowService;
  students: StudentAttendanceService;
  timetable: TimetableService;
  sheetExports: AttendanceExportService;
  absences: AbsencesService;
  justifications: JustificationsService;
  alerts: AlertsService;
  certificates: CertificatesService;
  coach: CoachService;
  contractHours: ContractHoursService;
  /** Past lessons whose sheet is not closed: the teacher's, the campus's, and the daily reminder (issue #25). */
  unclosed: UnclosedService;
}

export function attendanceServices(core: CoreDeps): AttendanceServices {
  const ctx = attendanceContext(core);
  return { sheets: sheetsService(ctx), sheetWindow: sheetWindowService(ctx), students: studentAttendanceService(ctx), timetable: timetableService(ctx),
    absences: absencesService(ctx), justifications: justificationsService(ctx), sheetExports: attendanceExportService(ctx),
    alerts: alertsService(ctx), certificates: certificatesService(ctx), coach: coachService(ctx),
    contractHours: contractHoursService(ctx), unclosed: unclosedService(ctx) };
}
