// Placeholder: replaced by its owner.
export function OccupancyHomePage() {
  return null;
}
export function OccupancyPage() {
  return null;
}
