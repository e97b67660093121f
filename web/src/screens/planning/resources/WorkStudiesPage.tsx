// Placeholder: replaced by its owner.
export function WorkStudiesPage() {
  return null;
}
