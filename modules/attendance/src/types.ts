// Shapes the module hands out (type-only: the web client imports them without server code).
export type { QrCode, Sheet, SheetLine, SheetPage } from './services/sheets.js';
export type { TeacherLesson } from './services/timetable.js';
export type { ListedSheet } from './services/export.js';
export type { MyAttendanceLine } from './services/students.js';
export type { LineStatus, SignatureMethod } from './validation/index.js';
export type { Absence, AttendanceStatistics } from './services/absences.js';
export type { Justification } from './services/justifications.js';
export type { AbsenceKind, JustificationReason, JustificationStatus } from './validation/index.js';
export type { CoachedStudent, FollowedAlert } from './services/coach.js';
export type { AttendanceAlert } from './services/alerts.js';
export type { ContractHours } from './services/contract-hours.js';
export type { UnclosedSheet } from './services/unclosed.js';
