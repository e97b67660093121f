import { ValidationError, validate, type Actor, type Translate, type Violation } from '@alterna/core';
import { gradeScaleSchema } from '../validation/index.js';
import type { ServiceContext } from './context.js';
import type { TrainingsService } from './trainings.js';
import type { GradeScaleElement, Training } from './types.js';

/** Grade scales belong to a training (the same marks weigh the same on every campus offering it). */
export interface GradeScalesService {
  get(actor: Actor | null, trainingId: string): Promise<{ training: Training; elements: GradeScaleElement[] }>;
  /**
   * Saves the elements, each with a coefficient greater than 0 (SPEC §5). An element sent with its id is
   * updated in place (exams and appraisals of the marks module stay tied to it), one without an id is
   * added, one left out is deleted; an id that is not an element of this training is refused.
   */
  save(actor: Actor | null, trainingId: string, input: unknown, t: Translate): Promise<{ training: Training; elements: GradeScaleElement[] }>;
}

export function gradeScalesService(ctx: ServiceContext, deps: { trainings: TrainingsService }): GradeScalesService {
  const { knex } = ctx.core;
  const elementsOf = async (trainingId: string): Promise<GradeScaleElement[]> =>
    (await knex('grade_scale_elements').select('id', 'name', 'coefficient').where('training_id', trainingId).orderBy(['position', 'id'])).map(
      (row: { id: string; name: string; coefficient: number }) => ({ id: row.id, uuid: row.id, name: row.name, coefficient: Number(row.coefficient) }),
    );
  const service: GradeScalesService = {
    async get(actor, trainingId) {
      const training = await deps.trainings.get(actor, trainingId);
      return { training, elements: await elementsOf(trainingId) };
    },
    async save(actor, trainingId, input, t) {
      await deps.trainings.assertCanChange(actor, trainingId);
      const value = await validate(gradeScaleSchema, input, t);
      const rows = value.elements.map((element, position) => ({ id: element.id ?? null, name: element.name, coefficient: element.coefficient, position }));
      await knex.transaction(async (trx) => {
        // One save of a training's scale at a time: the ids checked below are still its elements when written.
        await trx('trainings').where('id', trainingId).forNoKeyUpdate().first('id');
        const known = new Set<string>(await trx('grade_scale_elements').where('training_id', trainingId).pluck('id'));
        const seen = new Set<string>();
        const violations: Violation[] = [];
        rows.forEach((row, i) => {
          if (row.id === null) return;
          // uuids are compared as PostgreSQL writes them (lower case).
          const id = row.id.toLowerCase();
          if (!known.has(id)) violations.push({ path: `elements[${i}].id`, message: t('trainings.gradeScale.elementUnknown') });
          else if (seen.has(id)) violations.push({ path: `elements[${i}].id`, message: t('trainings.gradeScale.elementTwice') });
          seen.add(id);
          row.id = id;
        });
        if (violations.length) throw new ValidationError(violations);

        const kept = rows.filter((row): row is typeof row & { id: string } => row.id !== null);
        const added = rows.filter((row) => row.id === null);
        // The elements left out go (the marks module unties their exams and drops their appraisals).
        await trx.raw('DELETE FROM grade_scale_elements WHERE training_id = ? AND id <> ALL(?::uuid[])', [trainingId, kept.map((row) => row.id)]);
        if (kept.length) {
          await trx.raw(
            `UPDATE grade_scale_elements AS e SET name = v.name, coefficient = v.coefficient, position = v.position
             FROM unnest(?::uuid[], ?::text[], ?::numeric[], ?::integer[]) AS v(id, name, coefficient, position)
             WHERE e.id = v.id AND e.training_id = ?`,
            [kept.map((row) => row.id), kept.map((row) => row.name), kept.map((row) => row.coefficient), kept.map((row) => row.position), trainingId],
          );
        }
        if (added.length) {
          await trx('grade_scale_elements').insert(added.map((row) => ({ training_id: trainingId, name: row.name, coefficient: row.coefficient, position: row.position })));
        }
      });
      return service.get(actor, trainingId);
    },
  };
  return service;
}
