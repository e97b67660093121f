// Campus rules of a record that spans campuses (a training offered on several, a student registered on several): one
// definition for every module. The campuses an actor holds a permission on are the permission matrix's.

/** A record is seen when one of its campuses is among the actor's. */
export function seesRecord(recordCampuses: readonly string[], campuses: readonly string[]): boolean {
  return recordCampuses.some((id) => campuses.includes(id));
}

/** A record is changed only when all its campuses (one at least) are the actor's: a change never reaches a campus it does not run. */
export function changesRecord(recordCampuses: readonly string[], campuses: readonly string[]): boolean {
  return recordCampuses.length > 0 && recordCampuses.every((id) => campuses.includes(id));
}

/** The campuses asked for that the actor may see, each once; none asked means all of the actor's. */
export function narrowCampuses(asked: readonly string[] | null | undefined, allowed: readonly string[]): string[] {
  return asked ? [...new Set(asked)].filter((id) => allowed.includes(id)) : [...allowed];
}
