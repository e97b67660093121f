import type { Random } from './random.js';
import type { State } from './state.js';

// The construction heuristic: demands with the fewest options per hour needed first; each lesson goes to the free
// time of the group that keeps the subject's weeks even, its weekly pattern and the group's day compact, with a
// teacher already teaching the subject (or the group that day) and the room the group already has that day.

/** How many (day, slot, teacher) options a demand has per lesson it needs: the lower, the sooner it is placed. */
function slack(state: State, demand: number): number {
  const ix = state.ix;
  const need = state.left(demand);
  if (need <= 0) return Infinity;
  const open = ix.open[ix.demandGroup[demand]!]!.reduce((sum, flag) => sum + flag, 0);
  return (open * ix.groupSlots[ix.demandGroup[demand]!]!.length * ix.qualified[demand]!.length * Math.min(1, ix.fitting[demand]!.length)) / need;
}

/** The teacher and room for a lesson there, preferring those already used; null when none fits. */
export function resourcesFor(state: State, demand: number, day: number, slot: number, random: Random): [number, number] | null {
  const ix = state.ix;
  const used = state.byDemand[demand]!;
  const teachers = [...new Set([...used.map((lesson) => lesson.teacher), ...random.shuffle([...ix.qualified[demand]!])])];
  const sameDay = used.filter((lesson) => lesson.day === day).map((lesson) => lesson.room);
  const rooms = [...new Set([...sameDay, ...used.map((lesson) => lesson.room), ...random.shuffle([...ix.fitting[demand]!])])];
  for (const teacher of teachers) {
    for (const room of rooms) if (state.fits(demand, day, slot, teacher, room)) return [teacher, room];
  }
  return null;
}

/**
 * Places what it can of every demand's remaining hours; answers how many lessons it placed. `pause` is awaited before
 * each demand (the event loop gets a turn: heartbeats, cancels) and stops the construction when it answers true.
 */
export async function construct(state: State, random: Random, pause: () => Promise<boolean> = async () => false): Promise<number> {
  const ix = state.ix;
  const demands = ix.instance.demands.map((_d, i) => i).filter((d) => state.left(d) > 0);
  const order = demands.map((d) => [d, slack(state, d) + random.next() * 1e-6] as const).sort((a, b) => a[1] - b[1]).map(([d]) => d);
  let placed = 0;
  const maxDay = ix.instance.days.length;
  for (const demand of order) {
    if (await pause()) break;
    const group = ix.demandGroup[demand]!;
    const weeks = ix.demandWeeks[demand]!;
    const cells: [number, number][] = [];
    for (let day = 0; day < maxDay; day++) if (ix.open[group]![day]) for (const slot of ix.groupSlots[group]!) cells.push([day, slot]);
    random.shuffle(cells);
    const perWeek = new Map<number, number>();
    const perDay = new Map<number, number>();
    const patterns = new Set<number>();
    const dailyCap = state.scorer.weights.maxSubjectHoursPerDay * 60;
    for (;;) {
      const left = state.left(demand);
      if (left <= 0 || !weeks.length) break;
      const share = state.placed[demand]! / weeks.length;
      const ranked = cells
        .filter(([, slot]) => ix.slotMinutes[slot]! <= left)
        .map(([day, slot]) => {
          const info = ix.instance.days[day]!;
          const load = (perWeek.get(info.week) ?? 0) - share;
          const overDay = (perDay.get(day) ?? 0) + ix.slotMinutes[slot]! > dailyCap ? 1 : 0;
          const pattern = patterns.has(info.weekday * ix.slots + slot) ? 0 : 1;
          return { day, slot, key: overDay * 1e6 + load * 100 + pattern * 10 };
        })
        .sort((a, b) => a.key - b.key);
      let done = false;
      for (const { day, slot } of ranked) {
        const chosen = resourcesFor(state, demand, day, slot, random);
        if (!chosen) continue;
        state.add(demand, day, slot, chosen[0], chosen[1]);
        state.commit();
        const info = ix.instance.days[day]!;
        const minutes = ix.slotMinutes[slot]!;
        perWeek.set(info.week, (perWeek.get(info.week) ?? 0) + minutes);
        perDay.set(day, (perDay.get(day) ?? 0) + minutes);
        patterns.add(info.weekday * ix.slots + slot);
        placed++;
        done = true;
        break;
      }
      if (!done) break;
    }
  }
  return placed;
}
