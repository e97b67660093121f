import type { Actor } from '@alterna/core';

/**
 * Every request asks who its session belongs to; the calendar asks several times a second. The answer is kept
 * for `ttlMs` (2 s by default, SESSION_CACHE_MS): logging out forgets that session at once, and any write of
 * actors or access rules through identity (accounts, profile) forgets them all. A change made behind
 * identity's back (SQL by hand, another API process) shows within `ttlMs`.
 */
export interface SessionCache {
  get(tokenHash: string): Actor | null | undefined;
  set(tokenHash: string, actor: Actor | null): void;
  forget(tokenHash: string): void;
  clear(): void;
}

const MAX_ENTRIES = 10_000;

export function sessionCache(ttlMs: number, now: () => number = Date.now): SessionCache {
  const entries = new Map<string, { actor: Actor | null; until: number }>();
  return {
    get(tokenHash) {
      if (ttlMs <= 0) return undefined;
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.until > now()) return entry.actor;
      entries.delete(tokenHash);
      return undefined;
    },
    set(tokenHash, actor) {
      if (ttlMs <= 0) return;
      // Bounded: a flood of made-up cookies must not grow the process.
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(tokenHash, { actor, until: now() + ttlMs });
    },
    forget: (tokenHash) => void entries.delete(tokenHash),
    clear: () => entries.clear(),
  };
}
