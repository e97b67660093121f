/** "HH:MM" (or "HH:MM:SS" as PostgreSQL gives it back) to minutes since midnight. */
export function toMinutes(time: string): number {
  const match = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(time);
  if (!match) throw new Error(`Not a time of day: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** "08:30:00" → "08:30". */
export function shortTime(time: string): string {
  return time.slice(0, 5);
}

export const timeOfDayPattern = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface SlotTimes {
  id?: string;
  startTime: string;
  endTime: string;
}

/** Start strictly before end. */
export function startsBeforeEnd(slot: SlotTimes): boolean {
  return toMinutes(slot.startTime) < toMinutes(slot.endTime);
}

/**
 * The first slot of the model that overlaps `slot` (the slot itself excluded when it has an id).
 * Ranges are half-open, so 08:30-10:30 and 10:30-12:00 follow each other without overlapping,
 * exactly like the database's exclusion constraint.
 */
export function overlappingSlot<S extends SlotTimes>(slot: SlotTimes, others: S[]): S | null {
  const start = toMinutes(slot.startTime);
  const end = toMinutes(slot.endTime);
  const sorted = [...others].sort((a, b) => toMinutes(a.startTime) - toMinutes(b.startTime));
  const isSelf = (other: S) => !!slot.id && other.id === slot.id;
  return sorted.find((other) => !isSelf(other) && toMinutes(other.startTime) < end && start < toMinutes(other.endTime)) ?? null;
}
