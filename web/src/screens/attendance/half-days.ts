import type { MyAttendanceLine } from '@alterna/attendance/types';
import { attendingStatuses } from '@alterna/attendance/validation';

/** What a half-day of a student's attendance comes to: funders want each morning and afternoon signed. */
export type HalfDayState = 'signed' | 'unsigned' | 'absent' | 'open';

export interface HalfDayRow {
  day: string;
  morning: HalfDayState | null;
  afternoon: HalfDayState | null;
}

const parisParts = (iso: string) => {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' })
    .formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { day: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) };
};

/** A half-day's lessons: absent from any is absent; else signed when every attended one is signed. */
function stateOf(lines: MyAttendanceLine[]): HalfDayState {
  if (lines.some((l) => !l.closed)) return 'open';
  if (lines.some((l) => l.status && !attendingStatuses.includes(l.status))) return 'absent';
  return lines.every((l) => l.signed || l.status === 'without-signature') ? 'signed' : 'unsigned';
}

/** The student's lines by Paris day, newest first, split at 13:00 into morning and afternoon. */
export function halfDays(lines: MyAttendanceLine[]): HalfDayRow[] {
  const byDay = new Map<string, { morning: MyAttendanceLine[]; afternoon: MyAttendanceLine[] }>();
  for (const line of lines) {
    const { day, hour } = parisParts(line.startAt);
    const entry = byDay.get(day) ?? { morning: [], afternoon: [] };
    (hour < 13 ? entry.morning : entry.afternoon).push(line);
    byDay.set(day, entry);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([day, { morning, afternoon }]) => ({ day, morning: morning.length ? stateOf(morning) : null, afternoon: afternoon.length ? stateOf(afternoon) : null }));
}
