// The placement problem as the solver sees it: plain data, indexes into `days` and ids for everything else.
import type { SoftWeights } from '../../validation/weights.js';

export type { SoftWeights } from '../../validation/weights.js';

/** A calendar day of the period. `week` numbers the period's weeks from 0; `weekday` is 1 (Monday) to 7. */
export interface Day {
  date: string;
  week: number;
  weekday: number;
}

/** A time slot of the day, in minutes from midnight; a lesson lasts one slot. */
export interface Slot {
  id: string;
  start: number;
  end: number;
  /** The campuses whose time-slot model has it; every campus when absent. */
  campusIds?: string[];
}

export interface Campus {
  id: string;
  name: string;
  /** Days the campus is closed (closures, public holidays included), as indexes into `days`. */
  closedDays: number[];
}

export interface Group {
  id: string;
  name: string;
  size: number;
  campusId: string;
  /** Days the group is at school (its session's dates, company periods left out), as indexes into `days`. */
  schoolDays: number[];
}

/** A time a teacher cannot teach (a constraint, an unavailability), on one day. */
export interface Busy {
  day: number;
  start: number;
  end: number;
}

export interface Teacher {
  id: string;
  name: string;
  /** Subjects the teacher is qualified for (their contracts and subjects). */
  subjectIds: string[];
  unavailable: Busy[];
  /** Minutes the teacher's contracts still allow in the period (cap − hours already planned). */
  capMinutes: number;
}

export interface Room {
  id: string;
  name: string;
  capacity: number;
  campusId: string;
}

/** A subject of a group with its remaining hours (target − planned), in minutes. */
export interface Demand {
  id: string;
  groupId: string;
  subjectId: string;
  subjectName: string;
  remainingMinutes: number;
}

/** A lesson already planned: it holds its groups, teachers and rooms (the solver never moves it). */
export interface FixedLesson {
  id: string;
  day: number;
  start: number;
  end: number;
  groupIds: string[];
  teacherIds: string[];
  roomIds: string[];
}

/** A lesson of a proposal: one demand's hours at one slot of one day, with a teacher and a room. */
export interface PlacedLesson {
  demandId: string;
  day: number;
  slotId: string;
  teacherId: string;
  roomId: string;
  /** Pinned by the planner: kept where it is by the next run. */
  pinned?: boolean;
}

export interface Instance {
  days: Day[];
  slots: Slot[];
  campuses: Campus[];
  groups: Group[];
  teachers: Teacher[];
  rooms: Room[];
  demands: Demand[];
  fixed: FixedLesson[];
  /** Proposed lessons the planner pinned: they count towards their demand and stay where they are. */
  pinned: PlacedLesson[];
}

/** A broken hard rule, naming the lesson (its index in the checked list) and what it breaks. */
export interface Violation {
  rule:
    | 'unknown' | 'teacherDoubleBooked' | 'groupDoubleBooked' | 'roomDoubleBooked' | 'notQualified' | 'teacherUnavailable' | 'slotOtherCampus'
    | 'roomTooSmall' | 'roomOtherCampus' | 'notSchoolDay' | 'closed' | 'overCap' | 'overTarget';
  lesson: number;
  detail: string;
}

/** Why a demand's hours were left unplaced: the binding fact, as a message key of the catalogues and its values. */
export interface Explanation {
  demandId: string;
  groupId: string;
  subjectId: string;
  unplacedMinutes: number;
  reason:
    | 'noSchoolDay' | 'groupTime' | 'noTeacher' | 'teacherCap' | 'teacherTime' | 'noRoom' | 'roomWeekdays' | 'roomTime'
    | 'slotLength' | 'together' | 'stopped';
  params: Record<string, string | number>;
}

export interface SoftScore {
  total: number;
  /** Each rule's weighted penalty. */
  parts: Record<keyof Omit<SoftWeights, 'maxSubjectHoursPerDay'>, number>;
}

export interface Proposal {
  lessons: PlacedLesson[];
  placedMinutes: number;
  targetMinutes: number;
  score: SoftScore;
  explanations: Explanation[];
  /** Pinned lessons that no longer keep every hard rule (the facts changed since): left out of the proposal. */
  droppedPins: PlacedLesson[];
  iterations: number;
  /** When every hour was first placed (ms after the start), or null when some never were. */
  completeAfterMs: number | null;
  /** Why the search ended: its time or move budget, a cancel, or nothing left to improve. */
  stoppedBy: 'budget' | 'cancelled' | 'complete';
  elapsedMs: number;
}

export interface Progress {
  placedMinutes: number;
  targetMinutes: number;
  bestScore: number;
  iterations: number;
  elapsedMs: number;
}

export interface SolveOptions {
  seed?: number;
  weights?: Partial<SoftWeights>;
  /** Wall-clock budget of the search (ms). */
  timeBudgetMs?: number;
  /** Moves budget: with it (and no time budget reached) the proposal is the same for the same seed. */
  maxIterations?: number;
  /** Called about every `progressEveryMs` with the best so far, so an activity can heartbeat. */
  onProgress?: (progress: Progress) => void;
  progressEveryMs?: number;
  /** Cancels the search; the best proposal found so far is answered. */
  signal?: AbortSignal;
  /** The clock (ms), for tests. */
  now?: () => number;
}
