// Placeholder: replaced by its owner.
export function PlanningGroupPage() {
  return null;
}
