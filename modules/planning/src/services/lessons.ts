import { retryOnDeadlock, NotFoundError, teacherTypologies, ValidationError, validate, type Actor, type CompiledSelection, type Knex, type PermissionMatrix, type Translate, type Violation } from '@alterna/core';
import { perm } from '../permissions.js';
import {
  cancellationViolations, lessonShapeViolations, lessonStateViolations, sessionViolations, type LessonAction, type RuleViolation,
} from '../rules/lesson-rules.js';
import { parisDay, utcIso } from '../rules/lesson-time.js';
import type { CancellationType, Conflict, FreeSlot, Lesson, LessonSlot, LessonStatus, LessonType, RemoteMode } from '../types.js';
import { createLessonSchema, lessonReadFiltersSchema, lessonReadPeriodSchema, updateLessonSchema } from '../validation/lessons.js';
import type { PlanningDeps } from './deps.js';
import { sessionDates, sessionOn, sessionsOfGroups } from './lesson-conflict-queries.js';
import { lessonJsonPlan, type LessonJsonPlan } from './lesson-json.js';
import { lessonsByIds, readLessons, readLessonsJson, type LessonFilter } from './lesson-reads.js';
import { checkReferences } from './lesson-references.js';
import { deleteLessonRow, insertLessonRow, updateLessonRow, type LessonColumns, type LessonLinks } from './lesson-store.js';
import type { TrainerConstraint } from './trainer-constraints.js';
import { lessonExclusionKind } from './db-errors.js';


export { lessonsByIds } from './lesson-reads.js';

/** The filters of EventLessonSchedules, as the GraphQL arguments name them. */
export interface LessonListArgs {
  campusList?: string[] | null;
  planningGroupsIdList?: string[] | null;
  roomsIdList?: string[] | null;
  schoolSubjectId?: string | null;
  teachersIdList?: string[] | null;
  startDate?: string | null;
  endDate?: string | null;
  lessonType?: string | null;
  remote?: string | null;
}

export interface RoomUse {
  room: { id: string; name: string; size: number; buildingId: string; buildingName: string };
  campus: { id: string; name: string };
  available: boolean;
  lessons: Lesson[];
}

type Db = Knex | Knex.Transaction;

export interface LessonsService {
  /** EventLessonSchedules: the lessons of the actor's campuses (narrowed to campusList) matching the filters. */
  list(actor: Actor | null, args: LessonListArgs, t: Translate): Promise<Lesson[]>;
  /** The same lessons as GraphQL's JSON texts (one per lesson) for these selections; null for a selection it does not write. */
  listJson(actor: Actor | null, args: LessonListArgs, t: Translate, selections: CompiledSelection[]): Promise<{ items: string[] } | null>;
  byPlanningGroup(actor: Actor | null, planningGroupId: string, campusList?: string[] | null): Promise<Lesson[]>;
  byRoom(actor: Actor | null, roomId: string, campusList?: string[] | null): Promise<Lesson[]>;
  bySchoolSubject(actor: Actor | null, planningGroupIds: string[], schoolSubjectId: string): Promise<Lesson[]>;
  /** ...ById (withCancelled false) and ...ByIdWithCancel (true). */
  byIds(actor: Actor | null, ids: string[], campusList?: string[] | null, withCancelled?: boolean): Promise<Lesson[]>;
  /** A teacher's lessons on the actor's campuses, and the teacher's constraints. */
  byTeacherWithConstraints(
    actor: Actor | null, teacherId: string, campusList?: string[] | null,
  ): Promise<{ lessons: Lesson[]; constraints: TrainerConstraint[]; teacher: { id: string; firstName: string; lastName: string } | null }>;
  /** RoomsUseByDate: every room of the campuses, free or not over [startDate, endDate), with the lessons there. */
  roomsUseByDate(actor: Actor | null, campusList: string[], startDate: string, endDate: string, exceptLessonId: string | null, t: Translate): Promise<RoomUse[]>;
  create(actor: Actor | null, input: unknown, t: Translate): Promise<Lesson>;
  /** Edit, move, resize, lock, unlock or cancel (the input says which). */
  update(actor: Actor | null, input: unknown, t: Translate): Promise<Lesson>;
  remove(actor: Actor | null, lessonId: string, t: Translate): Promise<{ deleted: string }>;
  /** Internal (no actor check, e.g. bulk previews): lessons by id as `Lesson`, attendance included. */
  lessonsByIds(db: Db, ids: readonly string[], options?: { withCancelled?: boolean }): Promise<Lesson[]>;
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();
const unique = (ids: readonly string[] | null | undefined) => [...new Set(ids ?? [])];
/** Array items' paths ('teachers[1]') are shown on their field ('teachers'). */
const onField = (violations: Violation[]) => violations.map((v) => ({ ...v, path: v.path.replace(/\[\d+\]$/, '') }));

async function validated<T>(schema: Parameters<typeof validate>[0], input: unknown, t: Translate): Promise<T> {
  try {
    return (await validate(schema, input, t)) as T;
  } catch (error) {
    if (error instanceof ValidationError) throw new ValidationError(dedupe(onField(error.violations)), error.details);
    throw error;
  }
}

function dedupe(violations: Violation[]): Violation[] {
  const seen = new Set<string>();
  return violations.filter((v) => !seen.has(`${v.path}|${v.message}`) && !!seen.add(`${v.path}|${v.message}`));
}

export function lessonsService(deps: PlanningDeps): LessonsService {
  // Typed by name: TypeScript only narrows through assertion methods on explicitly typed references.
  const permissions: PermissionMatrix = deps.permissions;
  const { knex, attendance } = deps;
  const read = (db: Db, filter: LessonFilter) => readLessons(db, attendance, filter);
  const readable = (actor: Actor | null, campusList?: string[] | null) => permissions.campusesOrDeny(actor, perm.lessonRead, campusList ?? null);
  // By selection: the core hands the same selections for the same document.
  const jsonPlans = new WeakMap<CompiledSelection[], LessonJsonPlan | null>();

  /** EventLessonSchedules' arguments as a filter of the actor's campuses (422 for a bad period or filter). */
  const listFilter = async (actor: Actor | null, args: LessonListArgs, t: Translate): Promise<LessonFilter> => {
    const campuses = readable(actor, args.campusList);
    const period = await validated<{ startDate?: string | null; endDate?: string | null }>(lessonReadPeriodSchema, { startDate: args.startDate, endDate: args.endDate }, t);
    const filters = await validated<{ lessonType?: string | null; remote?: string | null }>(lessonReadFiltersSchema, { lessonType: args.lessonType, remote: args.remote }, t);
    return {
      campusIds: campuses,
      planningGroupIds: args.planningGroupsIdList ?? undefined,
      roomIds: args.roomsIdList ?? undefined,
      teacherIds: args.teachersIdList ?? undefined,
      schoolSubjectId: args.schoolSubjectId ?? null,
      from: period.startDate ? utcIso(period.startDate) : null,
      to: period.endDate ? utcIso(period.endDate) : null,
      lessonType: filters.lessonType ?? null,
      remote: filters.remote ?? null,
      // SPEC §4: only the ...ByIdWithCancel read returns cancelled lessons.
      withCancelled: false,
    };
  };

  const fail = (violations: RuleViolation[], t: Translate): never => {
    throw new ValidationError(violations.map((v) => ({ path: v.path, message: t(v.key, v.values ?? {}) as string })));
  };

  /** A lesson the actor may change (lessonUpdate on its campus), cancelled ones included. */
  const changeable = async (actor: Actor | null, lessonId: string): Promise<Lesson> => {
    permissions.assert(actor, perm.lessonUpdate);
    const [lesson] = await lessonsByIds(knex, [lessonId], { withCancelled: true, attendance });
    if (!lesson) throw new NotFoundError('lesson');
    permissions.assert(actor, perm.lessonUpdate, lesson.campusId);
    return lesson;
  };

  /** The conflict answer: one violation per conflict naming it, the conflicts and the nearest free slots. */
  const conflictError = async (db: Db, slot: LessonSlot, conflicts: Conflict[], t: Translate): Promise<ValidationError> => {
    const { conflicts: engine } = deps.services();
    const described = conflicts.length ? await engine.describe(db, conflicts, t) : [];
    const suggestions: FreeSlot[] = await engine.suggest(db, slot);
    const violations = described.length
      ? described.map((conflict) => ({ path: '', message: conflict.message ?? '' }))
      : [{ path: '', message: t('planning.lessons.rules.raceLost') as string }];
    return new ValidationError(violations, { conflicts: described, suggestions });
  };

  /** Refuses a slot that conflicts (resources, and the calendar when asked). */
  const assertFree = async (slot: LessonSlot, calendar: boolean, t: Translate) => {
    const [conflicts = []] = await deps.services().conflicts.check(knex, [slot], { calendar });
    if (conflicts.length) throw await conflictError(knex, slot, conflicts, t);
  };

  /**
   * Writes in a transaction; a racing request that took the resource first (`23P01` of an exclusion
   * constraint) is answered like any conflict, named by a check re-run in the same transaction.
   */
  const writeFree = async <T>(slot: LessonSlot, t: Translate, write: (trx: Knex.Transaction) => Promise<T>): Promise<T> =>
    retryOnDeadlock(() =>
      knex.transaction(async (trx) => {
        try {
          return await trx.transaction((savepoint) => write(savepoint));
        } catch (error) {
          if (!lessonExclusionKind(error)) throw error;
          const [conflicts = []] = await deps.services().conflicts.check(trx, [slot], { calendar: false });
          throw await conflictError(trx, slot, conflicts, t);
        }
      }),
    );

  /**
   * The lesson's session: that of its planning groups' training groups when they have one (the day must lie in
   * it, not merely in some session), else the session containing the day.
   */
  const sessionOfDay = async (startAt: string, planningGroupIds: readonly string[]) => {
    const day = parisDay(startAt);
    const ofGroups = [...(await sessionsOfGroups(knex, [...planningGroupIds])).values()];
    if (!ofGroups.length) return sessionOn(await sessionDates(knex), day)?.id ?? null;
    const [first] = ofGroups;
    return ofGroups.every((session) => session.id === first!.id && session.startDate <= day && day <= session.endDate) ? first!.id : null;
  };

  return {
    list: async (actor, args, t) => read(knex, await listFilter(actor, args, t)),

    async listJson(actor, args, t, selections) {
      if (!jsonPlans.has(selections)) jsonPlans.set(selections, lessonJsonPlan(selections));
      const plan = jsonPlans.get(selections);
      if (!plan) return null;
      return { items: await readLessonsJson(knex, attendance, await listFilter(actor, args, t), plan.links, plan.object) };
    },

    byPlanningGroup: (actor, planningGroupId, campusList) => read(knex, { campusIds: readable(actor, campusList), planningGroupIds: [planningGroupId] }),
    byRoom: (actor, roomId, campusList) => read(knex, { campusIds: readable(actor, campusList), roomIds: [roomId] }),
    bySchoolSubject: (actor, planningGroupIds, schoolSubjectId) =>
      read(knex, { campusIds: readable(actor), planningGroupIds, schoolSubjectId }),
    byIds: (actor, ids, campusList, withCancelled = false) => read(knex, { campusIds: readable(actor, campusList), ids, withCancelled }),

    async byTeacherWithConstraints(actor, teacherId, campusList) {
      const campuses = readable(actor, campusList);
      const lessons = await read(knex, { campusIds: campuses, teacherIds: [teacherId] });
      // The constraints are the teacher's own (no campus): shown when the teacher teaches on a campus the actor reads.
      const teacher: { id: string; first_name: string; last_name: string } | undefined = campuses.length
        ? await knex('identity_actors as a').where('a.id', teacherId)
          .where(deps.core.module('identity').visibility.onCampuses('a.id', campuses, teacherTypologies))
          .first('a.id', 'a.first_name', 'a.last_name')
        : undefined;
      const constraints = teacher ? await deps.services().trainerConstraints.forTeachers(knex, [teacherId]) : [];
      return { lessons, constraints, teacher: teacher ? { id: teacher.id, firstName: teacher.first_name, lastName: teacher.last_name } : null };
    },

    async roomsUseByDate(actor, campusList, startDate, endDate, exceptLessonId, t) {
      const campuses = readable(actor, campusList);
      const period = await validated<{ startDate: string; endDate: string }>(lessonReadPeriodSchema, { startDate, endDate }, t);
      if (!period.startDate || !period.endDate) fail([{ path: 'startDate', key: 'planning.lessons.validation.periodBoth' }], t);
      const from = utcIso(period.startDate)!;
      const to = utcIso(period.endDate)!;
      if (!campuses.length) return [];
      const rooms: { id: string; name: string; size: number; building_id: string; building_name: string; campus_id: string; campus_name: string }[] = await knex('training_centre_room_places as r')
        .join('training_centre_campuses as c', 'c.id', 'r.campus_id')
        .whereIn('r.campus_id', campuses)
        .select('r.id', 'r.name', 'r.size', 'r.building_id', 'r.building_name', 'c.id as campus_id', 'c.name as campus_name')
        .orderBy(['c.name', 'r.building_name', 'r.name']);
      const [lessons, booked] = await Promise.all([
        read(knex, { campusIds: campuses, from, to }),
        knex('room_bookings').whereIn('campus_id', campuses).whereRaw("period && tstzrange(?::timestamptz, ?::timestamptz, '[)')", [from, to]).distinct('room_id'),
      ]);
      const bookedRooms = new Set(booked.map((row: { room_id: string }) => row.room_id));
      const lessonsOf = new Map<string, Lesson[]>();
      for (const lesson of lessons) {
        if (lesson.id === exceptLessonId) continue;
        for (const room of lesson.rooms) lessonsOf.set(room.id, [...(lessonsOf.get(room.id) ?? []), lesson]);
      }
      return rooms.map((room) => ({
        room: { id: room.id, name: room.name, size: Number(room.size), buildingId: room.building_id, buildingName: room.building_name },
        campus: { id: room.campus_id, name: room.campus_name },
        available: !lessonsOf.has(room.id) && !bookedRooms.has(room.id),
        lessons: lessonsOf.get(room.id) ?? [],
      }));
    },

    async create(actor, input, t) {
      permissions.assert(actor, perm.lessonUpdate);
      const value = await validated<Record<string, any>>(createLessonSchema, input, t);
      permissions.assert(actor, perm.lessonUpdate, value.campus);
      const startAt = utcIso(value.startDate)!;
      const endAt = utcIso(value.endDate)!;
      const shape = {
        startAt, endAt, teacherIds: unique(value.teachers), roomIds: unique(value.rooms), planningGroupIds: unique(value.planningGroups), schoolSubjectId: value.schoolSubject ?? null,
      };
      const sessionId = await sessionOfDay(startAt, shape.planningGroupIds);
      const { violations, contractOf } = await checkReferences(knex, deps.core.module('identity').visibility, deps.core.module('teaching').contracts, {
        campusId: value.campus, sessionId, teacherIds: shape.teacherIds, teacherContractIds: unique(value.teacherContracts), roomIds: shape.roomIds,
        planningGroupIds: shape.planningGroupIds, schoolSubjectId: shape.schoolSubjectId, subjectChanged: true,
      });
      const all = [...lessonShapeViolations(shape), ...sessionViolations(sessionId), ...violations];
      if (all.length) fail(all, t);
      const slot: LessonSlot = { campusId: value.campus, startAt, endAt, teacherIds: shape.teacherIds, roomIds: shape.roomIds, planningGroupIds: shape.planningGroupIds };
      await assertFree(slot, true, t);
      const columns: LessonColumns = {
        campusId: value.campus, trainingSessionId: sessionId, startAt, endAt, remote: (value.remote ?? 'present') as RemoteMode, lessonType: (value.lessonType ?? 'course') as LessonType,
        description: value.description || null, schoolSubjectId: shape.schoolSubjectId, status: 'active', cancellationType: null, cancelDesc: null,
      };
      const links: LessonLinks = { teachers: shape.teacherIds.map((id) => ({ id, contractId: contractOf.get(id) ?? null })), rooms: shape.roomIds, planningGroups: shape.planningGroupIds };
      const id = await writeFree(slot, t, (trx) => insertLessonRow(trx, columns, links, actor.id));
      const [lesson] = await lessonsByIds(knex, [id], { withCancelled: true, attendance });
      return lesson!;
    },

    async update(actor, input, t) {
      const value = await validated<Record<string, any>>(updateLessonSchema, input, t);
      const current = await changeable(actor, value.id);
      const startAt = value.startDate ? utcIso(value.startDate)! : current.startAt;
      const endAt = value.endDate ? utcIso(value.endDate)! : current.endAt;
      const currentTeachers = current.teachers.map((teacher) => teacher.id);
      const currentContracts = current.teachers.flatMap((teacher) => (teacher.teacherContractId ? [teacher.teacherContractId] : []));
      const next = {
        teacherIds: value.teachers ? unique(value.teachers) : currentTeachers,
        teacherContractIds: currentContracts,
        roomIds: value.rooms ? unique(value.rooms) : current.rooms.map((room) => room.id),
        planningGroupIds: value.planningGroups ? unique(value.planningGroups) : current.planningGroups.map((group) => group.id),
        schoolSubjectId: value.schoolSubject !== undefined ? value.schoolSubject : current.schoolSubject?.id ?? null,
      };
      // Contracts given replace the old ones; otherwise the teachers kept keep theirs.
      next.teacherContractIds = value.teacherContracts
        ? unique(value.teacherContracts)
        : current.teachers.filter((teacher) => next.teacherIds.includes(teacher.id) && teacher.teacherContractId).map((teacher) => teacher.teacherContractId!);
      const changed = {
        teachers: !same(next.teacherIds, currentTeachers) || !same(next.teacherContractIds, currentContracts),
        rooms: !same(next.roomIds, current.rooms.map((room) => room.id)),
        planningGroups: !same(next.planningGroupIds, current.planningGroups.map((group) => group.id)),
        subject: next.schoolSubjectId !== (current.schoolSubject?.id ?? null),
        remote: value.remote != null && value.remote !== current.remote,
        lessonType: value.lessonType != null && value.lessonType !== current.lessonType,
        description: value.description !== undefined && (value.description || null) !== current.description,
      };
      const moved = startAt !== current.startAt || endAt !== current.endAt;
      const cancel = value.lessonCancellationType != null || value.lessonStatus === 'cancelled' || (!!value.cancelDesc && value.cancelDesc !== current.cancelDesc);
      const actions: LessonAction[] = [];
      if (Object.values(changed).some(Boolean)) actions.push('edit');
      if (moved) actions.push('move');
      if (cancel) actions.push('cancel');
      if (value.lessonStatus === 'locked' && current.status !== 'locked') actions.push('lock');
      if (value.lessonStatus === 'active' && current.status !== 'active') actions.push(current.status === 'locked' ? 'unlock' : 'edit');
      if (!actions.length) return current;
      if (changed.teachers && currentTeachers.length && !next.teacherIds.length) actions.push('unstaff');

      const started = actions.some((action) => action === 'cancel' || action === 'move' || action === 'unstaff')
        ? (await attendance.started(knex, [current.id])).has(current.id)
        : false;
      const stateViolations = [...lessonStateViolations(current.status, actions, started), ...cancellationViolations(value.lessonCancellationType, value.cancelDesc, cancel)];
      if (stateViolations.length) fail(stateViolations, t);

      const reshaped = actions.includes('edit') || moved;
      const regrouped = changed.planningGroups;
      const sessionId = moved || regrouped ? await sessionOfDay(startAt, next.planningGroupIds) : current.trainingSessionId ?? (await sessionOfDay(startAt, next.planningGroupIds));
      let contractOf = new Map<string, string | null>(current.teachers.map((teacher) => [teacher.id, teacher.teacherContractId]));
      if (reshaped) {
        const shape = { startAt, endAt, ...next };
        const references = await checkReferences(knex, deps.core.module('identity').visibility, deps.core.module('teaching').contracts, { campusId: current.campusId, sessionId, ...next, subjectChanged: changed.subject });
        contractOf = references.contractOf;
        const all = [...lessonShapeViolations(shape), ...(moved || regrouped ? sessionViolations(sessionId) : []), ...references.violations];
        if (all.length) fail(all, t);
      }

      const status: LessonStatus = cancel ? 'cancelled' : actions.includes('lock') ? 'locked' : actions.includes('unlock') ? 'active' : current.status;
      const slot: LessonSlot = { lessonId: current.id, campusId: current.campusId, startAt, endAt, teacherIds: next.teacherIds, roomIds: next.roomIds, planningGroupIds: next.planningGroupIds };
      const holdsMore = moved || changed.teachers || changed.rooms || changed.planningGroups;
      // The calendar is asked again when the day or the groups change (a new group may be in company).
      if (status !== 'cancelled' && holdsMore) await assertFree(slot, moved || changed.planningGroups, t);

      const columns: Partial<LessonColumns> = {};
      if (moved || regrouped) Object.assign(columns, { startAt, endAt, trainingSessionId: sessionId });
      if (changed.remote) columns.remote = value.remote as RemoteMode;
      if (changed.lessonType) columns.lessonType = value.lessonType as LessonType;
      if (changed.description) columns.description = value.description || null;
      if (changed.subject) columns.schoolSubjectId = next.schoolSubjectId;
      if (status !== current.status) columns.status = status;
      if (cancel) Object.assign(columns, { cancellationType: value.lessonCancellationType as CancellationType, cancelDesc: value.cancelDesc || null });
      const links: Partial<LessonLinks> = {};
      if (changed.teachers) links.teachers = next.teacherIds.map((id) => ({ id, contractId: contractOf.get(id) ?? null }));
      if (changed.rooms) links.rooms = next.roomIds;
      if (changed.planningGroups) links.planningGroups = next.planningGroupIds;
      await writeFree(slot, t, (trx) => updateLessonRow(trx, current.id, columns, links));
      const [lesson] = await lessonsByIds(knex, [current.id], { withCancelled: true, attendance });
      return lesson!;
    },

    lessonsByIds: (db, ids, options = {}) => lessonsByIds(db, ids, { withCancelled: options.withCancelled ?? false, attendance }),

    async remove(actor, lessonId, t) {
      const lesson = await changeable(actor, lessonId);
      const started = (await attendance.started(knex, [lesson.id])).has(lesson.id);
      const violations = lessonStateViolations(lesson.status, ['delete'], started);
      if (violations.length) fail(violations, t);
      await knex.transaction((trx) => deleteLessonRow(trx, lesson.id));
      return { deleted: lesson.id };
    },
  };
}

