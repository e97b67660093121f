// Applying a batch of changed lessons without ever leaving a conflict: the changes are written together with
// the exclusion constraints deferred (a whole week may shift by a day onto itself), then checked in place;
// the lessons that collide are taken out and the rest tried again. A racing writer that slips in (23P01) sends
// the batch row by row, each in its own savepoint, so only the colliding rows are refused.
import type { Knex } from '@alterna/core';
import type { Conflict, ConflictKind, LessonSlot } from '../types.js';
import { slotOf, type LessonSnapshot } from './bulk-lessons.js';
import { lessonExclusionKind } from './db-errors.js';

const constraints = 'lesson_teachers_no_overlap, lesson_rooms_no_overlap, lesson_planning_groups_no_overlap';
/** Rounds of "write, check, take out the colliding ones" before going row by row. */
const rounds = 4;

export interface Change {
  /** The item's seq. */
  key: number;
  /** The lesson as it must become. */
  target: LessonSnapshot;
}

export interface ApplyOperations {
  write(db: Knex.Transaction, changes: Change[]): Promise<void>;
  check(db: Knex.Transaction, slots: LessonSlot[]): Promise<Conflict[][]>;
}

class Collides extends Error {
  constructor(readonly found: Map<number, Conflict[]>) {
    super('collides');
  }
}

function collisions(changes: Change[], found: Conflict[][]): Map<number, Conflict[]> {
  const bad = new Map<number, Conflict[]>();
  found.forEach((conflicts, i) => {
    if (conflicts.length) bad.set(changes[i]!.key, conflicts);
  });
  return bad;
}

/** Writes the changes that fit; answers the conflicts of those it had to leave as they were, by key. */
export async function applyWithoutConflicts(trx: Knex.Transaction, changes: Change[], ops: ApplyOperations): Promise<Map<number, Conflict[]>> {
  const refused = new Map<number, Conflict[]>();
  let pending = changes;
  for (let round = 0; pending.length && round < rounds; round += 1) {
    try {
      await trx.transaction(async (sp) => {
        await sp.raw(`SET CONSTRAINTS ${constraints} DEFERRED`);
        await ops.write(sp, pending);
        const bad = collisions(pending, await ops.check(sp, pending.map((c) => slotOf(c.target))));
        if (bad.size) throw new Collides(bad);
        // Checked now, inside the savepoint, rather than at commit where nothing could be saved.
        await sp.raw(`SET CONSTRAINTS ${constraints} IMMEDIATE`);
      });
      return refused;
    } catch (error) {
      await trx.raw(`SET CONSTRAINTS ${constraints} IMMEDIATE`);
      if (error instanceof Collides) {
        for (const [key, conflicts] of error.found) refused.set(key, conflicts);
        pending = pending.filter((c) => !error.found.has(c.key));
        continue;
      }
      if (!lessonExclusionKind(error)) throw error;
      break;
    }
  }
  for (const change of pending) {
    try {
      await trx.transaction(async (sp) => {
        await ops.write(sp, [change]);
        const bad = collisions([change], await ops.check(sp, [slotOf(change.target)]));
        if (bad.size) throw new Collides(bad);
      });
    } catch (error) {
      if (error instanceof Collides) {
        refused.set(change.key, error.found.get(change.key)!);
        continue;
      }
      const kind = lessonExclusionKind(error);
      if (!kind) throw error;
      refused.set(change.key, await namedCollision(trx, ops, change.target, kind));
    }
  }
  return refused;
}

/** What a racing writer took, named by a fresh check (or at least its kind). */
export async function namedCollision(trx: Knex.Transaction, ops: Pick<ApplyOperations, 'check'>, lesson: LessonSnapshot | (Omit<LessonSnapshot, 'id'> & { id?: string }), kind: ConflictKind): Promise<Conflict[]> {
  const [found = []] = await ops.check(trx, [slotOf(lesson)]);
  const hard = found.filter((c) => c.kind === kind);
  return hard.length ? hard : found.length ? found : [{ kind }];
}
