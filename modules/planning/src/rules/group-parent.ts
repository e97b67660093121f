/**
 * Whether making `parentId` the parent of `groupId` would close a loop: walking up from the new parent
 * reaches the group itself. `parentOf` maps each group of the campus to its current parent.
 */
export function createsCycle(groupId: string | null, parentId: string | null, parentOf: ReadonlyMap<string, string | null>): boolean {
  if (!parentId || !groupId) return false;
  const seen = new Set<string>();
  for (let current: string | null = parentId; current; current = parentOf.get(current) ?? null) {
    if (current === groupId) return true;
    // A loop already in the data (never written by this code) must not hang the check.
    if (seen.has(current)) return true;
    seen.add(current);
  }
  return false;
}

/** The groups below `groupId` (children, grandchildren…): none of them may become its parent. */
export function descendantsOf(groupId: string, parentOf: ReadonlyMap<string, string | null>): Set<string> {
  const below = new Set<string>();
  for (const candidate of parentOf.keys()) if (candidate !== groupId && createsCycle(groupId, candidate, parentOf)) below.add(candidate);
  return below;
}
