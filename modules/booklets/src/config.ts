import { ConfigError } from '@alterna/core';

/** When the awaited signatories are reminded, and when the campus staff are told (seconds, each after the previous step). */
export interface ValidationDelays {
  reminderSeconds: number;
  staffSeconds: number;
}

export const defaultValidationDelays: ValidationDelays = { reminderSeconds: 3 * 24 * 3600, staffSeconds: 4 * 24 * 3600 };
const maxSeconds = 366 * 24 * 3600;

/**
 * Reads BOOKLET_VALIDATION_REMINDER_SECONDS (default 3 days) and BOOKLET_VALIDATION_STAFF_SECONDS (default 4 more
 * days); every bad value is reported at once, by name, as the core's configuration does.
 */
export function readValidationDelays(env: Record<string, string | undefined> = process.env): ValidationDelays {
  const problems: string[] = [];
  const seconds = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1 || value > maxSeconds) {
      problems.push(`${name} must be a whole number of seconds from 1 to ${maxSeconds} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const delays = {
    reminderSeconds: seconds('BOOKLET_VALIDATION_REMINDER_SECONDS', defaultValidationDelays.reminderSeconds),
    staffSeconds: seconds('BOOKLET_VALIDATION_STAFF_SECONDS', defaultValidationDelays.staffSeconds),
  };
  if (problems.length) throw new ConfigError(problems);
  return delays;
}
