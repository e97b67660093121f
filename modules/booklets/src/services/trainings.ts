/**
 * What booklets asks of the trainings module, typed here: importing its index for the type would pull every
 * server module into the web client's type check (the web imports this module's types).
 */
export interface TrainingCampuses {
  trainings: { campusesOf(ids: readonly string[]): Promise<Map<string, string[]>> };
}
