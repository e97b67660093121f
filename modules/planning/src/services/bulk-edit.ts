// Mass edit (SPEC §5): edit (groups, rooms, subject, type, trainers, remote), move, cancel, delete. The route
// validates the selection and starts the run; the workflow snapshots every lesson (for undo), then applies the
// action batch by batch; the confirmation step previews the same computation without writing.
import { ValidationError, type Actor, type Knex, type Operation, type Translate, type Violation } from '@alterna/core';
import { planningWorkflows, type BulkCounts } from '../workflow-contract.js';
import { perm } from '../permissions.js';
import type { Conflict, LessonSlot } from '../types.js';
import { shiftPeriod, type Move } from '../rules/bulk-shift.js';
import { parisDay } from '../rules/lesson-time.js';
import { editedFields, lessonResourceViolations, type BulkEditRequest, type BulkPreviewRequest, type BulkRemoveRequest, type BulkPreviewAction } from '../validation/bulk.js';
import { applyWithoutConflicts, type Change } from './bulk-apply.js';
import { describeReasons } from './bulk-describe.js';
import { chunks, linkTables, loadSnapshots, restoreLessons, sessionsByDay, slotOf, type LessonSnapshot } from './bulk-lessons.js';
import { dedupeViolations, loadReferences, resourceViolations } from './bulk-references.js';
import { batching, bulkRunId, existingRun, startRun } from './bulk-runs.js';
import { countsInRange, insertItems, loadRun, markItems, pendingItems, type ItemOutcome, type NewItem, type RunReasonKind } from './bulk-store.js';
import type { PlanningDeps } from './deps.js';

/** The values an edit sets; the contracts chosen for the new teachers, by campus. */
export interface StoredEdit {
  planningGroups?: string[];
  rooms?: string[];
  teachers?: string[];
  contracts?: { teacherId: string; campusId: string; contractId: string }[];
  schoolSubject?: string;
  lessonType?: string;
  remote?: string;
}

export interface EditRunRequest {
  action: BulkPreviewAction;
  lessonIds: string[];
  edit?: StoredEdit | null;
  move?: Move | null;
  cancel?: { cancellationType: string; comment: string } | null;
}

const constraints = 'lesson_teachers_no_overlap, lesson_rooms_no_overlap, lesson_planning_groups_no_overlap';
/** Statuses of the items a batch changed, by action. */
const doneStatus = { edit: 'updated', move: 'moved', cancel: 'cancelled', delete: 'deleted' } as const;

/** The order lessons are handled in: a move later takes the latest first, so a series never steps on itself. */
export function processingOrder(lessons: LessonSnapshot[], request: Pick<EditRunRequest, 'action' | 'move'>): LessonSnapshot[] {
  const later = request.action === 'move' && request.move?.direction !== 'earlier';
  return [...lessons].sort((a, b) => (later ? b.startAt.localeCompare(a.startAt) : a.startAt.localeCompare(b.startAt)) || a.id.localeCompare(b.id));
}

/** The link kinds an edit replaces. */
function editedLinks(edit: StoredEdit | null | undefined): (keyof typeof linkTables)[] {
  return (['teachers', 'rooms', 'planningGroups'] as const).filter((kind) => edit?.[kind] !== undefined);
}

/** The lesson as the action makes it (edit, move); `sessionOf` finds the session of a moved lesson's day. */
export function targetOf(lesson: LessonSnapshot, request: EditRunRequest, sessionOf: (day: string) => string | null): LessonSnapshot {
  if (request.action === 'move' && request.move) {
    const period = shiftPeriod(lesson, request.move);
    return { ...lesson, ...period, trainingSessionId: sessionOf(parisDay(period.startAt)) ?? lesson.trainingSessionId };
  }
  const edit = request.edit ?? {};
  const contractOf = (teacherId: string) => edit.contracts?.find((c) => c.teacherId === teacherId && c.campusId === lesson.campusId)?.contractId ?? null;
  return {
    ...lesson,
    planningGroups: edit.planningGroups ?? lesson.planningGroups,
    rooms: edit.rooms ?? lesson.rooms,
    teachers: edit.teachers ? edit.teachers.map((id) => ({ id, contractId: contractOf(id) })) : lesson.teachers,
    schoolSubjectId: edit.schoolSubject ?? lesson.schoolSubjectId,
    lessonType: edit.lessonType ?? lesson.lessonType,
    remote: edit.remote ?? lesson.remote,
  };
}

/** Why a lesson cannot take the action now (checked at the start and again in each batch). */
function refusal(lesson: LessonSnapshot | undefined, action: BulkPreviewAction, started: ReadonlySet<string>): RunReasonKind | null {
  if (!lesson) return 'missing';
  if (lesson.status === 'locked') return 'locked';
  if (action !== 'delete' && lesson.status === 'cancelled') return 'cancelled';
  if (action !== 'edit' && started.has(lesson.id)) return 'attendanceStarted';
  return null;
}

class PreviewDone extends Error {
  constructor(readonly items: unknown[]) {
    super('preview');
  }
}

export function bulkEditService(deps: PlanningDeps) {
  const { knex, permissions } = deps;
  const check = (db: Knex.Transaction, slots: LessonSlot[]) => deps.services().conflicts.check(db, slots);

  /**
   * The selection: every lesson visible to the actor and changeable by them, none locked, none cancelled
   * (but for deletion), no attendance started (but for an edit); the edited values known, of each lesson's
   * campus, and each lesson still following the lesson rules once edited.
   */
  async function resolveSelection(actor: Actor, body: Pick<EditRunRequest, 'action' | 'lessonIds'> & { edit?: BulkEditRequest['edit'] }, t: Translate) {
    const readable = new Set(permissions.campusesOrDeny(actor, perm.lessonRead));
    const ids = [...new Set(body.lessonIds)];
    const found = await loadSnapshots(knex, ids);
    const lessons = ids.flatMap((id) => (found.get(id) && readable.has(found.get(id)!.campusId) ? [found.get(id)!] : []));
    const violations: Violation[] = [];
    const k = (name: string) => `planning.bulk.validation.${name}`;
    if (lessons.length < ids.length) violations.push({ path: 'lessonIds', message: t(k('selection.missing'), { count: ids.length - lessons.length }) });
    const campuses = [...new Set(lessons.map((l) => l.campusId))];
    deps.permissions.assertOnAll(actor, perm.lessonUpdate, campuses);
    const started = body.action === 'edit' ? new Set<string>() : await deps.attendance.started(knex, lessons.map((l) => l.id));
    const refused = new Map<RunReasonKind, number>();
    for (const lesson of lessons) {
      const reason = refusal(lesson, body.action, started);
      if (reason) refused.set(reason, (refused.get(reason) ?? 0) + 1);
    }
    for (const [reason, count] of refused) violations.push({ path: 'lessonIds', message: t(k(`selection.${reason}`), { count }) });
    if (body.action === 'edit' && body.edit) violations.push(...(await editViolations(lessons, body.edit, t)));
    if (violations.length) throw new ValidationError(dedupeViolations(violations));
    return { lessons, campusId: lessons[0]!.campusId };
  }

  async function editViolations(lessons: LessonSnapshot[], edit: NonNullable<BulkEditRequest['edit']>, t: Translate): Promise<Violation[]> {
    const refs = await loadReferences(knex, deps.core.module('identity').visibility, deps.core.module('teaching').contracts, {
      groups: edit.planningGroups ?? [], rooms: edit.rooms ?? [], teachers: edit.teachers ?? [], contracts: edit.teacherContracts ?? [],
      subjects: edit.schoolSubject ? [edit.schoolSubject] : [],
    });
    const violations: Violation[] = [];
    const values = { planningGroups: edit.planningGroups ?? [], rooms: edit.rooms ?? [], teachers: edit.teachers ?? [], teacherContracts: edit.teacherContracts ?? [], schoolSubject: edit.schoolSubject ?? null };
    const byCampus = new Map<string, LessonSnapshot[]>();
    for (const lesson of lessons) byCampus.set(lesson.campusId, [...(byCampus.get(lesson.campusId) ?? []), lesson]);
    for (const campusId of byCampus.keys()) violations.push(...resourceViolations(refs, values, campusId, new Set([campusId]), 'edit', t));
    for (const lesson of lessons) {
      const result = targetOf(lesson, { action: 'edit', lessonIds: [], edit: { ...edit, schoolSubject: edit.schoolSubject ?? undefined } }, () => null);
      for (const v of lessonResourceViolations({ planningGroups: result.planningGroups, rooms: result.rooms, teachers: result.teachers.map((x) => x.id), schoolSubject: result.schoolSubjectId })) {
        violations.push({ path: `edit.${v.path}`, message: t(v.message) });
      }
    }
    return violations;
  }

  /** The edit as the run keeps it: only the values given, contracts resolved to teacher and campus. */
  async function storedEdit(edit: BulkEditRequest['edit']): Promise<StoredEdit | null> {
    if (!edit) return null;
    const stored: StoredEdit = {};
    for (const field of editedFields) {
      const value = edit[field];
      if (value !== undefined && value !== null) (stored as Record<string, unknown>)[field] = value;
    }
    if (edit.teachers && edit.teacherContracts?.length) {
      const rows = await deps.core.module('teaching').contracts.byIds(edit.teacherContracts, knex);
      stored.contracts = rows.map((r) => ({ teacherId: r.teacherId, campusId: r.campusId, contractId: r.id }));
    }
    return stored;
  }

  async function startAction(actor: Actor, request: EditRunRequest & { requestId: string }, t: Translate): Promise<Operation> {
    const kind = request.action;
    const runId = bulkRunId(kind, request.requestId);
    const existing = await existingRun(deps, actor, runId);
    if (existing) return existing;
    const { lessons, campusId } = await resolveSelection(actor, request as Parameters<typeof resolveSelection>[1], t);
    const stored: EditRunRequest = {
      action: kind, lessonIds: lessons.map((l) => l.id),
      edit: kind === 'edit' ? await storedEdit(request.edit as BulkEditRequest['edit']) : null,
      move: kind === 'move' ? request.move ?? null : null,
      cancel: kind === 'cancel' ? request.cancel ?? null : null,
    };
    return startRun(deps, {
      runId, kind, workflowType: planningWorkflows.bulkEditLessons, subject: t(`planning.bulk.subjects.${kind}`, { count: lessons.length }), campusId, actor,
      request: stored as unknown as Record<string, unknown>, args: { runId, ...batching },
    });
  }

  const startEdit = (actor: Actor, body: BulkEditRequest, t: Translate) => startAction(actor, body as EditRunRequest & { requestId: string }, t);
  const startRemove = (actor: Actor, body: BulkRemoveRequest, t: Translate) => startAction(actor, { ...body, action: 'delete' }, t);

  /** The confirmation step: each lesson's new period and its conflicts, computed as the run would, then rolled back. */
  async function preview(actor: Actor, body: BulkPreviewRequest, t: Translate) {
    const request: EditRunRequest = {
      action: body.action as BulkPreviewAction, lessonIds: body.lessonIds, edit: (await storedEdit(body.edit as BulkEditRequest['edit'])) ?? null,
      move: (body.move as Move | undefined) ?? null, cancel: null,
    };
    const { lessons } = await resolveSelection(actor, { ...request, edit: body.edit as BulkEditRequest['edit'] }, t);
    const ordered = processingOrder(lessons, request);
    const row = (lesson: LessonSnapshot, conflicts: Conflict[] = []) => ({ lessonId: lesson.id, startAt: lesson.startAt, endAt: lesson.endAt, conflicts });
    if (request.action === 'cancel' || request.action === 'delete') return { items: ordered.map((l) => row(l)) };
    try {
      await knex.transaction(async (trx) => {
        const sessionOf = await sessionsByDay(trx, ordered.map((l) => parisDay(shiftPeriodOf(l, request).startAt)));
        const targets = ordered.map((l) => targetOf(l, request, sessionOf));
        await trx.raw(`SET CONSTRAINTS ${constraints} DEFERRED`);
        await restoreLessons(trx, targets, editedLinks(request.edit));
        const found: Conflict[][] = [];
        for (const part of chunks(targets, 2000)) found.push(...(await check(trx, part.map(slotOf))));
        const described = await describeReasons(deps, trx, found, t);
        throw new PreviewDone(targets.map((target, i) => row(target, described[i] as Conflict[])));
      });
    } catch (error) {
      if (error instanceof PreviewDone) return { items: error.items };
      throw error;
    }
    return { items: [] };
  }

  /** One item per selected lesson, in processing order, each with the lesson's snapshot (what undo restores). */
  async function prepare(runId: string): Promise<{ total: number }> {
    const run = await loadRun<EditRunRequest>(knex, runId);
    const found = await loadSnapshots(knex, run.request.lessonIds);
    const ordered = processingOrder([...found.values()], run.request);
    const missing = run.request.lessonIds.filter((id) => !found.has(id));
    const items: NewItem[] = [
      ...ordered.map((lesson, seq) => ({ seq, status: 'pending' as const, lessonId: lesson.id, startAt: lesson.startAt, endAt: lesson.endAt, before: lesson })),
      ...missing.map((id, i) => ({ seq: ordered.length + i, status: 'refused' as const, lessonId: id, reason: [{ kind: 'missing' as const }] })),
    ];
    await knex.transaction((trx) => insertItems(trx, runId, items));
    return { total: items.length };
  }

  /** One transaction: the batch's lessons locked and checked again, the action applied, every item marked. */
  async function batch(runId: string, fromSeq: number, toSeq: number): Promise<BulkCounts> {
    await knex.transaction(async (trx) => {
      const run = await loadRun<EditRunRequest>(trx, runId);
      const request = run.request;
      const items = await pendingItems<LessonSnapshot>(trx, runId, fromSeq, toSeq);
      if (!items.length) return;
      const current = await loadSnapshots(trx, items.map((i) => i.lesson_id!), { forUpdate: true });
      const started = request.action === 'edit' ? new Set<string>() : await deps.attendance.started(trx, [...current.keys()]);
      const outcomes: ItemOutcome[] = [];
      const ready: { seq: number; lesson: LessonSnapshot }[] = [];
      for (const item of items) {
        const lesson = current.get(item.lesson_id!);
        const reason = refusal(lesson, request.action, started);
        if (reason) outcomes.push({ seq: item.seq, status: 'refused', lessonId: item.lesson_id, startAt: item.start_at, endAt: item.end_at, reason: [{ kind: reason }] });
        else ready.push({ seq: item.seq, lesson: lesson! });
      }
      const done = (seq: number, lesson: LessonSnapshot): ItemOutcome => ({ seq, status: doneStatus[request.action], lessonId: lesson.id, startAt: lesson.startAt, endAt: lesson.endAt, reason: null });
      const ids = ready.map((r) => r.lesson.id);
      if (request.action === 'delete') {
        if (ids.length) await trx('lessons').whereIn('id', ids).delete();
        outcomes.push(...ready.map((r) => done(r.seq, r.lesson)));
      } else if (request.action === 'cancel') {
        if (ids.length) {
          await trx('lessons').whereIn('id', ids).update({
            status: 'cancelled', cancellation_type: request.cancel!.cancellationType, cancel_desc: request.cancel!.comment, updated_at: trx.fn.now(),
          });
        }
        outcomes.push(...ready.map((r) => done(r.seq, r.lesson)));
      } else {
        const sessionOf = await sessionsByDay(trx, ready.map((r) => parisDay(shiftPeriodOf(r.lesson, request).startAt)));
        const changes: Change[] = ready.map((r) => ({ key: r.seq, target: targetOf(r.lesson, request, sessionOf) }));
        const links = editedLinks(request.edit);
        const refused = await applyWithoutConflicts(trx, changes, { write: (db, list) => restoreLessons(db, list.map((c) => c.target), links), check });
        for (const change of changes) {
          const conflicts = refused.get(change.key);
          if (!conflicts) outcomes.push(done(change.key, change.target));
          else {
            const before = current.get(change.target.id)!;
            outcomes.push({ seq: change.key, status: 'conflict', lessonId: before.id, startAt: change.target.startAt, endAt: change.target.endAt, reason: conflicts });
          }
        }
      }
      await markItems(trx, runId, outcomes);
    });
    return countsInRange(knex, runId, fromSeq, toSeq);
  }

  return { startEdit, startRemove, preview, prepare, batch };
}

/** The period a lesson would have after the request (unchanged but for a move). */
function shiftPeriodOf(lesson: LessonSnapshot, request: Pick<EditRunRequest, 'action' | 'move'>): { startAt: string; endAt: string } {
  return request.action === 'move' && request.move ? shiftPeriod(lesson, request.move) : { startAt: lesson.startAt, endAt: lesson.endAt };
}

export type BulkEditService = ReturnType<typeof bulkEditService>;
