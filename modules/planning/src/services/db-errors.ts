import { violatedConstraint } from '@alterna/core';
import type { ConflictKind } from '../types.js';

// Two writers racing for the same period: the exclusion constraint of a lesson link refuses the second one.
const lessonExclusionKinds: Record<string, ConflictKind> = {
  lesson_teachers_no_overlap: 'teacher',
  lesson_rooms_no_overlap: 'room',
  lesson_planning_groups_no_overlap: 'planningGroup',
};

/** The resource a racing lesson took first (a lesson link's exclusion constraint), or null for any other error. */
export function lessonExclusionKind(error: unknown): ConflictKind | null {
  return lessonExclusionKinds[violatedConstraint(error, 'exclusionViolation') ?? ''] ?? null;
}
