import { cell } from './indexed.js';
import type { State } from './state.js';
import type { Explanation } from './types.js';

// Why a demand's hours were left unplaced: the first binding fact found, from the plainest (no school day, nobody
// qualified, no room big enough) to the tightest (the group, the teachers or the rooms have fewer free hours than the
// hours to place), and last what only the proposal shows (they are never free together) or the search's end.

/** One explanation per demand with hours left unplaced, in the demands' order. */
export function explain(state: State): Explanation[] {
  const ix = state.ix;
  const { instance } = ix;
  const shortest = Math.min(...ix.slotMinutes);
  const explanations: Explanation[] = [];
  instance.demands.forEach((demand, d) => {
    const unplaced = state.left(d);
    if (unplaced <= 0) return;
    const g = ix.demandGroup[d]!;
    const group = instance.groups[g];
    const campus = instance.campuses.find((c) => c.id === group?.campusId);
    const base = { subject: demand.subjectName, group: group?.name ?? demand.groupId };
    const say = (reason: Explanation['reason'], params: Record<string, string | number> = {}) =>
      explanations.push({ demandId: demand.id, groupId: demand.groupId, subjectId: demand.subjectId, unplacedMinutes: unplaced, reason, params: { ...base, ...params } });
    const open = ix.open[g];
    if (!group || !open || !open.some(Boolean)) return say('noSchoolDay');
    const qualified = ix.qualified[d]!;
    const fitting = ix.fitting[d]!;
    if (!qualified.length) return say('noTeacher');
    if (!fitting.length) return say('noRoom', { size: group.size, campus: campus?.name ?? group.campusId });
    if (unplaced < shortest) return say('slotLength', { hours: shortest / 60 });
    const need = demand.remainingMinutes;
    // The group's own free time in its school days, against all its subjects' remaining hours.
    const groupNeed = instance.demands.reduce((sum, other, o) => sum + (ix.demandGroup[o] === g ? Math.max(0, other.remainingMinutes) : 0), 0);
    let groupFree = 0;
    const weeks = new Set<number>();
    const roomFreeByWeekday = new Map<number, number>();
    const teacherFree = new Map<number, number>();
    for (let day = 0; day < ix.days; day++) {
      if (!open[day]) continue;
      const weekday = instance.days[day]!.weekday;
      if (!roomFreeByWeekday.has(weekday)) roomFreeByWeekday.set(weekday, 0);
      for (const slot of ix.groupSlots[g]!) {
        if (ix.groupBlocked[cell(ix, g, day, slot)]) continue;
        const minutes = ix.slotMinutes[slot]!;
        groupFree += minutes;
        weeks.add(instance.days[day]!.week);
        for (const t of qualified) if (!ix.teacherBlocked[cell(ix, t, day, slot)]) teacherFree.set(t, (teacherFree.get(t) ?? 0) + minutes);
        if (fitting.some((r) => !ix.roomBlocked[cell(ix, r, day, slot)])) roomFreeByWeekday.set(weekday, roomFreeByWeekday.get(weekday)! + minutes);
      }
    }
    if (groupFree < need || groupFree < groupNeed) return say('groupTime', { weeks: weeks.size, hours: groupFree / 60 });
    const available = qualified.reduce((sum, t) => sum + (teacherFree.get(t) ?? 0), 0);
    if (available < need) return say('teacherTime', { count: qualified.length, hours: available / 60 });
    const capLeft = qualified.reduce((sum, t) => sum + Math.max(0, ix.cap[t]! - state.taught[t]!), 0);
    const caps = qualified.reduce((sum, t) => sum + ix.cap[t]!, 0);
    if (capLeft < shortest || caps < need) return say('teacherCap', { count: qualified.length, hours: caps / 60 });
    const roomFree = [...roomFreeByWeekday.values()].reduce((sum, minutes) => sum + minutes, 0);
    if (roomFree < need) {
      const none = [...roomFreeByWeekday].filter(([, minutes]) => minutes === 0).map(([weekday]) => weekday).sort();
      if (none.length) return say('roomWeekdays', { size: group.size, campus: campus?.name ?? group.campusId, weekdays: none.join(',') });
      return say('roomTime', { size: group.size, campus: campus?.name ?? group.campusId, hours: roomFree / 60 });
    }
    // What the proposal leaves: a time when the group, a qualified teacher with hours left and a fitting room are free.
    for (let day = 0; day < ix.days; day++) {
      if (!open[day]) continue;
      for (const slot of ix.groupSlots[g]!) {
        if (ix.slotMinutes[slot]! > unplaced) continue;
        for (const t of qualified) for (const r of fitting) if (state.fits(d, day, slot, t, r)) return say('stopped');
      }
    }
    return say('together');
  });
  return explanations;
}
