import { defaultWeights, softRules } from '../../validation/weights.js';
import { indexInstance, type DayItem, type Indexed } from './indexed.js';
import type { Instance, PlacedLesson, SoftScore, SoftWeights } from './types.js';

// The soft rules as penalties (lower is better), in three kinds of parts: a demand's (spread over its weeks, hours a
// day, weekly pattern), a group's day (gaps, rooms) and a teacher's day (gaps, sites). The search keeps each part and
// recomputes only those a move touches; the full score below sums the same parts. A day the proposal does not touch
// counts for nothing (its planned lessons are not the proposal's doing).

/** A lesson of a demand as its part sees it. */
export interface DemandItem {
  day: number;
  slot: number;
}

type Parts = SoftScore['parts'];

export const emptyParts = (): Parts => Object.fromEntries(softRules.map((rule) => [rule, 0])) as Parts;

export const weightsOf = (weights: Partial<SoftWeights> = {}): SoftWeights => ({ ...defaultWeights, ...weights });

/**
 * Free slot minutes between the day's first and last lesson (the break between slots is not a gap), counting the slots
 * of the time-slot models of the campuses the day's rooms are on.
 */
function gapMinutes(ix: Indexed, items: readonly DayItem[]): number {
  if (items.length < 2) return 0;
  let first = Infinity;
  let last = -Infinity;
  for (const item of items) {
    if (item.start < first) first = item.start;
    if (item.end > last) last = item.end;
  }
  let gaps = 0;
  for (let s = 0; s < ix.slots; s++) {
    const start = ix.slotStart[s]!;
    const end = ix.slotEnd[s]!;
    if (start < first || end > last) continue;
    if (!items.some((item) => item.room >= 0 && ix.campusSlot[ix.roomCampus[item.room]!]?.[s])) continue;
    if (!items.some((item) => item.start < end && start < item.end)) gaps += end - start;
  }
  return gaps;
}

const distinct = (values: Iterable<number>) => {
  const seen = new Set<number>();
  for (const value of values) if (value >= 0) seen.add(value);
  return seen.size;
};

export class Scorer {
  readonly weights: SoftWeights;
  constructor(readonly ix: Indexed, weights: Partial<SoftWeights> = {}) {
    this.weights = weightsOf(weights);
  }

  /** A group's day: its proposed lessons and its planned ones. */
  groupDay(group: number, day: number, items: readonly DayItem[], parts?: Parts): number {
    if (!items.length) return 0;
    const all = this.withFixed(this.ix.groupFixed, group, day, items);
    const gaps = (this.weights.groupGaps * gapMinutes(this.ix, all)) / 60;
    const rooms = this.weights.groupRooms * Math.max(0, distinct(all.map((item) => item.room)) - 1);
    if (parts) {
      parts.groupGaps += gaps;
      parts.groupRooms += rooms;
    }
    return gaps + rooms;
  }

  /** A teacher's day: their proposed lessons and their planned ones. */
  teacherDay(teacher: number, day: number, items: readonly DayItem[], parts?: Parts): number {
    if (!items.length) return 0;
    const all = this.withFixed(this.ix.teacherFixed, teacher, day, items);
    const gaps = (this.weights.teacherGaps * gapMinutes(this.ix, all)) / 60;
    const sites = this.weights.teacherSites * Math.max(0, distinct(all.map((item) => (item.room >= 0 ? this.ix.roomCampus[item.room]! : -1))) - 1);
    if (parts) {
      parts.teacherGaps += gaps;
      parts.teacherSites += sites;
    }
    return gaps + sites;
  }

  /** A demand's lessons: hours away from an even share per school week, hours over the day's maximum, extra patterns. */
  demand(demand: number, items: readonly DemandItem[], parts?: Parts): number {
    if (!items.length) return 0;
    const ix = this.ix;
    const weeks = ix.demandWeeks[demand]!;
    const perWeek = new Map<number, number>();
    const perDay = new Map<number, number>();
    const patterns = new Set<number>();
    let total = 0;
    for (const item of items) {
      const minutes = ix.slotMinutes[item.slot]!;
      const day = ix.instance.days[item.day]!;
      total += minutes;
      perWeek.set(day.week, (perWeek.get(day.week) ?? 0) + minutes);
      perDay.set(item.day, (perDay.get(item.day) ?? 0) + minutes);
      patterns.add(day.weekday * ix.slots + item.slot);
    }
    const share = weeks.length ? total / weeks.length : 0;
    let away = 0;
    for (const week of weeks) away += Math.abs((perWeek.get(week) ?? 0) - share);
    const spread = (this.weights.spread * away) / 60;
    const cap = this.weights.maxSubjectHoursPerDay * 60;
    let over = 0;
    for (const minutes of perDay.values()) if (minutes > cap) over += minutes - cap;
    const dailyMax = (this.weights.dailyMax * over) / 60;
    const fewest = weeks.length ? Math.ceil(items.length / weeks.length) : 1;
    const pattern = this.weights.pattern * Math.max(0, patterns.size - fewest);
    if (parts) {
      parts.spread += spread;
      parts.dailyMax += dailyMax;
      parts.pattern += pattern;
    }
    return spread + dailyMax + pattern;
  }

  private withFixed(fixed: Map<number, DayItem[]>, resource: number, day: number, items: readonly DayItem[]): readonly DayItem[] {
    const planned = fixed.get(resource * this.ix.days + day);
    return planned ? [...planned, ...items] : items;
  }
}

/** The soft score of a list of lessons (a proposal, the planted timetable, the greedy baseline), from scratch. */
export function softScore(instance: Instance, lessons: readonly PlacedLesson[], weights: Partial<SoftWeights> = {}, indexed?: Indexed): SoftScore {
  const ix = indexed ?? indexInstance(instance);
  const scorer = new Scorer(ix, weights);
  const parts = emptyParts();
  const byDemand = new Map<number, DemandItem[]>();
  const byGroupDay = new Map<number, DayItem[]>();
  const byTeacherDay = new Map<number, DayItem[]>();
  const add = <T>(map: Map<number, T[]>, key: number, item: T) => {
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  };
  for (const lesson of lessons) {
    const demand = ix.demandIndex.get(lesson.demandId);
    const slot = ix.slotIndex.get(lesson.slotId);
    const teacher = ix.teacherIndex.get(lesson.teacherId);
    if (demand === undefined || slot === undefined || teacher === undefined) continue;
    const item = { start: ix.slotStart[slot]!, end: ix.slotEnd[slot]!, room: ix.roomIndex.get(lesson.roomId) ?? -1 };
    add(byDemand, demand, { day: lesson.day, slot });
    add(byGroupDay, ix.demandGroup[demand]! * ix.days + lesson.day, item);
    add(byTeacherDay, teacher * ix.days + lesson.day, item);
  }
  for (const [demand, items] of byDemand) scorer.demand(demand, items, parts);
  for (const [key, items] of byGroupDay) scorer.groupDay(Math.floor(key / ix.days), key % ix.days, items, parts);
  for (const [key, items] of byTeacherDay) scorer.teacherDay(Math.floor(key / ix.days), key % ix.days, items, parts);
  return { total: Object.values(parts).reduce((sum, value) => sum + value, 0), parts };
}
