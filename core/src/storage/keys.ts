import crypto from 'node:crypto';
import { now } from '../clock.js';

const keyPattern = /^\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A new storage key, `YYYY/MM/<uuid>`: the month keeps folders small, the uuid makes it unguessable and unique. */
export function newStorageKey(at: Date = now()): string {
  const month = String(at.getUTCMonth() + 1).padStart(2, '0');
  return `${at.getUTCFullYear()}/${month}/${crypto.randomUUID()}`;
}

/** Whether a key has the shape newStorageKey makes (drivers refuse any other). */
export function isStorageKey(key: string): boolean {
  return keyPattern.test(key);
}
