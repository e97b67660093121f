import { cell, type Indexed } from './indexed.js';
import type { Scorer } from './score.js';

// The search's mutable state: the proposal's lessons, who holds each resource at each day and slot, the minutes placed
// per demand and taught per teacher, and the soft score kept as parts. A move is a few adds and removes; `commit`
// recomputes the parts they touched, `rollback` puts everything back as it was before the move.

export interface Lesson {
  demand: number;
  day: number;
  slot: number;
  teacher: number;
  room: number;
  start: number;
  end: number;
  pinned: boolean;
  /** Position in `State.live`. */
  pos: number;
}

/** The cost the search lowers: each unplaced hour weighs this much more than any soft penalty of an hour. */
export const UNPLACED_PER_HOUR = 50;

type PartKind = 0 | 1 | 2; // demand, group day, teacher day

export class State {
  readonly live: Lesson[] = [];
  readonly placed: Int32Array;
  readonly taught: Int32Array;
  readonly byDemand: Lesson[][];
  private readonly teacherAt: (Lesson | null)[];
  private readonly groupAt: (Lesson | null)[];
  private readonly roomAt: (Lesson | null)[];
  private readonly groupDays = new Map<number, Lesson[]>();
  private readonly teacherDays = new Map<number, Lesson[]>();
  private readonly parts: [Map<number, number>, Map<number, number>, Map<number, number>] = [new Map(), new Map(), new Map()];
  soft = 0;
  unplaced: number;
  private journal: { add: boolean; lesson: Lesson }[] = [];
  private touched = new Map<string, [PartKind, number]>();
  private saved: [PartKind, number, number][] = [];
  private softBefore = 0;

  constructor(readonly ix: Indexed, readonly scorer: Scorer) {
    const { days, slots } = ix;
    this.placed = new Int32Array(ix.instance.demands.length);
    this.taught = new Int32Array(ix.instance.teachers.length);
    this.byDemand = ix.instance.demands.map(() => []);
    this.teacherAt = new Array<Lesson | null>(ix.instance.teachers.length * days * slots).fill(null);
    this.groupAt = new Array<Lesson | null>(ix.instance.groups.length * days * slots).fill(null);
    this.roomAt = new Array<Lesson | null>(ix.instance.rooms.length * days * slots).fill(null);
    this.unplaced = ix.instance.demands.reduce((sum, demand) => sum + Math.max(0, demand.remainingMinutes), 0);
  }

  get cost(): number {
    return (this.unplaced * UNPLACED_PER_HOUR) / 60 + this.soft;
  }

  /** Minutes the demand may still take. */
  left(demand: number): number {
    return this.ix.instance.demands[demand]!.remainingMinutes - this.placed[demand]!;
  }

  /** Whether the resources are free of planned lessons and unavailabilities (the fixed facts) at that day and slot. */
  openFor(demand: number, day: number, slot: number, teacher: number, room: number): boolean {
    const ix = this.ix;
    const group = ix.demandGroup[demand]!;
    const campus = ix.roomCampus[room]!;
    return ix.open[group]![day] === 1 && campus >= 0 && ix.campusSlot[campus]![slot] === 1 && !ix.groupBlocked[cell(ix, group, day, slot)] && !ix.teacherBlocked[cell(ix, teacher, day, slot)]
      && !ix.roomBlocked[cell(ix, room, day, slot)];
  }

  /** The proposal's lessons that hold the group, the teacher or the room at times overlapping that slot. */
  holders(demand: number, day: number, slot: number, teacher: number, room: number): Lesson[] {
    const ix = this.ix;
    const found: Lesson[] = [];
    const group = ix.demandGroup[demand]!;
    for (const s of ix.slotOverlaps[slot]!) {
      for (const lesson of [this.groupAt[cell(ix, group, day, s)], this.teacherAt[cell(ix, teacher, day, s)], this.roomAt[cell(ix, room, day, s)]]) {
        if (lesson && !found.includes(lesson)) found.push(lesson);
      }
    }
    return found;
  }

  /** Whether a lesson may go there now: open, nobody holds anything, within the remaining hours and the contract cap. */
  fits(demand: number, day: number, slot: number, teacher: number, room: number): boolean {
    const minutes = this.ix.slotMinutes[slot]!;
    return minutes <= this.left(demand) && this.taught[teacher]! + minutes <= this.ix.cap[teacher]!
      && this.openFor(demand, day, slot, teacher, room) && this.holders(demand, day, slot, teacher, room).length === 0;
  }

  add(demand: number, day: number, slot: number, teacher: number, room: number, pinned = false): Lesson {
    const lesson: Lesson = { demand, day, slot, teacher, room, start: this.ix.slotStart[slot]!, end: this.ix.slotEnd[slot]!, pinned, pos: -1 };
    this.insert(lesson);
    return lesson;
  }

  remove(lesson: Lesson): void {
    this.touch(lesson);
    this.detach(lesson);
    this.journal.push({ add: false, lesson });
  }

  private insert(lesson: Lesson): void {
    this.touch(lesson);
    this.attach(lesson);
    this.journal.push({ add: true, lesson });
  }

  /** Recomputes the parts the move touched (remembering their old values for `rollback`); answers the new cost. */
  evaluate(): number {
    const ix = this.ix;
    this.softBefore = this.soft;
    for (const [kind, key] of this.touched.values()) {
      const map = this.parts[kind];
      const before = map.get(key) ?? 0;
      let after: number;
      if (kind === 0) after = this.scorer.demand(key, this.byDemand[key]!);
      else if (kind === 1) after = this.scorer.groupDay(Math.floor(key / ix.days), key % ix.days, this.groupDays.get(key) ?? []);
      else after = this.scorer.teacherDay(Math.floor(key / ix.days), key % ix.days, this.teacherDays.get(key) ?? []);
      this.saved.push([kind, key, before]);
      map.set(key, after);
      this.soft += after - before;
    }
    this.touched.clear();
    return this.cost;
  }

  /** Keeps the move. */
  accept(): void {
    this.journal = [];
    this.saved = [];
  }

  /** Evaluates and keeps the move (the construction's way). */
  commit(): number {
    const cost = this.evaluate();
    this.accept();
    return cost;
  }

  /** Undoes the move since the last accept: lessons, parts and soft score as they were. */
  rollback(): void {
    for (let i = this.journal.length - 1; i >= 0; i--) {
      const { add, lesson } = this.journal[i]!;
      if (add) this.detach(lesson);
      else this.attach(lesson);
    }
    if (this.saved.length) {
      for (let i = this.saved.length - 1; i >= 0; i--) {
        const [kind, key, value] = this.saved[i]!;
        this.parts[kind].set(key, value);
      }
      this.soft = this.softBefore;
    }
    this.journal = [];
    this.saved = [];
    this.touched.clear();
  }

  private touch(lesson: Lesson): void {
    const ix = this.ix;
    const keys: [PartKind, number][] = [[0, lesson.demand], [1, ix.demandGroup[lesson.demand]! * ix.days + lesson.day], [2, lesson.teacher * ix.days + lesson.day]];
    for (const [kind, key] of keys) this.touched.set(`${kind} ${key}`, [kind, key]);
  }

  private attach(lesson: Lesson): void {
    const ix = this.ix;
    const group = ix.demandGroup[lesson.demand]!;
    lesson.pos = this.live.length;
    this.live.push(lesson);
    this.teacherAt[cell(ix, lesson.teacher, lesson.day, lesson.slot)] = lesson;
    this.groupAt[cell(ix, group, lesson.day, lesson.slot)] = lesson;
    this.roomAt[cell(ix, lesson.room, lesson.day, lesson.slot)] = lesson;
    const minutes = ix.slotMinutes[lesson.slot]!;
    this.placed[lesson.demand]! += minutes;
    this.taught[lesson.teacher]! += minutes;
    this.unplaced -= minutes;
    this.byDemand[lesson.demand]!.push(lesson);
    listOf(this.groupDays, group * ix.days + lesson.day).push(lesson);
    listOf(this.teacherDays, lesson.teacher * ix.days + lesson.day).push(lesson);
  }

  private detach(lesson: Lesson): void {
    const ix = this.ix;
    const group = ix.demandGroup[lesson.demand]!;
    const last = this.live.pop()!;
    if (last !== lesson) {
      this.live[lesson.pos] = last;
      last.pos = lesson.pos;
    }
    lesson.pos = -1;
    this.teacherAt[cell(ix, lesson.teacher, lesson.day, lesson.slot)] = null;
    this.groupAt[cell(ix, group, lesson.day, lesson.slot)] = null;
    this.roomAt[cell(ix, lesson.room, lesson.day, lesson.slot)] = null;
    const minutes = ix.slotMinutes[lesson.slot]!;
    this.placed[lesson.demand]! -= minutes;
    this.taught[lesson.teacher]! -= minutes;
    this.unplaced += minutes;
    drop(this.byDemand[lesson.demand]!, lesson);
    drop(listOf(this.groupDays, group * ix.days + lesson.day), lesson);
    drop(listOf(this.teacherDays, lesson.teacher * ix.days + lesson.day), lesson);
  }
}

function listOf(map: Map<number, Lesson[]>, key: number): Lesson[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}

function drop(list: Lesson[], lesson: Lesson): void {
  const at = list.indexOf(lesson);
  if (at >= 0) list.splice(at, 1);
}
