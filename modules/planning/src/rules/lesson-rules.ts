// The lesson rules of SPEC §4–§5, pure: the service reads what they need, they say what is wrong. Messages
// are i18n keys (planning.lessons.rules.*) with the field (path) they belong to.
import type { LessonStatus } from '../types.js';
import { parisDay } from './lesson-time.js';

/** A lesson lasts at most this long (one Paris day holds it). */
export const LESSON_MAX_HOURS = 12;

export interface RuleViolation {
  path: string;
  key: string;
  values?: Record<string, unknown>;
}

/** What the rules look at in a lesson being created or changed (ids only). */
export interface LessonShape {
  startAt: string;
  endAt: string;
  teacherIds: readonly string[];
  roomIds: readonly string[];
  planningGroupIds: readonly string[];
  schoolSubjectId: string | null;
}

const rule = (path: string, name: string, values?: Record<string, unknown>): RuleViolation => ({ path, key: `planning.lessons.rules.${name}`, values });

/**
 * SPEC §5 lessons: at least one planning group, or a trainer and a room; a subject when a trainer is set and
 * when a planning group is set; start before end; on one Paris day and at most 12 hours.
 */
export function lessonShapeViolations(lesson: LessonShape): RuleViolation[] {
  const violations: RuleViolation[] = [];
  const hasGroup = lesson.planningGroupIds.length > 0;
  const hasTeacher = lesson.teacherIds.length > 0;
  if (!hasGroup && !(hasTeacher && lesson.roomIds.length > 0)) violations.push(rule('planningGroups', 'groupOrTeacherAndRoom'));
  if (!lesson.schoolSubjectId && hasTeacher) violations.push(rule('schoolSubject', 'subjectWithTeacher'));
  else if (!lesson.schoolSubjectId && hasGroup) violations.push(rule('schoolSubject', 'subjectWithGroup'));
  const start = Date.parse(lesson.startAt);
  const end = Date.parse(lesson.endAt);
  if (!(start < end)) violations.push(rule('endDate', 'startBeforeEnd'));
  else if (parisDay(start) !== parisDay(end - 1)) violations.push(rule('endDate', 'oneDay'));
  else if (end - start > LESSON_MAX_HOURS * 3_600_000) violations.push(rule('endDate', 'tooLong', { hours: LESSON_MAX_HOURS }));
  return violations;
}

/** What a change asks of a lesson; several at once are allowed (unlock and move, edit and lock…). */
export interface LessonChange {
  edit: boolean;
  move: boolean;
  cancel: boolean;
  lock: boolean;
  unlock: boolean;
}

export type LessonAction = 'edit' | 'move' | 'cancel' | 'delete' | 'lock' | 'unlock' | 'unstaff';

/**
 * SPEC §4 states: a locked lesson cannot be edited, moved, cancelled or deleted until unlocked (unlocking in
 * the same change is allowed); a cancelled lesson cannot be edited, moved, locked or cancelled again (only
 * deleted); once
 * attendance has started, no cancellation, deletion or move, and no change leaving it without a trainer
 * (`unstaff`: SPEC §4, "An attendance sheet requires a teacher assigned to the session" — its sheet would be
 * nobody's).
 */
export function lessonStateViolations(status: LessonStatus, actions: readonly LessonAction[], attendanceStarted: boolean): RuleViolation[] {
  const violations: RuleViolation[] = [];
  const touches = actions.filter((action) => action !== 'lock' && action !== 'unlock');
  // A cancelled lesson may still be deleted (unless its attendance has started).
  if (status === 'cancelled' && actions.some((action) => action !== 'delete')) return [rule('', 'cancelled')];
  if (status === 'locked' && touches.length && !actions.includes('unlock')) violations.push(rule('', 'locked'));
  if (attendanceStarted) {
    if (actions.includes('cancel')) violations.push(rule('lessonCancellationType', 'attendanceStartedCancel'));
    if (actions.includes('delete')) violations.push(rule('', 'attendanceStartedDelete'));
    if (actions.includes('move')) violations.push(rule('startDate', 'attendanceStartedMove'));
    if (actions.includes('unstaff')) violations.push(rule('teachers', 'attendanceStartedTeachers'));
  }
  return violations;
}

/** A cancellation needs its reason (disease, teacher initiative, school initiative); the comment is optional. */
export function cancellationViolations(cancellationType: string | null | undefined, cancelDesc: string | null | undefined, cancelAsked: boolean): RuleViolation[] {
  if ((cancelAsked || cancelDesc) && !cancellationType) return [rule('lessonCancellationType', 'cancelReasonRequired')];
  return [];
}

/** No creation or move outside the training session dates: the session containing the lesson's Paris day. */
export function sessionViolations(sessionId: string | null): RuleViolation[] {
  return sessionId ? [] : [rule('startDate', 'outsideSession')];
}
