import { readDelaySeconds } from '@alterna/core';

/** When the awaited signatories are reminded, and when the campus staff are told (seconds, each after the previous step). */
export interface ValidationDelays {
  reminderSeconds: number;
  staffSeconds: number;
}

export const defaultValidationDelays: ValidationDelays = { reminderSeconds: 3 * 24 * 3600, staffSeconds: 4 * 24 * 3600 };

/** Reads BOOKLET_VALIDATION_REMINDER_SECONDS (default 3 days) and BOOKLET_VALIDATION_STAFF_SECONDS (default 4 more days). */
export function readValidationDelays(env: Record<string, string | undefined> = process.env): ValidationDelays {
  const read = readDelaySeconds(env, {
    BOOKLET_VALIDATION_REMINDER_SECONDS: defaultValidationDelays.reminderSeconds,
    BOOKLET_VALIDATION_STAFF_SECONDS: defaultValidationDelays.staffSeconds,
  });
  return { reminderSeconds: read.BOOKLET_VALIDATION_REMINDER_SECONDS, staffSeconds: read.BOOKLET_VALIDATION_STAFF_SECONDS };
}
