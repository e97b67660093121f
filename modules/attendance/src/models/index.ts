import { Model, type RelationMappings } from '@alterna/core';

// objection models of the attendance module's tables: one class per table, relations only between its tables.
// Services query them with the knex or transaction object they were handed, never a global connection.

/** `attendance_sheets` (20261230000100_attendance). */
export class AttendanceSheetModel extends Model {
  static override tableName = 'attendance_sheets';
  declare id: string;
  declare lesson_id: string;
  declare campus_id: string;
  declare opened_by: string | null;
  declare opened_at: Date;
  declare closed_by: string | null;
  declare closed_at: Date | null;
  declare qr_secret: Buffer;
  declare created_at: Date;
  declare updated_at: Date;
  static override relationMappings = (): RelationMappings => ({
    lines: { relation: Model.HasManyRelation, modelClass: AttendanceLineModel, join: { from: 'attendance_sheets.id', to: 'attendance_lines.sheet_id' } },
    signatures: { relation: Model.HasManyRelation, modelClass: AttendanceSignatureModel, join: { from: 'attendance_sheets.id', to: 'attendance_signatures.sheet_id' } },
  });
}

/** `attendance_lines` (20261230000100_attendance). */
export class AttendanceLineModel extends Model {
  static override tableName = 'attendance_lines';
  declare id: string;
  declare sheet_id: string;
  declare student_registration_id: string;
  declare student_id: string;
  declare status: string | null;
  declare arrived_at: Date | null;
  declare left_at: Date | null;
  declare exit_from: Date | null;
  declare exit_to: Date | null;
  declare comment: string | null;
  declare checked_in_at: Date | null;
  declare marked_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
  static override relationMappings = (): RelationMappings => ({
    sheet: { relation: Model.BelongsToOneRelation, modelClass: AttendanceSheetModel, join: { from: 'attendance_lines.sheet_id', to: 'attendance_sheets.id' } },
  });
}

/** `attendance_signatures` (20261230000100_attendance). */
export class AttendanceSignatureModel extends Model {
  static override tableName = 'attendance_signatures';
  declare id: string;
  declare sheet_id: string;
  declare line_id: string | null;
  declare lesson_id: string;
  declare signer_id: string;
  declare recorded_by: string | null;
  declare method: string;
  declare signed_at: Date;
  declare ip: string | null;
  declare user_agent: string | null;
  declare strokes: unknown;
  declare svg: string | null;
  declare lines_digest: string | null;
  declare seq: number;
  declare previous_hash: string | null;
  declare hash: string;
}

/** `attendance_justifications` (20261230000200_justifications). */
export class AttendanceJustificationModel extends Model {
  static override tableName = 'attendance_justifications';
  declare id: string;
  declare student_id: string;
  declare campus_id: string;
  declare reason: string;
  declare comment: string | null;
  declare start_date: string;
  declare end_date: string;
  declare file_id: string | null;
  declare status: string;
  declare decided_by: string | null;
  declare decided_at: Date | null;
  declare decision_comment: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}

/** `attendance_alert_settings` (20261230000300_alerts): one row per campus that set its own thresholds. */
export class AttendanceAlertSettingsModel extends Model {
  static override tableName = 'attendance_alert_settings';
  static override idColumn = 'campus_id';
  declare campus_id: string;
  declare unjustified_half_days: number;
  declare window_days: number;
  declare consecutive_absences: number;
  declare justify_within_days: number;
  declare updated_by: string | null;
  declare updated_at: Date;
}

/** `attendance_sheet_settings` (20261230000400_sheet_window): one row per campus that set its own sheet window. */
export class AttendanceSheetSettingsModel extends Model {
  static override tableName = 'attendance_sheet_settings';
  static override idColumn = 'campus_id';
  declare campus_id: string;
  declare opens_before_minutes: number;
  declare correction_days: number;
  declare updated_by: string | null;
  declare updated_at: Date;
}

/** `attendance_alerts` (20261230000300_alerts). */
export class AttendanceAlertModel extends Model {
  static override tableName = 'attendance_alerts';
  // recipients is a text[] column, not JSON: objection must hand the array to pg as it is.
  static override jsonAttributes: string[] = [];
  declare id: string;
  declare student_id: string;
  declare campus_id: string;
  declare kind: string;
  declare crossing_key: string;
  declare day: string;
  declare count: number;
  declare threshold: number;
  declare recipients: string[] | null;
  declare mailed_at: Date | null;
  declare created_at: Date;
}
