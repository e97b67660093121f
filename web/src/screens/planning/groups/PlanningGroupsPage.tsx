// Placeholder: replaced by its owner.
export function PlanningGroupsPage() {
  return null;
}
