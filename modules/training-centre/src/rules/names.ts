/** Names are compared the way a person reads them: trimmed, spaces collapsed, case and accents ignored. */
export function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLocaleLowerCase('fr');
}

export function cleanName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/** Indexes of the entries whose name repeats an earlier entry of the list. */
export function repeatedNames(names: string[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  names.forEach((name, index) => {
    const key = nameKey(name);
    if (seen.has(key)) repeated.push(index);
    seen.add(key);
  });
  return repeated;
}

/** Whether `name` is already used by a sibling other than `exceptId`. */
export function nameTaken(name: string, siblings: { id: string; name: string }[], exceptId?: string | null): boolean {
  const key = nameKey(name);
  return siblings.some((sibling) => sibling.id !== exceptId && nameKey(sibling.name) === key);
}
