const collator = new Intl.Collator('fr', { sensitivity: 'base' });

/**
 * People are listed by last name, then first name, in French order whatever the database collation
 * (PostgreSQL's and PGlite's differ on accents and punctuation); the id settles ties.
 */
export function byName(a: { lastName: string; firstName: string; id: string }, b: { lastName: string; firstName: string; id: string }): number {
  return collator.compare(a.lastName, b.lastName) || collator.compare(a.firstName, b.firstName) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
