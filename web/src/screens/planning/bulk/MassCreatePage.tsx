// Placeholder: replaced by its owner.
export function MassCreatePage() {
  return null;
}
