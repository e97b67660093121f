/**
 * Campus rules of things that span campuses. A training is offered on several campuses: an actor sees it
 * when one of them is theirs, and may change it (or its plan and grade scale) only when all of them are,
 * so that a change never reaches a campus the actor does not run.
 */
export function isTrainingVisible(trainingCampuses: readonly string[], readCampuses: readonly string[]): boolean {
  return trainingCampuses.some((id) => readCampuses.includes(id));
}

export function canChangeTraining(trainingCampuses: readonly string[], changeCampuses: readonly string[]): boolean {
  return trainingCampuses.length > 0 && trainingCampuses.every((id) => changeCampuses.includes(id));
}

/** The campuses asked for that the actor may see; none asked means all of the actor's. */
export function scopeCampuses(asked: readonly string[] | null | undefined, allowed: readonly string[]): string[] {
  return asked ? [...new Set(asked)].filter((id) => allowed.includes(id)) : [...allowed];
}
