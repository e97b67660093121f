// Placeholder: replaced by its owner.
export function TrainerConstraintsPage() {
  return null;
}
