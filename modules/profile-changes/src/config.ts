import { ConfigError, readDelaySeconds } from '@alterna/core';

/** How long a request waits for an approver, and when the approvers are reminded (seconds). */
export interface ProfileChangeDelays {
  expirySeconds: number;
  reminderSeconds: number;
}

export const defaultDelays: ProfileChangeDelays = { expirySeconds: 7 * 24 * 3600, reminderSeconds: 5 * 24 * 3600 };

/**
 * Reads PROFILE_CHANGE_EXPIRY_SECONDS (default 7 days) and PROFILE_CHANGE_REMINDER_SECONDS (default 5 days); the
 * reminder must come before the expiry.
 */
export function readDelays(env: Record<string, string | undefined> = process.env): ProfileChangeDelays {
  const read = readDelaySeconds(env, {
    PROFILE_CHANGE_EXPIRY_SECONDS: defaultDelays.expirySeconds,
    PROFILE_CHANGE_REMINDER_SECONDS: defaultDelays.reminderSeconds,
  });
  const [expirySeconds, reminderSeconds] = [read.PROFILE_CHANGE_EXPIRY_SECONDS, read.PROFILE_CHANGE_REMINDER_SECONDS];
  if (reminderSeconds >= expirySeconds) {
    throw new ConfigError([`PROFILE_CHANGE_REMINDER_SECONDS (${reminderSeconds}) must be less than PROFILE_CHANGE_EXPIRY_SECONDS (${expirySeconds}): the reminder comes before the expiry`]);
  }
  return { expirySeconds, reminderSeconds };
}
