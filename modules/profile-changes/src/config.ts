import { ConfigError } from '@alterna/core';

/** How long a request waits for an approver, and when the approvers are reminded (seconds). */
export interface ProfileChangeDelays {
  expirySeconds: number;
  reminderSeconds: number;
}

export const defaultDelays: ProfileChangeDelays = { expirySeconds: 7 * 24 * 3600, reminderSeconds: 5 * 24 * 3600 };

const maxSeconds = 366 * 24 * 3600;

/**
 * Reads PROFILE_CHANGE_EXPIRY_SECONDS (default 7 days) and PROFILE_CHANGE_REMINDER_SECONDS (default
 * 5 days); every bad value is reported at once, by variable name, as the core's configuration does.
 */
export function readDelays(env: Record<string, string | undefined> = process.env): ProfileChangeDelays {
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
  const expirySeconds = seconds('PROFILE_CHANGE_EXPIRY_SECONDS', defaultDelays.expirySeconds);
  const reminderSeconds = seconds('PROFILE_CHANGE_REMINDER_SECONDS', defaultDelays.reminderSeconds);
  if (!problems.length && reminderSeconds >= expirySeconds) {
    problems.push(`PROFILE_CHANGE_REMINDER_SECONDS (${reminderSeconds}) must be less than PROFILE_CHANGE_EXPIRY_SECONDS (${expirySeconds}): the reminder comes before the expiry`);
  }
  if (problems.length) throw new ConfigError(problems);
  return { expirySeconds, reminderSeconds };
}
