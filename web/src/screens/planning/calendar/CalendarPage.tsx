// Placeholder: replaced by its owner.
export function CalendarPage() {
  return null;
}
