import { describe, expect, it } from 'vitest';
import { cancellationViolations, lessonShapeViolations, lessonStateViolations, sessionViolations, type LessonShape } from './lesson-rules.js';

// Monday 7 December 2026, 09:00–11:00 in Paris.
const lesson: LessonShape = {
  startAt: '2026-12-07T08:00:00.000Z', endAt: '2026-12-07T10:00:00.000Z', teacherIds: ['t'], roomIds: ['r'], planningGroupIds: ['g'], schoolSubjectId: 's',
};
const keys = (violations: { path: string; key: string }[]) => violations.map((v) => [v.path, v.key.replace('planning.lessons.rules.', '')]);

describe('lesson shape (SPEC §5)', () => {
  it('accepts a full lesson, a group alone, a trainer and a room without group', () => {
    expect(lessonShapeViolations(lesson)).toEqual([]);
    expect(lessonShapeViolations({ ...lesson, teacherIds: [], roomIds: [] })).toEqual([]);
    expect(lessonShapeViolations({ ...lesson, planningGroupIds: [] })).toEqual([]);
  });

  it('needs at least one planning group, or a trainer and a room', () => {
    expect(keys(lessonShapeViolations({ ...lesson, planningGroupIds: [], roomIds: [] }))).toEqual([['planningGroups', 'groupOrTeacherAndRoom']]);
    expect(keys(lessonShapeViolations({ ...lesson, planningGroupIds: [], teacherIds: [], schoolSubjectId: null }))).toEqual([['planningGroups', 'groupOrTeacherAndRoom']]);
  });

  it('needs a subject when a trainer is set, and when a planning group is set', () => {
    expect(keys(lessonShapeViolations({ ...lesson, schoolSubjectId: null, planningGroupIds: [] }))).toEqual([['schoolSubject', 'subjectWithTeacher']]);
    expect(keys(lessonShapeViolations({ ...lesson, schoolSubjectId: null, teacherIds: [] }))).toEqual([['schoolSubject', 'subjectWithGroup']]);
  });

  it('starts before it ends, on one Paris day, for at most 12 hours', () => {
    expect(keys(lessonShapeViolations({ ...lesson, endAt: lesson.startAt }))).toEqual([['endDate', 'startBeforeEnd']]);
    expect(keys(lessonShapeViolations({ ...lesson, startAt: '2026-12-07T22:00:00.000Z', endAt: '2026-12-07T23:30:00.000Z' }))).toEqual([['endDate', 'oneDay']]);
    // Ending at Paris midnight is still the same day.
    expect(lessonShapeViolations({ ...lesson, startAt: '2026-12-07T21:00:00.000Z', endAt: '2026-12-07T23:00:00.000Z' })).toEqual([]);
    expect(keys(lessonShapeViolations({ ...lesson, startAt: '2026-12-07T05:00:00.000Z', endAt: '2026-12-07T17:30:00.000Z' }))).toEqual([['endDate', 'tooLong']]);
    expect(lessonShapeViolations({ ...lesson, startAt: '2026-12-07T05:00:00.000Z', endAt: '2026-12-07T17:00:00.000Z' })).toEqual([]);
  });
});

describe('lesson states (SPEC §4)', () => {
  it('a locked lesson cannot be edited, moved, cancelled or deleted until unlocked', () => {
    for (const action of ['edit', 'move', 'cancel', 'delete'] as const) expect(keys(lessonStateViolations('locked', [action], false))).toEqual([['', 'locked']]);
    expect(lessonStateViolations('locked', ['unlock', 'move'], false)).toEqual([]);
    expect(lessonStateViolations('locked', ['unlock'], false)).toEqual([]);
  });

  it('a cancelled lesson cannot be edited, moved or locked, but may be deleted', () => {
    for (const action of ['edit', 'move', 'lock', 'cancel'] as const) expect(keys(lessonStateViolations('cancelled', [action], false))).toEqual([['', 'cancelled']]);
    expect(lessonStateViolations('cancelled', ['delete'], false)).toEqual([]);
  });

  it('once attendance has started: no cancellation, deletion or move; editing stays possible', () => {
    expect(keys(lessonStateViolations('active', ['cancel'], true))).toEqual([['lessonCancellationType', 'attendanceStartedCancel']]);
    expect(keys(lessonStateViolations('active', ['delete'], true))).toEqual([['', 'attendanceStartedDelete']]);
    expect(keys(lessonStateViolations('active', ['move'], true))).toEqual([['startDate', 'attendanceStartedMove']]);
    expect(lessonStateViolations('active', ['edit', 'lock'], true)).toEqual([]);
    // Issue #24: nor left without a trainer (its sheet would be nobody's); before, it may.
    expect(keys(lessonStateViolations('active', ['edit', 'unstaff'], true))).toEqual([['teachers', 'attendanceStartedTeachers']]);
    expect(lessonStateViolations('active', ['edit', 'unstaff'], false)).toEqual([]);
  });

  it('a cancellation needs its reason; the comment is optional', () => {
    expect(keys(cancellationViolations(null, 'Malade', true))).toEqual([['lessonCancellationType', 'cancelReasonRequired']]);
    expect(keys(cancellationViolations(undefined, 'Un commentaire seul', false))).toEqual([['lessonCancellationType', 'cancelReasonRequired']]);
    expect(cancellationViolations('disease', null, true)).toEqual([]);
    expect(cancellationViolations(null, null, false)).toEqual([]);
  });

  it('no creation or move outside the training session', () => {
    expect(keys(sessionViolations(null))).toEqual([['startDate', 'outsideSession']]);
    expect(sessionViolations('session')).toEqual([]);
  });
});
