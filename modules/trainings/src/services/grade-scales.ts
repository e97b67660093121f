import crypto from 'node:crypto';
import { validate, type Actor, type Translate } from '@alterna/core';
import { gradeScaleSchema } from '../validation/index.js';
import type { ServiceContext } from './context.js';
import type { TrainingsService } from './trainings.js';
import type { GradeScaleElement, Training } from './types.js';

/** Grade scales belong to a training (the same marks weigh the same on every campus offering it). */
export interface GradeScalesService {
  get(actor: Actor | null, trainingId: string): Promise<{ training: Training; elements: GradeScaleElement[] }>;
  /** Replaces the elements; each needs a coefficient greater than 0 (SPEC §5). */
  save(actor: Actor | null, trainingId: string, input: unknown, t: Translate): Promise<{ training: Training; elements: GradeScaleElement[] }>;
}

export function gradeScalesService(ctx: ServiceContext, deps: { trainings: TrainingsService }): GradeScalesService {
  const { knex } = ctx.core;
  const elementsOf = async (trainingId: string): Promise<GradeScaleElement[]> =>
    (await knex('grade_scale_elements').select('id', 'name', 'coefficient').where('training_id', trainingId).orderBy('position')).map(
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
      await knex.transaction(async (trx) => {
        await trx('grade_scale_elements').where('training_id', trainingId).delete();
        if (value.elements.length) {
          await trx('grade_scale_elements').insert(
            value.elements.map((element, position) => ({ id: crypto.randomUUID(), training_id: trainingId, name: element.name, coefficient: element.coefficient, position })),
          );
        }
      });
      return service.get(actor, trainingId);
    },
  };
  return service;
}
