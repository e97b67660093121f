import { validate, type Actor, type Translate } from '@alterna/core';
import { lastSituationSchema } from '../validation/index.js';
import type { ServiceContext } from './context.js';
import type { StudentAccess } from './access.js';

export interface LastSituationsService {
  /** /students/students/last-situation/new: records (or replaces) the student's Y-1 situation. */
  save(actor: Actor | null, input: unknown, t: Translate): Promise<{ studentId: string; situation: string; establishment: string | null; diploma: string | null }>;
}

export function lastSituationsService(ctx: ServiceContext, deps: { access: StudentAccess }): LastSituationsService {
  const { knex } = ctx.core;
  return {
    async save(actor, input, t) {
      const value = await validate(lastSituationSchema, input, t);
      await deps.access.assertCanChange(actor, value.student);
      const row = { situation: value.situation, establishment: value.establishment || null, diploma: value.diploma || null };
      await knex('student_last_situations')
        .insert({ student_id: value.student, ...row })
        .onConflict('student_id')
        .merge({ ...row, updated_at: knex.fn.now() });
      return { studentId: value.student, ...row };
    },
  };
}
