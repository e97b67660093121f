import type { Knex } from '@alterna/core';
import { publicHolidaysBetween, type CalendarService } from '@alterna/training-centre';
import { groupFamilies } from '../rules/lesson-overlaps.js';
import { nearestFreeSlots, outwardOffsets, type DayWindow } from '../rules/lesson-free-slots.js';
import { addDays, isoWeekday, parisDay, parisInstant, toParis } from '../rules/lesson-time.js';
import type { FreeSlot, LessonSlot } from '../types.js';
import { campusesByIds, groupParents, sessionDates, sessionOn } from './lesson-conflict-queries.js';
import { allQueries } from './queries.js';

type Db = Knex | Knex.Transaction;

/** Days searched on each side of the asked day, and the opening hours suggestions stay within (Paris time). */
export const SUGGESTION_REACH_DAYS = 14;
export const DAY_OPENS_AT = 8;
export const DAY_CLOSES_AT = 20;

/**
 * The nearest free slots of the same length for the slot's rooms, teachers and planning groups (one level
 * of family): on open, non-closed, non-holiday, non-company days inside a training session, 08:00–20:00,
 * same day first then outward. The busy periods of every resource over the window come in one query.
 */
export async function suggestFreeSlots(db: Db, calendar: CalendarService, slot: LessonSlot, count: number): Promise<FreeSlot[]> {
  const start = new Date(slot.startAt).getTime();
  const duration = new Date(slot.endAt).getTime() - start;
  if (!Number.isFinite(duration) || duration <= 0 || count <= 0) return [];
  const askedDay = parisDay(slot.startAt);
  const asked = toParis(slot.startAt);
  const first = addDays(askedDay, -SUGGESTION_REACH_DAYS);
  const last = addDays(askedDay, SUGGESTION_REACH_DAYS);
  const windowStart = new Date(parisInstant(first, 0)).toISOString();
  const windowEnd = new Date(parisInstant(addDays(last, 1), 0)).toISOString();

  const parents = await groupParents(db, [...new Set(slot.planningGroupIds)]);
  const groups = [...groupFamilies(parents)(slot.planningGroupIds)];
  const [busy, blockedDays, campuses, sessions] = await allQueries(db, [
    () => busyPeriods(db, slot, groups, windowStart, windowEnd),
    () => blockedCalendarDays(db, calendar, slot, first, last),
    () => campusesByIds(db, [slot.campusId]),
    () => sessionDates(db),
  ]);
  const openDays = campuses.get(slot.campusId)?.openDays ?? [];
  const days: DayWindow[] = outwardOffsets(SUGGESTION_REACH_DAYS)
    .map((offset) => addDays(askedDay, offset))
    .filter((day) => openDays.includes(isoWeekday(day)) && !blockedDays.has(day) && !!sessionOn(sessions, day))
    .map((day) => ({ day, open: parisInstant(day, DAY_OPENS_AT), close: parisInstant(day, DAY_CLOSES_AT), target: parisInstant(day, asked.hour, asked.minute) }));
  return nearestFreeSlots(days, busy, duration, count).map((period) => ({ startAt: new Date(period.start).toISOString(), endAt: new Date(period.end).toISOString() }));
}

/** Lessons of the rooms, teachers and groups, bookings of the rooms and constraints of the teachers over the window: one query. */
async function busyPeriods(db: Db, slot: LessonSlot, groups: string[], from: string, to: string): Promise<{ start: number; end: number }[]> {
  const window = "tstzrange(?::timestamptz, ?::timestamptz, '[)')";
  const own = slot.lessonId ?? '00000000-0000-0000-0000-000000000000';
  const held = (table: string, column: string) =>
    `SELECT lower(h.period) AS start_at, upper(h.period) AS end_at FROM ${table} h WHERE h.${column} = ANY(?::uuid[]) AND h.active AND h.period && ${window} AND h.lesson_id <> ?::uuid`;
  const { rows } = await db.raw(
    [
      held('lesson_rooms', 'room_id'),
      held('lesson_teachers', 'teacher_id'),
      held('lesson_planning_groups', 'planning_group_id'),
      `SELECT lower(b.period), upper(b.period) FROM room_bookings b WHERE b.room_id = ANY(?::uuid[]) AND b.period && ${window}`,
      `SELECT lower(c.period), upper(c.period) FROM trainer_constraints c WHERE c.teacher_id = ANY(?::uuid[]) AND c.period && ${window}`,
    ].join(' UNION ALL '),
    [
      slot.roomIds, from, to, own,
      slot.teacherIds, from, to, own,
      groups, from, to, own,
      slot.roomIds, from, to,
      slot.teacherIds, from, to,
    ],
  );
  return rows.map((row: { start_at: Date; end_at: Date }) => ({ start: new Date(row.start_at).getTime(), end: new Date(row.end_at).getTime() }));
}

/**
 * Days of the window a lesson of that slot cannot be on: closures of its campus (the training centre's read, one
 * statement for the window's days), public holidays, company periods of its groups (one statement).
 */
async function blockedCalendarDays(db: Db, calendar: CalendarService, slot: LessonSlot, first: string, last: string): Promise<Set<string>> {
  const window: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) window.push(day);
  const closures = await calendar.closuresOn(window.map((day, i) => ({ i, campusId: slot.campusId, day })), db);
  const { rows } = await db.raw(
    `SELECT to_char(d, 'YYYY-MM-DD') AS day
       FROM generate_series(?::date, ?::date, interval '1 day') AS d
      WHERE EXISTS (
           SELECT 1 FROM planning_groups pg
             LEFT JOIN planning_groups parent ON parent.id = pg.parent_id
             JOIN training_group_work_studies w ON w.type = 'Entreprise' AND w.training_group_id IN (pg.training_group_id, parent.training_group_id)
            WHERE pg.id = ANY(?::uuid[]) AND d BETWEEN w.start_date AND w.end_date)`,
    [first, last, slot.planningGroupIds],
  );
  const blocked = new Set<string>([...rows.map((row: { day: string }) => row.day), ...closures.map((closure) => window[closure.i]!)]);
  for (const holiday of publicHolidaysBetween(first, last)) blocked.add(holiday.date);
  return blocked;
}
