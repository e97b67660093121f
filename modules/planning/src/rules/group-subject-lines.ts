/** Subjects of the saved table that the new table no longer holds (a line removed or its subject changed). */
export function removedSubjects(before: readonly string[], after: readonly string[]): string[] {
  const kept = new Set(after);
  return [...new Set(before)].filter((subject) => !kept.has(subject));
}

/** Index of each line whose subject already appears on an earlier line. */
export function repeatedSubjectLines(subjects: readonly (string | null | undefined)[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  subjects.forEach((subject, index) => {
    if (!subject) return;
    if (seen.has(subject)) repeated.push(index);
    seen.add(subject);
  });
  return repeated;
}
