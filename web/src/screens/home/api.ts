import type { UnclosedSheet } from '@alterna/attendance/types';
import type { Lesson } from '@alterna/planning/types';
import { requestJson } from '../../shared/http';

export type { UnclosedSheet } from '@alterna/attendance/types';
export type { Lesson } from '@alterna/planning/types';

const week = (day: string | null) => requestJson<{ week: string; lessons: Lesson[] }>('GET', `/api/planning/my-timetable${day ? `?week=${day}` : ''}`);
const parisDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(ms));

/**
 * The actor's lessons not over yet (under way first), not cancelled, by start: this week's and next week's timetable
 * (the same read as the timetable page), at most `limit`.
 */
export async function loadUpcoming(limit: number): Promise<Lesson[]> {
  const now = Date.now();
  const [current, next] = await Promise.all([week(null), week(parisDay(now + 7 * 86_400_000))]);
  const seen = new Set<string>();
  return [...current.lessons, ...next.lessons]
    .filter((lesson) => lesson.status !== 'cancelled' && Date.parse(lesson.endAt) > now && !seen.has(lesson.id) && seen.add(lesson.id))
    .sort((a, b) => a.startAt.localeCompare(b.startAt))
    .slice(0, limit);
}

/** The teacher's past lessons whose sheet is not closed (issue #25). */
export const loadMyUnclosed = () => requestJson<{ lessons: UnclosedSheet[] }>('GET', '/api/my-courses/unclosed-sheets');
/** Staff: the same on the campuses they read. */
export const loadCampusUnclosed = () => requestJson<{ lessons: UnclosedSheet[] }>('GET', '/api/attendance/unclosed-sheets');

/** Whether a lesson is under way now, or starts within the next `minutes`. */
export const underWay = (lesson: { startAt: string; endAt: string }, minutes = 30, at = Date.now()) =>
  Date.parse(lesson.startAt) - minutes * 60_000 <= at && at < Date.parse(lesson.endAt);
