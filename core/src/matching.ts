/**
 * Duplicate matching rules of SPEC §5, shared by every module that warns about or rejects duplicates
 * (actors, students, corporations, teacher companies).
 */

/** SIRET with spaces and dashes removed. */
export function normalizeSiret(siret: string): string {
  return siret.replace(/[\s-]+/g, '');
}

/** La Poste's establishments share one SIREN whose SIRETs follow their own key (digit sum a multiple of 5). */
const laPosteSiren = '356000000';

/**
 * A SIRET as the INSEE issues it: 14 digits once spaces and dashes are removed (SPEC §5), with a valid
 * Luhn key, or La Poste's own rule for its SIREN.
 */
export function isValidSiret(siret: string): boolean {
  const digits = normalizeSiret(siret);
  if (!/^\d{14}$/.test(digits)) return false;
  if (luhn(digits)) return true;
  return digits.startsWith(laPosteSiren) && [...digits].reduce((sum, d) => sum + Number(d), 0) % 5 === 0;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
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
