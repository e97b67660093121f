import type { Knex, Translate } from '@alterna/core';
import { publicHolidaysBetween, type CalendarService } from '@alterna/training-centre';
import { conflictMessage } from '../rules/lesson-conflict-messages.js';
import { groupFamilies, overlappingPairs, type HeldPeriod } from '../rules/lesson-overlaps.js';
import { isoWeekday, parisDay } from '../rules/lesson-time.js';
import type { Conflict, ConflictKind, FreeSlot, LessonSlot } from '../types.js';
import type { PlanningDeps } from './deps.js';
import { suggestFreeSlots } from './free-slots.js';
import { campusesByIds, companyPeriodsOn, groupParents, heldResources, sessionDates, sessionOn, sessionsOfGroups, type DayProbe, type Probe, type SessionDates } from './lesson-conflict-queries.js';
import { allQueries } from './queries.js';

// OWNER: lessons helper. The interface is the contract other planning code relies on; keep it.
export interface ConflictCheckOptions {
  /** Check calendar reasons (closures, holidays, closed days, company periods, session dates); default true. */
  calendar?: boolean;
  /** Check held resources (other lessons, bookings, trainer constraints); default true. */
  resources?: boolean;
}

export interface ConflictsService {
  /**
   * For each slot (same order), what prevents it; an empty list means free. One indexed set query per kind
   * for the whole list, never one per slot. Slots of the list are also checked against each other.
   */
  check(db: Knex | Knex.Transaction, slots: LessonSlot[], options?: ConflictCheckOptions): Promise<Conflict[][]>;
  /** The same conflicts with `message` filled in the asker's language (names what collides). */
  describe(db: Knex | Knex.Transaction, conflicts: Conflict[], t: Translate): Promise<Conflict[]>;
  /** Nearest free slots of the same length for the slot's rooms, teachers and groups. */
  suggest(db: Knex | Knex.Transaction, slot: LessonSlot, count?: number): Promise<FreeSlot[]>;
}

type Db = Knex | Knex.Transaction;

/**
 * The conflict engine. Lessons of the checked list (their `lessonId`) are taken at their NEW place only:
 * their stored rows are left out of the database queries, so a mass move of a whole week is checked against
 * itself in memory, never against where its lessons were.
 */
export function conflictsService(deps: PlanningDeps): ConflictsService {
  // The closures are the training centre's: its read, in the same transaction.
  const calendar = () => deps.core.module('training-centre').calendar;
  return {
    async check(db, slots, options = {}) {
      const found: Conflict[][] = slots.map(() => []);
      if (!slots.length) return found;
      const tasks: (() => Promise<void>)[] = [];
      if (options.resources !== false) tasks.push(() => checkResources(db, slots, found));
      if (options.calendar !== false) tasks.push(() => checkCalendar(db, calendar(), slots, found));
      await allQueries(db, tasks);
      return found.map(dedupe);
    },
    describe: (db, conflicts, t) => describeConflicts(db, conflicts, t),
    suggest: (db, slot, count = 3) => suggestFreeSlots(db, calendar(), slot, count),
  };
}

const ms = (iso: string) => new Date(iso).getTime();
const usable = (slot: LessonSlot) => Number.isFinite(ms(slot.startAt)) && Number.isFinite(ms(slot.endAt)) && ms(slot.startAt) < ms(slot.endAt);

/** Other lessons holding a room, teacher or group (one level of planning-group family), bookings, trainer constraints, and the list itself. */
async function checkResources(db: Db, slots: LessonSlot[], found: Conflict[][]): Promise<void> {
  const excluded = [...new Set(slots.map((slot) => slot.lessonId).filter((id): id is string => !!id))];
  const parents = await groupParents(db, [...new Set(slots.flatMap((slot) => slot.planningGroupIds))]);
  const familyOf = groupFamilies(parents);
  const probes: Probe[] = [];
  slots.forEach((slot, i) => {
    if (!usable(slot)) return;
    const at = { i, startAt: slot.startAt, endAt: slot.endAt };
    for (const resourceId of new Set(slot.roomIds)) probes.push({ kind: 'room', ...at, resourceId }, { kind: 'booking', ...at, resourceId });
    for (const resourceId of new Set(slot.teacherIds)) probes.push({ kind: 'teacher', ...at, resourceId }, { kind: 'trainerConstraint', ...at, resourceId });
    for (const resourceId of familyOf(slot.planningGroupIds)) probes.push({ kind: 'planningGroup', ...at, resourceId });
  });
  for (const hit of await heldResources(db, probes, excluded)) {
    found[hit.i]!.push({ kind: hit.kind, otherId: hit.otherId, resourceId: hit.resourceId, resourceName: null, startAt: hit.startAt, endAt: hit.endAt, label: hit.label });
  }
  checkAgainstEachOther(slots, familyOf, found);
}

/** Slots of the same list holding the same room, teacher or planning group (family) at overlapping times. */
function checkAgainstEachOther(slots: LessonSlot[], familyOf: (ids: readonly string[]) => Set<string>, found: Conflict[][]): void {
  const kinds: { kind: ConflictKind; held: (slot: LessonSlot) => Iterable<string>; probed: (slot: LessonSlot) => Iterable<string> }[] = [
    { kind: 'room', held: (slot) => slot.roomIds, probed: (slot) => slot.roomIds },
    { kind: 'teacher', held: (slot) => slot.teacherIds, probed: (slot) => slot.teacherIds },
    { kind: 'planningGroup', held: (slot) => slot.planningGroupIds, probed: (slot) => familyOf(slot.planningGroupIds) },
  ];
  for (const { kind, held, probed } of kinds) {
    const periods = (ids: (slot: LessonSlot) => Iterable<string>) =>
      slots.flatMap((slot, index): HeldPeriod[] => (usable(slot) ? [...new Set(ids(slot))].map((key) => ({ index, key, start: ms(slot.startAt), end: ms(slot.endAt) })) : []));
    for (const { probe, held: other } of overlappingPairs(periods(held), periods(probed))) {
      const slot = slots[other.index]!;
      found[probe.index]!.push({ kind, otherId: slot.lessonId ?? null, resourceId: other.key, resourceName: null, startAt: slot.startAt, endAt: slot.endAt, label: null });
    }
  }
}

/** Closures, public holidays, closed weekdays, company periods of the groups, and the training session dates. */
async function checkCalendar(db: Db, calendar: CalendarService, slots: LessonSlot[], found: Conflict[][]): Promise<void> {
  const days = slots.map((slot) => (usable(slot) ? parisDay(slot.startAt) : null));
  const campusDays: DayProbe[] = [];
  const groupDays: DayProbe[] = [];
  days.forEach((day, i) => {
    if (!day) return;
    const slot = slots[i]!;
    campusDays.push({ i, id: slot.campusId, day });
    for (const id of new Set(slot.planningGroupIds)) groupDays.push({ i, id, day });
  });
  if (!campusDays.length) return;
  const [closures, periods, campuses, sessions, groupSessions] = await allQueries(db, [
    () => calendar.closuresOn(campusDays.map((probe) => ({ i: probe.i, campusId: probe.id, day: probe.day })), db),
    () => companyPeriodsOn(db, groupDays),
    () => campusesByIds(db, [...new Set(slots.map((slot) => slot.campusId))]),
    () => sessionDates(db),
    () => sessionsOfGroups(db, [...new Set(groupDays.map((probe) => probe.id))]),
  ]);
  for (const closure of closures) {
    const day = days[closure.i]!;
    found[closure.i]!.push({ kind: 'closure', otherId: closure.closureId, resourceId: closure.campusId, startAt: day, endAt: day, label: closure.name ?? closure.type });
  }
  for (const period of periods) {
    found[period.i]!.push({
      kind: 'companyPeriod', otherId: period.workStudyId, resourceId: period.trainingGroupId, resourceName: period.trainingGroupName,
      startAt: period.startDate, endAt: period.endDate, label: null,
    });
  }
  const sorted = campusDays.map((probe) => probe.day).sort();
  const holidays = new Map(publicHolidaysBetween(sorted[0]!, sorted[sorted.length - 1]!).map((holiday) => [holiday.date, holiday.key]));
  for (const { i, id: campusId, day } of campusDays) {
    const holiday = holidays.get(day);
    if (holiday) found[i]!.push({ kind: 'publicHoliday', resourceId: campusId, startAt: day, endAt: day, label: holiday });
    const campus = campuses.get(campusId);
    if (campus && !campus.openDays.includes(isoWeekday(day))) {
      found[i]!.push({ kind: 'closedDay', resourceId: campusId, resourceName: campus.name, startAt: day, endAt: day, label: null });
    }
    if (!withinSession(slots[i]!, day, sessions, groupSessions)) found[i]!.push({ kind: 'outsideSession', resourceId: null, startAt: day, endAt: day, label: null });
  }
}

/**
 * A lesson of planning groups lies within the session of those groups' training groups (a day of another
 * school year is outside, even though that year's session contains it); a lesson of no such group within
 * any session.
 */
function withinSession(slot: LessonSlot, day: string, sessions: readonly SessionDates[], groupSessions: Map<string, SessionDates>): boolean {
  const ofGroups = slot.planningGroupIds.map((id) => groupSessions.get(id)).filter((session) => !!session);
  if (!ofGroups.length) return !!sessionOn(sessions, day);
  return ofGroups.every((session) => session.startDate <= day && day <= session.endDate);
}

/** One conflict per (kind, what collides, resource): a slot holding a group and its parent meets the other lesson once per group. */
function dedupe(conflicts: Conflict[]): Conflict[] {
  const seen = new Set<string>();
  return conflicts.filter((conflict) => {
    const key = [conflict.kind, conflict.otherId ?? '', conflict.resourceId ?? '', conflict.startAt ?? ''].join('|');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Fills the names a conflict lacks (one query per kind of name), then its sentence. */
async function describeConflicts(db: Db, conflicts: Conflict[], t: Translate): Promise<Conflict[]> {
  const missing = (kinds: ConflictKind[]) => [...new Set(conflicts.filter((c) => kinds.includes(c.kind) && !c.resourceName && c.resourceId).map((c) => c.resourceId!))];
  const lessonKinds: ConflictKind[] = ['room', 'teacher', 'planningGroup'];
  const lessonIds = [...new Set(conflicts.filter((c) => lessonKinds.includes(c.kind) && c.otherId && !c.label).map((c) => c.otherId!))];
  const names = async (table: string, ids: string[], column: string | Knex.Raw) =>
    ids.length ? new Map<string, string>((await db(table).whereIn('id', ids).select('id', { name: column })).map((row: { id: string; name: string }) => [row.id, row.name])) : new Map<string, string>();
  const [rooms, people, groups, trainingGroups, campuses, subjects] = await allQueries(db, [
    () => names('training_centre_room_places', missing(['room', 'booking']), 'name'),
    () => names('identity_actors', missing(['teacher', 'trainerConstraint']), db.raw("first_name || ' ' || last_name")),
    () => names('planning_groups', missing(['planningGroup']), 'name'),
    () => names('trainings_training_groups', missing(['companyPeriod']), 'name'),
    () => names('training_centre_campuses', missing(['closedDay']), 'name'),
    async (): Promise<Map<string, string>> => lessonIds.length
      ? db('lessons').join('trainings_school_subjects as school_subjects', 'school_subjects.id', 'lessons.school_subject_id').whereIn('lessons.id', lessonIds).select('lessons.id', 'school_subjects.name')
        .then((rows: { id: string; name: string }[]) => new Map(rows.map((row) => [row.id, row.name])))
      : new Map<string, string>(),
  ]);
  const nameBook: Partial<Record<ConflictKind, Map<string, string>>> = {
    room: rooms, booking: rooms, teacher: people, trainerConstraint: people, planningGroup: groups, companyPeriod: trainingGroups, closedDay: campuses,
  };
  return conflicts.map((conflict) => {
    const resourceName = conflict.resourceName ?? (conflict.resourceId ? nameBook[conflict.kind]?.get(conflict.resourceId) : undefined) ?? null;
    const label = conflict.label ?? (lessonKinds.includes(conflict.kind) && conflict.otherId ? subjects.get(conflict.otherId) ?? null : null);
    const named = { ...conflict, resourceName, label };
    return { ...named, message: conflictMessage(named, t) };
  });
}
