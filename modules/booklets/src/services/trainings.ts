/**
 * What booklets asks of the trainings module: each training's campuses. Handed in by services/index.ts, which calls
 * core.module('trainings'): the files the web's types reach (items, thesis) must not name another module's
 * services, whose registry would pull every server module into the web client's type check.
 */
export type TrainingCampuses = (trainingIds: readonly string[]) => Promise<Map<string, string[]>>;
