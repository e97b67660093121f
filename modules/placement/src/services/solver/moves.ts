import type { Random } from './random.js';
import type { Lesson, State } from './state.js';

// The local search's moves. Each changes the state through add and remove (so it can be rolled back) and answers
// false, having changed nothing, when it finds nothing legal to do. None ever makes a proposal break a hard rule:
// every add goes through `fits`.

/** A random open day and slot of the demand's group. */
function randomCell(state: State, demand: number, random: Random): [number, number] | null {
  const ix = state.ix;
  const group = ix.demandGroup[demand]!;
  const open = ix.open[group]!;
  const slots = ix.groupSlots[group]!;
  if (!slots.length) return null;
  for (let tries = 0; tries < 8; tries++) {
    const day = random.int(ix.days);
    if (open[day]) return [day, slots[random.int(slots.length)]!];
  }
  return null;
}

const movable = (state: State, random: Random): Lesson | null => {
  if (!state.live.length) return null;
  const lesson = state.live[random.int(state.live.length)]!;
  return lesson.pinned ? null : lesson;
};

/** One lesson elsewhere: another day and slot (its teacher and room kept if they can be), or another teacher or room. */
export function relocate(state: State, random: Random): boolean {
  const lesson = movable(state, random);
  if (!lesson) return false;
  const ix = state.ix;
  const kind = random.int(10);
  let day = lesson.day;
  let slot = lesson.slot;
  if (kind < 7) {
    const target = randomCell(state, lesson.demand, random);
    if (!target) return false;
    [day, slot] = target;
  }
  state.remove(lesson);
  // 0-6: another time; 7: another teacher; 8: another room; 9: both.
  const teachers = kind === 7 || kind === 9 ? [random.pick(ix.qualified[lesson.demand]!)] : [lesson.teacher, random.pick(ix.qualified[lesson.demand]!)];
  const rooms = kind >= 8 ? [random.pick(ix.fitting[lesson.demand]!)] : [lesson.room, random.pick(ix.fitting[lesson.demand]!)];
  for (const teacher of teachers) {
    for (const room of rooms) {
      if (state.fits(lesson.demand, day, slot, teacher, room)) {
        state.add(lesson.demand, day, slot, teacher, room);
        return true;
      }
    }
  }
  state.rollback();
  return false;
}

/** Two lessons of one group exchange their times, each keeping its teacher and room. */
export function swap(state: State, random: Random): boolean {
  const a = movable(state, random);
  if (!a) return false;
  const group = state.ix.demandGroup[a.demand];
  const siblings = state.byDemand.length;
  let b: Lesson | null = null;
  for (let tries = 0; tries < 6 && !b; tries++) {
    const demand = random.int(siblings);
    if (state.ix.demandGroup[demand] !== group || demand === a.demand) continue;
    const lessons = state.byDemand[demand]!;
    const pick = lessons.length ? lessons[random.int(lessons.length)]! : null;
    if (pick && !pick.pinned && (pick.day !== a.day || pick.slot !== a.slot)) b = pick;
  }
  if (!b) return false;
  state.remove(a);
  state.remove(b);
  if (state.fits(a.demand, b.day, b.slot, a.teacher, a.room)) {
    state.add(a.demand, b.day, b.slot, a.teacher, a.room);
    if (state.fits(b.demand, a.day, a.slot, b.teacher, b.room)) {
      state.add(b.demand, a.day, a.slot, b.teacher, b.room);
      return true;
    }
  }
  state.rollback();
  return false;
}

/**
 * One more lesson of a demand with hours left, at a random time, taking the place of the (unpinned) lessons that hold
 * its group, teacher or room then: those go back to unplaced, for the search to place again.
 */
export function insert(state: State, random: Random, wanting: readonly number[]): boolean {
  if (!wanting.length) return false;
  const demand = wanting[random.int(wanting.length)]!;
  const ix = state.ix;
  const target = randomCell(state, demand, random);
  if (!target) return false;
  const [day, slot] = target;
  if (ix.slotMinutes[slot]! > state.left(demand)) return false;
  const used = state.byDemand[demand]!;
  const teacher = used.length && random.int(2) ? used[random.int(used.length)]!.teacher : random.pick(ix.qualified[demand]!);
  const sameDay = state.byDemand[demand]!.find((lesson) => lesson.day === day);
  const room = sameDay && random.int(2) ? sameDay.room : random.pick(ix.fitting[demand]!);
  if (teacher === undefined || room === undefined || !state.openFor(demand, day, slot, teacher, room)) return false;
  const holders = state.holders(demand, day, slot, teacher, room);
  if (holders.length > 2 || holders.some((lesson) => lesson.pinned)) return false;
  for (const lesson of holders) state.remove(lesson);
  if (state.fits(demand, day, slot, teacher, room)) {
    state.add(demand, day, slot, teacher, room);
    return true;
  }
  state.rollback();
  return false;
}

/**
 * A demand's lessons packed again: one or two of them removed, then lessons added at random free times while its
 * hours allow — how 1.5 h and 2 h slots come to add up to exactly the hours left.
 */
export function repack(state: State, random: Random, short: readonly number[]): boolean {
  if (!short.length) return false;
  const demand = short[random.int(short.length)]!;
  const ix = state.ix;
  const lessons = state.byDemand[demand]!.filter((lesson) => !lesson.pinned);
  if (!lessons.length) return false;
  for (let k = 1 + random.int(2); k > 0 && lessons.length; k--) state.remove(lessons.splice(random.int(lessons.length), 1)[0]!);
  const shortest = Math.min(...ix.slotMinutes);
  let added = false;
  for (let tries = 0; tries < 40 && state.left(demand) >= shortest; tries++) {
    const target = randomCell(state, demand, random);
    if (!target) continue;
    const teacher = random.pick(ix.qualified[demand]!);
    const room = random.pick(ix.fitting[demand]!);
    if (state.fits(demand, target[0], target[1], teacher, room)) {
      state.add(demand, target[0], target[1], teacher, room);
      added = true;
    }
  }
  if (added) return true;
  state.rollback();
  return false;
}
