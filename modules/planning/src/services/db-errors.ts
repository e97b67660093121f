import type { ConflictKind } from '../types.js';

// What PostgreSQL says when two writers race for the same period: the exclusion constraints refuse the second
// one (23P01), or, when both were waiting on each other, abort one of them as a deadlock (40P01).

/** The exclusion constraint a write broke (two periods overlap), or null for any other error. */
export function exclusionConstraint(error: unknown): string | null {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23P01' ? (e.constraint ?? null) : null;
}

const lessonExclusionKinds: Record<string, ConflictKind> = {
  lesson_teachers_no_overlap: 'teacher',
  lesson_rooms_no_overlap: 'room',
  lesson_planning_groups_no_overlap: 'planningGroup',
};

/** The resource a racing lesson took first (a lesson link's exclusion constraint), or null for any other error. */
export function lessonExclusionKind(error: unknown): ConflictKind | null {
  return lessonExclusionKinds[exclusionConstraint(error) ?? ''] ?? null;
}

const DEADLOCK_ATTEMPTS = 5;

/**
 * Runs a write transaction again when PostgreSQL aborted it as a deadlock: racing inserts into an exclusion
 * constraint may wait on each other, and the next try waits on the winner instead.
 */
export async function retryOnDeadlock<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if ((error as { code?: string } | null)?.code !== '40P01' || attempt >= DEADLOCK_ATTEMPTS) throw error;
    }
  }
}
