import type { Actor, Knex } from '@alterna/core';

/** Who asks, so that a check may leave out what the actor itself holds (its own access rules). */
export interface UsageContext {
  actor: Actor | null;
}

/** Counts, per id, what another module holds on it (lessons in a room, access rules on a campus…). */
export type UsageCheck = (ids: string[], context: UsageContext) => Promise<Map<string, number>>;

/** Told when a campus is created or about to be removed, inside the same transaction. */
export interface CampusListener {
  created?(event: { campusId: string; actor: Actor; typologies: string[]; trx: Knex.Transaction }): Promise<void>;
  removing?(event: { campusId: string; actor: Actor; trx: Knex.Transaction }): Promise<void>;
}

export interface UsageRegistry {
  /** Other modules call these in their `register` hook. */
  registerRoomUsage(check: UsageCheck): void;
  registerCampusUsage(check: UsageCheck): void;
  registerCampusListener(listener: CampusListener): void;
  roomUsage(roomIds: string[], context?: UsageContext): Promise<Map<string, number>>;
  campusUsage(campusIds: string[], context?: UsageContext): Promise<Map<string, number>>;
  campusListeners(): readonly CampusListener[];
}

async function total(checks: UsageCheck[], ids: string[], context: UsageContext): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (!ids.length) return counts;
  // One set query per registered check, never one per id.
  for (const result of await Promise.all(checks.map((check) => check(ids, context)))) {
    for (const [id, count] of result) if (count > 0) counts.set(id, (counts.get(id) ?? 0) + count);
  }
  return counts;
}

export function usageRegistry(): UsageRegistry {
  const roomChecks: UsageCheck[] = [];
  const campusChecks: UsageCheck[] = [];
  const listeners: CampusListener[] = [];
  return {
    registerRoomUsage: (check) => void roomChecks.push(check),
    registerCampusUsage: (check) => void campusChecks.push(check),
    registerCampusListener: (listener) => void listeners.push(listener),
    roomUsage: (ids, context = { actor: null }) => total(roomChecks, ids, context),
    campusUsage: (ids, context = { actor: null }) => total(campusChecks, ids, context),
    campusListeners: () => listeners,
  };
}
