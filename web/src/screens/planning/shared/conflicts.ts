import type { Conflict, FreeSlot } from '@alterna/planning/types';
import { GqlError } from '../../../shared/gql';
import { ViolationError, errorMessage } from '../../../shared/http';

export type { Conflict, FreeSlot };

/** What a refused lesson change tells: the messages (naming what collides) and the free slots proposed. */
export interface Refusal {
  messages: string[];
  conflicts: Conflict[];
  suggestions: FreeSlot[];
  /** Violations of named fields (path = input name), to show beside the fields. */
  fieldViolations: { path: string; message: string }[];
}

/** Reads the conflict answer of a lesson mutation (GraphQL extensions conflicts / suggestions). */
export function refusalOf(error: unknown): Refusal {
  const extensions = error instanceof GqlError ? (error.errors[0]?.extensions ?? {}) : {};
  const conflicts = Array.isArray(extensions.conflicts) ? (extensions.conflicts as Conflict[]) : [];
  const suggestions = Array.isArray(extensions.suggestions) ? (extensions.suggestions as FreeSlot[]) : [];
  const violations = error instanceof ViolationError ? error.violations : [];
  const general = violations.filter((v) => !v.path).map((v) => v.message);
  const fromConflicts = conflicts.map((c) => c.message).filter((m): m is string => !!m);
  const messages = [...new Set([...general, ...fromConflicts])];
  return {
    messages: messages.length || violations.length ? messages : [errorMessage(error)],
    conflicts,
    suggestions,
    fieldViolations: violations.filter((v) => !!v.path),
  };
}
