/**
 * Duplicate matching rules of SPEC §5, shared by every module that warns about or rejects duplicates
 * (actors, students, corporations, teacher companies).
 */

/** SIRET with spaces and dashes removed. */
export function normalizeSiret(siret: string): string {
  return siret.replace(/[\s-]+/g, '');
}

/** A name trimmed (inner spaces kept). */
export function normalizeName(name: string): string {
  return name.trim();
}

/** A search term wrapped in % wildcards, for ILIKE. */
export function wildcard(term: string): string {
  return `%${term}%`;
}

/** First names are joined with % in place of dashes and spaces: "Jean-Marc" also finds "Jean Marc". */
export function firstNamePattern(firstName: string): string {
  return wildcard(normalizeName(firstName).split(/[\s-]+/).filter(Boolean).join('%'));
}

/** Last names are cut at the first dash or space: "Martin-Dupont" finds every "Martin…". */
export function lastNamePattern(lastName: string): string {
  return wildcard(normalizeName(lastName).split(/[\s-]/)[0] ?? '');
}

/** With the strict flag only exact case-insensitive matches count. */
export function sameText(a: string, b: string): boolean {
  return normalizeName(a).toLocaleLowerCase('fr') === normalizeName(b).toLocaleLowerCase('fr');
}
