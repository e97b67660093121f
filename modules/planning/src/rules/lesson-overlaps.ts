/** A period held or probed under a key (a room, a teacher, a planning group) by the slot at `index` of a list. */
export interface HeldPeriod {
  index: number;
  key: string;
  start: number;
  end: number;
}

/**
 * Which held periods each probe overlaps (half-open periods, never the probe's own slot): a sorted sweep per
 * key, with a binary search and a walk back bounded by the longest period of that key, so a list of
 * thousands of slots stays O(n log n).
 */
export function overlappingPairs(held: HeldPeriod[], probes: HeldPeriod[]): { probe: HeldPeriod; held: HeldPeriod }[] {
  const byKey = new Map<string, { periods: HeldPeriod[]; longest: number }>();
  for (const period of held) {
    const entry = byKey.get(period.key) ?? { periods: [], longest: 0 };
    entry.periods.push(period);
    entry.longest = Math.max(entry.longest, period.end - period.start);
    byKey.set(period.key, entry);
  }
  for (const entry of byKey.values()) entry.periods.sort((a, b) => a.start - b.start);

  const pairs: { probe: HeldPeriod; held: HeldPeriod }[] = [];
  for (const probe of probes) {
    const entry = byKey.get(probe.key);
    if (!entry) continue;
    const { periods, longest } = entry;
    // Last period starting before the probe ends.
    let low = 0;
    let high = periods.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (periods[middle]!.start < probe.end) low = middle + 1;
      else high = middle;
    }
    for (let i = low - 1; i >= 0; i -= 1) {
      const other = periods[i]!;
      if (other.start + longest <= probe.start) break;
      if (other.end > probe.start && other.index !== probe.index) pairs.push({ probe, held: other });
    }
  }
  return pairs;
}

/**
 * The keys a slot's planning groups collide with: each group, its parent and its children (one level up
 * and down), from the parent of every group involved.
 */
export function groupFamilies(parentOf: ReadonlyMap<string, string | null>): (groupIds: readonly string[]) => Set<string> {
  const childrenOf = new Map<string, string[]>();
  for (const [child, parent] of parentOf) if (parent) childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), child]);
  return (groupIds) => {
    const family = new Set<string>(groupIds);
    for (const id of groupIds) {
      const parent = parentOf.get(id);
      if (parent) family.add(parent);
      for (const child of childrenOf.get(id) ?? []) family.add(child);
    }
    return family;
  };
}
