import type { Knex, Translate } from '@alterna/core';
import type { Conflict, FreeSlot, LessonSlot } from '../types.js';
import type { PlanningDeps } from './deps.js';

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

export function conflictsService(_deps: PlanningDeps): ConflictsService {
  const notYet = () => Promise.reject(new Error('conflicts: not written yet'));
  return { check: notYet, describe: notYet, suggest: notYet };
}
