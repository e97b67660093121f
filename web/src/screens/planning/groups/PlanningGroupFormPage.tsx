// Placeholder: replaced by its owner.
export function PlanningGroupNewPage() {
  return null;
}
export function PlanningGroupEditPage() {
  return null;
}
