import * as highsPackage from 'highs';
import type { Instance, PlacedLesson } from '@alterna/placement';

// The exact optimum of a small placement instance, for the bench's gap: the same hard rules and the same soft score
// as the solver's (`softScore`, default weights), written as a MILP in CPLEX LP text and solved by HiGHS (WebAssembly).
// Its objective is the search's cost: each unplaced hour weighs UNPLACED_PER_HOUR, plus the soft score. Only for
// instances without planned lessons and with time slots that do not overlap — what the bench's small planted ones are.

/** As the solver's search weighs an unplaced hour (modules/placement, services/solver/state.ts). */
export const UNPLACED_PER_HOUR = 50;
const W = { spread: 1, dailyMax: 4, groupGaps: 2, teacherGaps: 1, teacherSites: 4, groupRooms: 1, pattern: 1, maxSubjectMinutesPerDay: 4 * 60 };

interface Candidate {
  name: string;
  demand: number;
  day: number;
  slot: number;
  teacher: number;
  room: number;
  minutes: number;
}

export interface Optimum {
  status: string;
  objective: number;
  lessons: PlacedLesson[];
  seconds: number;
}

/** Solves the instance exactly (within `timeLimitS`); the lessons are those of the best solution found. */
export async function placementOptimum(instance: Instance, timeLimitS: number): Promise<Optimum> {
  if (instance.fixed.length || instance.pinned.length) throw new Error('the MILP takes instances without planned or pinned lessons');
  const { days, slots, groups, teachers, rooms, demands, campuses } = instance;
  const order = slots.map((_s, i) => i).sort((a, b) => slots[a]!.start - slots[b]!.start);
  const minutes = slots.map((s) => s.end - s.start);
  const groupOf = demands.map((d) => groups.findIndex((g) => g.id === d.groupId));
  const open = groups.map((g) => {
    const closed = new Set(campuses.find((c) => c.id === g.campusId)?.closedDays ?? []);
    return new Set(g.schoolDays.filter((day) => !closed.has(day)));
  });
  const candidates: Candidate[] = [];
  demands.forEach((demand, d) => {
    const group = groups[groupOf[d]!]!;
    for (const day of open[groupOf[d]!]!) {
      slots.forEach((slot, s) => {
        if (slot.campusIds && !slot.campusIds.includes(group.campusId)) return;
        teachers.forEach((teacher, t) => {
          if (!teacher.subjectIds.includes(demand.subjectId)) return;
          if (teacher.unavailable.some((busy) => busy.day === day && busy.start < slot.end && slot.start < busy.end)) return;
          rooms.forEach((room, r) => {
            if (room.campusId === group.campusId && room.capacity >= group.size) candidates.push({ name: `x${candidates.length}`, demand: d, day, slot: s, teacher: t, room: r, minutes: minutes[s]! });
          });
        });
      });
    }
  });
  const objective: string[] = [];
  const rows: string[] = [];
  const generals: string[] = [];
  let aux = 0;
  const fresh = (prefix: string) => `${prefix}${aux++}`;
  const sum = (terms: string[]) => (terms.length ? terms.join(' + ') : '0 x0');
  /** Terms subtracted, each one (`- 120 x1 - 90 x2`). */
  const minus = (terms: string[]) => terms.map((term) => `- ${term}`).join(' ');
  const groupBy = <K>(key: (c: Candidate) => K) => {
    const map = new Map<string, Candidate[]>();
    for (const c of candidates) {
      const k = JSON.stringify(key(c));
      map.set(k, [...(map.get(k) ?? []), c]);
    }
    return map;
  };
  // Hard rules: one lesson per group, teacher and room at a time; every demand's minutes exactly; contract caps.
  for (const key of [(c: Candidate) => ['g', groupOf[c.demand], c.day, c.slot], (c: Candidate) => ['t', c.teacher, c.day, c.slot], (c: Candidate) => ['r', c.room, c.day, c.slot]]) {
    for (const list of groupBy(key).values()) if (list.length > 1) rows.push(`${sum(list.map((c) => c.name))} <= 1`);
  }
  // The demand's placed minutes, at most its remaining ones; each minute short costs UNPLACED_PER_HOUR / 60.
  demands.forEach((demand, d) => {
    const placed = candidates.filter((c) => c.demand === d).map((c) => `${c.minutes} ${c.name}`);
    const short = fresh('u');
    rows.push(`${sum(placed)} <= ${demand.remainingMinutes}`, `${short} + ${sum(placed)} >= ${demand.remainingMinutes}`);
    objective.push(`${UNPLACED_PER_HOUR / 60} ${short}`);
  });
  teachers.forEach((teacher, t) => {
    const list = candidates.filter((c) => c.teacher === t);
    if (list.length) rows.push(`${sum(list.map((c) => `${c.minutes} ${c.name}`))} <= ${teacher.capMinutes}`);
  });
  // Soft rules, as the solver scores them.
  demands.forEach((demand, d) => {
    const mine = candidates.filter((c) => c.demand === d);
    const weeks = [...new Set([...open[groupOf[d]!]!].map((day) => days[day]!.week))];
    // |a week's minutes − the placed minutes / the weeks|, times the weeks: 60·n·e ≥ ±(n·week's minutes − placed minutes).
    const n = weeks.length;
    for (const week of weeks) {
      const e = fresh('e');
      const terms = (sign: number) => mine.map((c) => {
        const coefficient = sign * c.minutes * ((days[c.day]!.week === week ? n : 0) - 1);
        return `${coefficient >= 0 ? '+' : '-'} ${Math.abs(coefficient)} ${c.name}`;
      }).join(' ');
      rows.push(`${60 * n} ${e} ${terms(-1)} >= 0`, `${60 * n} ${e} ${terms(1)} >= 0`);
      objective.push(`${W.spread} ${e}`);
    }
    for (const list of [...new Set(mine.map((c) => c.day))].map((day) => mine.filter((c) => c.day === day))) {
      const o = fresh('o');
      rows.push(`60 ${o} ${minus(list.map((c) => `${c.minutes} ${c.name}`))} >= ${-W.maxSubjectMinutesPerDay}`);
      objective.push(`${W.dailyMax} ${o}`);
    }
    const patterns = [...groupBy((c) => (c.demand === d ? [days[c.day]!.weekday, c.slot] : null)).entries()].filter(([k]) => k !== 'null').map(([, list]) => list);
    const ys = patterns.map((list) => {
      const y = fresh('y');
      for (const c of list) rows.push(`${y} - ${c.name} >= 0`);
      return y;
    });
    const k = fresh('k');
    const p = fresh('p');
    generals.push(k);
    rows.push(`${weeks.length} ${k} ${minus(mine.map((c) => c.name))} <= ${weeks.length - 1}`, `${p} + ${k} ${minus(ys)} >= 0`);
    objective.push(`${W.pattern} ${p}`);
  });
  /** Gaps of a resource's day (free slots between its first and last lesson) and its distinct rooms or campuses. */
  const dayRules = (list: Candidate[], gapWeight: number, distinctOf: (c: Candidate) => number, distinctWeight: number) => {
    const occupied = order.map((s) => list.filter((c) => c.slot === s).map((c) => c.name));
    order.forEach((_s, i) => {
      if (i === 0 || i === order.length - 1) return;
      const before = occupied.slice(0, i).flat();
      const after = occupied.slice(i + 1).flat();
      if (!before.length || !after.length) return;
      const [a, b, gap] = [fresh('a'), fresh('b'), fresh('gap')];
      for (const x of before) rows.push(`${a} - ${x} >= 0`);
      for (const x of after) rows.push(`${b} - ${x} >= 0`);
      rows.push(`${gap} - ${a} - ${b}${occupied[i]!.length ? ` + ${sum(occupied[i]!)}` : ''} >= -1`);
      objective.push(`${(gapWeight * minutes[order[i]!]!) / 60} ${gap}`);
    });
    const kinds = [...new Set(list.map(distinctOf))];
    if (kinds.length > 1) {
      const zs = kinds.map((kind) => {
        const z = fresh('z');
        for (const c of list.filter((c) => distinctOf(c) === kind)) rows.push(`${z} - ${c.name} >= 0`);
        return z;
      });
      const q = fresh('q');
      rows.push(`${q} ${minus(zs)} >= -1`);
      objective.push(`${distinctWeight} ${q}`);
    }
  };
  for (const list of groupBy((c) => [groupOf[c.demand], c.day]).values()) dayRules(list, W.groupGaps, (c) => c.room, W.groupRooms);
  for (const list of groupBy((c) => [c.teacher, c.day]).values()) dayRules(list, W.teacherGaps, (c) => campuses.findIndex((campus) => campus.id === rooms[c.room]!.campusId), W.teacherSites);
  const text = [
    'Minimize', ` obj: ${sum(objective)}`, 'Subject To', ...rows.map((row, i) => ` c${i}: ${row}`),
    'Binaries', ` ${candidates.map((c) => c.name).join(' ')}`, ...(generals.length ? ['Generals', ` ${generals.join(' ')}`] : []), 'End',
  ].join('\n');
  // Node loads the package's ES module, whose default is the loader; its types are read as CommonJS, where the loader
  // is the default of the default.
  const load = highsPackage.default as unknown as (typeof highsPackage.default)['default'];
  const highs = await load();
  const started = performance.now();
  const result = highs.solve(text, { output_flag: false, time_limit: timeLimitS });
  const seconds = (performance.now() - started) / 1000;
  const chosen = result.Status === 'Infeasible' ? [] : candidates.filter((c) => (result.Columns[c.name]?.Primal ?? 0) > 0.5);
  return {
    status: result.Status, objective: result.ObjectiveValue, seconds,
    lessons: chosen.map((c) => ({ demandId: demands[c.demand]!.id, day: c.day, slotId: slots[c.slot]!.id, teacherId: teachers[c.teacher]!.id, roomId: rooms[c.room]!.id })),
  };
}
