// Placeholder: replaced by its owner.
export function PlanningProgressPage() {
  return null;
}
