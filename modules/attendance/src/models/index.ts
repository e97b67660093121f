import { Model, type RelationMappings } from '@alterna/core';
import type { AttendanceAlertSettingsRow, AttendanceAlertsRow, AttendanceLinesRow, AttendanceSheetSettingsRow, AttendanceSheetsRow, AttendanceSignaturesRow } from './rows.js';

// objection models of the attendance module's tables: one class per table, relations only between its tables.
// Services query them with the knex or transaction object they were handed, never a global connection.

// The tables' row and insert types, generated from the database (`npm run db:rows`).
export type * from './rows.js';

/** `attendance_sheets` (20261230000100_attendance). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface AttendanceSheetModel extends AttendanceSheetsRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class AttendanceSheetModel extends Model {
  static override tableName = 'attendance_sheets';
  static override relationMappings = (): RelationMappings => ({
    lines: { relation: Model.HasManyRelation, modelClass: AttendanceLineModel, join: { from: 'attendance_sheets.id', to: 'attendance_lines.sheet_id' } },
    signatures: { relation: Model.HasManyRelation, modelClass: AttendanceSignatureModel, join: { from: 'attendance_sheets.id', to: 'attendance_signatures.sheet_id' } },
  });
}

/** `attendance_lines` (20261230000100_attendance). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface AttendanceLineModel extends AttendanceLinesRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class AttendanceLineModel extends Model {
  static override tableName = 'attendance_lines';
  static override relationMappings = (): RelationMappings => ({
    sheet: { relation: Model.BelongsToOneRelation, modelClass: AttendanceSheetModel, join: { from: 'attendance_lines.sheet_id', to: 'attendance_sheets.id' } },
  });
}

/** `attendance_signatures` (20261230000100_attendance). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface AttendanceSignatureModel extends Omit<AttendanceSignaturesRow, 'strokes'> {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class AttendanceSignatureModel extends Model {
  static override tableName = 'attendance_signatures';
  declare strokes: unknown;
}

/** `attendance_alert_settings` (20261230000300_alerts): one row per campus that set its own thresholds. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface AttendanceAlertSettingsModel extends AttendanceAlertSettingsRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class AttendanceAlertSettingsModel extends Model {
  static override tableName = 'attendance_alert_settings';
  static override idColumn = 'campus_id';
}

/** `attendance_sheet_settings` (20261230000400_sheet_window): one row per campus that set its own sheet window. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface AttendanceSheetSettingsModel extends AttendanceSheetSettingsRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class AttendanceSheetSettingsModel extends Model {
  static override tableName = 'attendance_sheet_settings';
  static override idColumn = 'campus_id';
}

/** `attendance_alerts` (20261230000300_alerts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface AttendanceAlertModel extends AttendanceAlertsRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class AttendanceAlertModel extends Model {
  static override tableName = 'attendance_alerts';
  // recipients is a text[] column, not JSON: objection must hand the array to pg as it is.
  static override jsonAttributes: string[] = [];
}
