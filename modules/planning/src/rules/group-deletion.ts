/** What still uses a planning group, counted in one pass before deleting it. */
export interface PlanningGroupUsage {
  subscriptions: number;
  lessons: number;
  children: number;
}

export type DeletionBlocker = keyof PlanningGroupUsage;

/**
 * Why a planning group cannot be deleted, most telling first: its students (SPEC §8 "students linked to the
 * planning group"), the lessons planned for it (cancelled ones too: they keep its history) and its child groups.
 */
export function deletionBlockers(usage: PlanningGroupUsage): DeletionBlocker[] {
  return (['subscriptions', 'lessons', 'children'] as const).filter((kind) => usage[kind] > 0);
}
