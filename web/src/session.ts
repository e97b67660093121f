import { personName } from './shared/format';
import { useSyncExternalStore } from 'react';
import { apiFetch, readJson } from './shared/http';
import type { ActorSpace } from './pages';

export interface MeCampus {
  id: string;
  name: string;
  typologies: string[];
}

/** The logged actor, as `GET /api/auth/me` returns it (core/API.md). */
export interface Me {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  language: 'fr' | 'en' | null;
  space: ActorSpace;
  typologies: string[];
  campuses: MeCampus[];
  permissions: string[];
}

let me: Me | null = null;
let loading: Promise<Me | null> | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getMe(): Me | null {
  return me;
}

export function setMe(next: Me | null): void {
  me = next;
  emit();
}

/** Loads the session once (GET /api/auth/session: the actor, or null for a visitor); later calls resolve with the current actor. */
export async function ensureSession(): Promise<Me | null> {
  if (!loading) {
    loading = fetchMe().then((actor) => {
      setMe(actor);
      return actor;
    });
  }
  await loading;
  return me;
}

async function fetchMe(): Promise<Me | null> {
  try {
    const response = await apiFetch('/api/auth/session');
    if (!response.ok) return null;
    const body = (await readJson(response)) as { actor?: Me } | null;
    return body?.actor ?? null;
  } catch {
    return null;
  }
}

/** Logs out on the server (POST /api/auth/logout) and forgets the actor. */
export async function logout(): Promise<void> {
  try {
    await apiFetch('/api/auth/logout', { method: 'POST' });
  } finally {
    setMe(null);
  }
}

/** The logged actor (re-renders on login / logout). */
export function useMe(): Me | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => me,
  );
}

/** "First Last" of an actor or person. */
export function fullName(person: { firstName: string; lastName: string }): string {
  return personName(person);
}
