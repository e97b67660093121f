import { ConfigError } from '@alterna/core';

export const defaultWarningDays = 7;

/** Reads FILES_EXPIRY_WARNING_DAYS: how many days before its expiration date a file's owner is told (default 7, 0 to 365). */
export function readWarningDays(env: Record<string, string | undefined> = process.env): number {
  const raw = env.FILES_EXPIRY_WARNING_DAYS;
  const value = raw === undefined || raw.trim() === '' ? defaultWarningDays : Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 365) {
    throw new ConfigError([`FILES_EXPIRY_WARNING_DAYS must be a whole number of days from 0 to 365 (got "${raw}")`]);
  }
  return value;
}
