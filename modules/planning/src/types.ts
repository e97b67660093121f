// Shared shapes of the planning module (light: no server imports, so web/ may `import type` them).
// The values the planning migration's check constraints hold (a migration keeps its own frozen copy).
export const lessonStatuses = ['active', 'locked', 'cancelled'] as const;
export const remoteModes = ['present', 'remote', 'both'] as const;
export const lessonTypes = ['course', 'tutorial', 'practical', 'exam', 'project', 'meeting'] as const;
export const cancellationTypes = ['disease', 'teacher-initiative', 'school-initiative'] as const;
export const workStudyTypes = ['Entreprise', 'Formation'] as const;

export type LessonStatus = (typeof lessonStatuses)[number];
export type RemoteMode = (typeof remoteModes)[number];
export type LessonType = (typeof lessonTypes)[number];
export type CancellationType = (typeof cancellationTypes)[number];

/** The centre's time zone: lesson days, closures and holidays are Paris days. */
export const CENTRE_TIME_ZONE = 'Europe/Paris';

/** Rows per insert/update batch of a bulk run (one transaction each). */
export const BULK_BATCH_SIZE = 500;
/** A bulk run continues as new after this many batches, so its history stays small. */
export const BULK_BATCHES_PER_RUN = 10;
/** Most occurrences one mass creation may expand to. */
export const BULK_MAX_OCCURRENCES = 20_000;

/** A lesson as every reader returns it; dates are ISO 8601 UTC strings. */
export interface Lesson {
  id: string;
  campusId: string;
  campusName: string;
  trainingSessionId: string | null;
  startAt: string;
  endAt: string;
  remote: RemoteMode;
  lessonType: LessonType;
  status: LessonStatus;
  cancellationType: CancellationType | null;
  cancelDesc: string | null;
  description: string | null;
  schoolSubject: { id: string; name: string; shortName: string; color: string | null } | null;
  teachers: { id: string; firstName: string; lastName: string; teacherContractId: string | null }[];
  rooms: { id: string; name: string; size: number; buildingId: string; buildingName: string }[];
  planningGroups: { id: string; name: string }[];
  attendanceStarted: boolean;
}

/** What a lesson would occupy: the unit of every conflict check (single, bulk, drag and drop). */
export interface LessonSlot {
  /** The lesson being edited or moved: it never conflicts with itself. */
  lessonId?: string | null;
  campusId: string;
  startAt: string;
  endAt: string;
  teacherIds: string[];
  roomIds: string[];
  planningGroupIds: string[];
}

/**
 * Why a slot cannot hold a lesson. Hard conflicts (another lesson or booking holds a resource, a trainer
 * constraint) and calendar reasons (closure, holiday, company period, outside the session) that a mass
 * creation reports as skipped.
 */
export type ConflictKind =
  | 'room' | 'teacher' | 'planningGroup' | 'booking' | 'trainerConstraint'
  | 'closure' | 'publicHoliday' | 'companyPeriod' | 'outsideSession' | 'closedDay';

export const calendarConflictKinds: readonly ConflictKind[] = ['closure', 'publicHoliday', 'companyPeriod', 'outsideSession', 'closedDay'];

export interface Conflict {
  kind: ConflictKind;
  /** The colliding lesson, booking or constraint, when there is one. */
  otherId?: string | null;
  /** The resource both hold (room, teacher, planning group, training group) and its display name. */
  resourceId?: string | null;
  resourceName?: string | null;
  /** Period of what collides (ISO), or the day ('YYYY-MM-DD') of a closure/holiday/company period. */
  startAt?: string | null;
  endAt?: string | null;
  /** Extra label: subject of the other lesson, closure name, holiday key… */
  label?: string | null;
  /** The human sentence in the asker's language (filled by `describeConflict`). */
  message?: string;
}

export interface FreeSlot {
  startAt: string;
  endAt: string;
}

/** Per-item outcome of a bulk run, as the results route and the wizard's table show it. */
export type RunItemStatus = 'pending' | 'created' | 'skipped' | 'conflict' | 'updated' | 'moved' | 'cancelled' | 'deleted' | 'refused' | 'undone';
export type RunKind = 'create' | 'edit' | 'move' | 'cancel' | 'delete' | 'undo';

/** The planning groups' answers (group pages, forms, subscriptions). */
export type * from './services/group-types.js';
