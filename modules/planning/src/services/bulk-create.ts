// Mass creation (SPEC §5): one lesson per occurrence day and line. The route validates and starts the run; the
// workflow's activities expand the items, then create each batch in one transaction.
import { ValidationError, type Actor, type Knex, type Operation, type Translate, type Violation } from '@alterna/core';
import { planningWorkflows, type BulkCounts } from '../workflow-contract.js';
import { perm } from '../permissions.js';
import { calendarConflictKinds, type Conflict, type LessonSlot } from '../types.js';
import { expandOccurrences, isClosedDay, occurrenceDates, type OccurrenceRule } from '../rules/occurrences.js';
import { parisDay } from '../rules/lesson-time.js';
import type { BulkCreateRequest } from '../validation/bulk.js';
import { namedCollision } from './bulk-apply.js';
import { insertLessons, sessionsByDay, slotOf, type NewLesson } from './bulk-lessons.js';
import { campusOfResources, dedupeViolations, loadReferences, resourceViolations, teacherLinks } from './bulk-references.js';
import { batching, bulkRunId, existingRun, startRun } from './bulk-runs.js';
import { countsInRange, insertItems, loadRun, markItems, pendingItems, type ItemOutcome, type NewItem } from './bulk-store.js';
import type { PlanningDeps } from './deps.js';
import { lessonExclusionKind } from './db-errors.js';

/** A line as the run keeps it: its campus and each teacher's contract resolved at the start. */
export interface StoredLine {
  campusId: string;
  teachers: { id: string; contractId: string | null }[];
  rooms: string[];
  planningGroups: string[];
  schoolSubject: string | null;
  lessonType: string;
  remote: string;
  description: string | null;
}

export interface CreateRunRequest {
  name: string;
  campuses: string[];
  rule: OccurrenceRule;
  lines: StoredLine[];
}

const workDays = [1, 2, 3, 4, 5];

export function bulkCreateService(deps: PlanningDeps) {
  const { knex } = deps;

  /** The checks a schema cannot make: the campuses held, the ids known and of those campuses. */
  async function resolveLines(actor: Actor, body: BulkCreateRequest, t: Translate): Promise<StoredLine[]> {
    deps.permissions.assertOnAll(actor, perm.lessonUpdate, body.campuses);
    const lines = body.lines;
    const known = new Set((await knex('training_centre_campuses as campuses').select('id').whereIn('id', body.campuses)).map((c: { id: string }) => c.id));
    const violations: Violation[] = body.campuses.filter((id) => !known.has(id)).map((id) => ({ path: 'campuses', message: t('planning.bulk.validation.unknown', { id }) }));
    const refs = await loadReferences(knex, deps.core.module('identity').visibility, deps.core.module('teaching').contracts, {
      groups: lines.flatMap((l) => l.planningGroups),
      rooms: lines.flatMap((l) => l.rooms),
      teachers: lines.flatMap((l) => l.teachers),
      contracts: lines.flatMap((l) => l.teacherContracts),
      subjects: lines.flatMap((l) => (l.schoolSubject ? [l.schoolSubject] : [])),
    });
    const stored = lines.map((line, i) => {
      const campusId = campusOfResources(refs, line);
      violations.push(...resourceViolations(refs, line, campusId && known.has(campusId) ? campusId : null, known, `lines[${i}]`, t));
      return {
        campusId: campusId ?? body.campuses[0]!,
        teachers: teacherLinks(refs, line.teachers, line.teacherContracts, campusId ?? ''),
        rooms: line.rooms,
        planningGroups: line.planningGroups,
        schoolSubject: line.schoolSubject ?? null,
        lessonType: line.lessonType,
        remote: line.remote,
        description: line.description ?? null,
      };
    });
    if (violations.length) throw new ValidationError(dedupeViolations(violations));
    return stored;
  }

  async function start(actor: Actor, body: BulkCreateRequest, t: Translate): Promise<Operation> {
    const runId = bulkRunId('create', body.requestId);
    const existing = await existingRun(deps, actor, runId);
    if (existing) return existing;
    const lines = await resolveLines(actor, body, t);
    const rule: OccurrenceRule = {
      frequency: body.frequency as OccurrenceRule['frequency'], days: body.days, ordinal: body.ordinal ?? null, weekday: body.weekday ?? null,
      startDate: body.startDate, endDate: body.endDate, startTime: body.startTime, endTime: body.endTime,
    };
    const request: CreateRunRequest = { name: body.name, campuses: body.campuses, rule, lines };
    return startRun(deps, {
      runId, kind: 'create', workflowType: planningWorkflows.bulkCreateLessons, subject: body.name, campusId: body.campuses[0]!, actor,
      request: request as unknown as Record<string, unknown>, args: { runId, ...batching },
    });
  }

  /** Occurrences × lines as items, numbered day by day; days the line's campus is closed are skipped at once. */
  async function prepare(runId: string): Promise<{ total: number; itemsPerDay: number }> {
    const run = await loadRun<CreateRunRequest>(knex, runId);
    const { rule, lines } = run.request;
    const campusIds = [...new Set(lines.map((l) => l.campusId))];
    const openDays = new Map<string, number[]>(
      (await knex('training_centre_campuses as campuses').select('id', 'open_days').whereIn('id', campusIds)).map((c: { id: string; open_days: number[] }) => [c.id, c.open_days]),
    );
    const items: NewItem[] = [];
    expandOccurrences(rule).forEach((occurrence, day) => {
      lines.forEach((line, index) => {
        const closed = isClosedDay(occurrence.date, openDays.get(line.campusId) ?? workDays);
        items.push({
          seq: day * lines.length + index,
          status: closed ? 'skipped' : 'pending',
          startAt: occurrence.startAt,
          endAt: occurrence.endAt,
          reason: closed ? [{ kind: 'closedDay', resourceId: line.campusId, startAt: occurrence.date }] : null,
        });
      });
    });
    await knex.transaction((trx) => insertItems(trx, runId, items));
    return { total: items.length, itemsPerDay: lines.length };
  }

  /**
   * One transaction: the batch's pending items (locked), one conflict check for all of them, the free ones
   * inserted together (creation key = run:seq, so nothing twice), then every item marked. Calendar reasons
   * make an item skipped, anything holding a resource a conflict.
   */
  async function batch(runId: string, fromSeq: number, toSeq: number): Promise<BulkCounts> {
    await knex.transaction(async (trx) => {
      const run = await loadRun<CreateRunRequest>(trx, runId);
      const items = await pendingItems(trx, runId, fromSeq, toSeq);
      if (!items.length) return;
      const { lines, rule } = run.request;
      // The Paris day of an item, from its seq (day by day, line by line), without time-zone arithmetic.
      const dates = occurrenceDates(rule);
      const dayOf = (seq: number) => dates[Math.floor(seq / lines.length)] ?? parisDay(items.find((i) => i.seq === seq)!.start_at!);
      const planned = items.map((item) => {
        const line = lines[item.seq % lines.length]!;
        const lesson: NewLesson = {
          campusId: line.campusId, trainingSessionId: null, startAt: item.start_at!.toISOString(), endAt: item.end_at!.toISOString(),
          remote: line.remote, lessonType: line.lessonType, status: 'active', cancellationType: null, cancelDesc: null, description: line.description,
          schoolSubjectId: line.schoolSubject, creationKey: `${runId}:${item.seq}`, createdBy: run.started_by,
          teachers: line.teachers, rooms: line.rooms, planningGroups: line.planningGroups,
        };
        return { seq: item.seq, day: dayOf(item.seq), lesson };
      });
      const sessionOf = await sessionsByDay(trx, planned.map((p) => p.day));
      const check = (db: Knex.Transaction, slots: LessonSlot[]) => deps.services().conflicts.check(db, slots);
      const found = await check(trx, planned.map((p) => slotOf(p.lesson)));
      const outcomes = new Map<number, ItemOutcome>();
      const free: typeof planned = [];
      const decide = (seq: number, lesson: NewLesson, conflicts: Conflict[], lessonId: string | null = null) => {
        const hard = conflicts.some((c) => !calendarConflictKinds.includes(c.kind));
        outcomes.set(seq, {
          seq, startAt: lesson.startAt, endAt: lesson.endAt, lessonId,
          status: conflicts.length ? (hard ? 'conflict' : 'skipped') : 'created',
          reason: conflicts.length ? conflicts : null,
        });
      };
      planned.forEach((p, i) => {
        p.lesson.trainingSessionId = sessionOf(p.day);
        const conflicts = found[i] ?? [];
        // A day no session holds cannot take a lesson, whether or not the check said so.
        if (!conflicts.length && !p.lesson.trainingSessionId) conflicts.push({ kind: 'outsideSession', startAt: p.day });
        if (conflicts.length) decide(p.seq, p.lesson, conflicts);
        else free.push(p);
      });
      const inserted = await insertFree(trx, free, check);
      for (const p of free) {
        const result = inserted.get(p.seq)!;
        if (typeof result === 'string') decide(p.seq, p.lesson, [], result);
        else decide(p.seq, p.lesson, result);
      }
      await markItems(trx, runId, [...outcomes.values()]);
    });
    return countsInRange(knex, runId, fromSeq, toSeq);
  }

  /** The free lessons in one statement; if a racing writer took a slot meanwhile, row by row in savepoints. */
  async function insertFree(
    trx: Knex.Transaction,
    free: { seq: number; day: string; lesson: NewLesson }[],
    check: (db: Knex.Transaction, slots: LessonSlot[]) => Promise<Conflict[][]>,
  ): Promise<Map<number, string | Conflict[]>> {
    const results = new Map<number, string | Conflict[]>();
    if (!free.length) return results;
    try {
      const ids = await trx.transaction((sp) => insertLessons(sp, free.map((p) => p.lesson)));
      free.forEach((p, i) => results.set(p.seq, ids[i] ?? [{ kind: 'room' }]));
      return results;
    } catch (error) {
      if (!lessonExclusionKind(error)) throw error;
    }
    for (const p of free) {
      try {
        const [id] = await trx.transaction((sp) => insertLessons(sp, [p.lesson]));
        results.set(p.seq, id ?? [{ kind: 'room' }]);
      } catch (error) {
        const kind = lessonExclusionKind(error);
        if (!kind) throw error;
        results.set(p.seq, await namedCollision(trx, { check }, p.lesson, kind));
      }
    }
    return results;
  }

  return { start, prepare, batch };
}

export type BulkCreateService = ReturnType<typeof bulkCreateService>;
