// Placeholder: replaced by its owner.
export function MassEditPage() {
  return null;
}
