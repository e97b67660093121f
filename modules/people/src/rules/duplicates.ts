import { firstNamePattern, lastNamePattern, normalizeName, normalizeSiret, sameText, wildcard } from '@alterna/core';

/**
 * SPEC §5 duplicate matching, on top of the core's helpers: the SQL side gets ILIKE patterns, the rows it
 * brings back are then narrowed here (the current record excluded, the strict flag applied).
 */

/** A lookup of people by name or e-mail; `excludeId` is the record being edited. */
export interface PersonLookup {
  strict?: boolean | null;
  excludeId?: string | null;
}

export interface NamedPerson {
  id: string;
  firstName: string;
  lastName: string;
}

/** Characters ILIKE would read as wildcards are searched for as such (an e-mail often holds an underscore). */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** ILIKE patterns of a name lookup: last name cut at the first dash or space, first names joined with %. */
export function namePatterns(lastName: string, firstName: string): { lastName: string; firstName: string } {
  return { lastName: lastNamePattern(escapeLike(lastName)), firstName: firstNamePattern(escapeLike(firstName)) };
}

/** ILIKE pattern of an e-mail lookup: the trimmed address wrapped in % wildcards. */
export function emailPattern(email: string): string {
  return wildcard(escapeLike(normalizeName(email)));
}

/** The rows that count as duplicates of a name: not the record itself, and exact names only when strict. */
export function keepNameMatches<T extends NamedPerson>(rows: T[], lastName: string, firstName: string, lookup: PersonLookup = {}): T[] {
  return rows.filter((row) => row.id !== lookup.excludeId && (!lookup.strict || (sameText(row.lastName, lastName) && sameText(row.firstName, firstName))));
}

/** The rows that count as duplicates of an e-mail: not the record itself, and the same address only when strict. */
export function keepEmailMatches<T extends { id: string; email: string }>(rows: T[], email: string, lookup: PersonLookup = {}): T[] {
  return rows.filter((row) => row.id !== lookup.excludeId && (!lookup.strict || sameText(row.email, email)));
}

/** What a corporation is compared on: SIRET without spaces or dashes, name trimmed and without case. */
export interface CorporationKey {
  id: string;
  name: string;
  siret: string | null;
}

/** Which fields of a new or edited corporation clash with existing ones (SPEC §5: SIRET or name is rejected). */
export function corporationClashes(existing: CorporationKey[], input: { name: string; siret: string | null }, excludeId: string | null = null): ('siret' | 'name')[] {
  const others = existing.filter((row) => row.id !== excludeId);
  const siret = input.siret ? normalizeSiret(input.siret) : null;
  const clashes: ('siret' | 'name')[] = [];
  if (siret && others.some((row) => row.siret !== null && normalizeSiret(row.siret) === siret)) clashes.push('siret');
  if (others.some((row) => sameText(row.name, input.name))) clashes.push('name');
  return clashes;
}

/** Normalised name and SIRET, as stored and as looked up. */
export function corporationKeys(input: { name: string; siret: string | null }): { name: string; siret: string | null } {
  return { name: normalizeName(input.name), siret: input.siret ? normalizeSiret(input.siret) || null : null };
}
