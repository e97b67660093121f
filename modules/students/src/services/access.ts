import { AccessDeniedError, NotFoundError, seesRecord, type Actor } from '@alterna/core';
import { perm } from '../permissions.js';
import type { ServiceContext } from './context.js';

/** Campus rules of a student: the campuses of their student access rules. */
export interface StudentAccess {
  /** Campuses where each student studies (set query). */
  campusesOf(studentIds: readonly string[]): Promise<Map<string, string[]>>;
  /** Throws unless the student exists and studies on a campus where the actor reads students; their campuses. */
  assertCanRead(actor: Actor | null, studentId: string): Promise<string[]>;
  /**
   * Throws unless the actor may change the student: the permission on every campus where the student
   * studies, so that a change never reaches a campus the actor does not run.
   */
  assertCanChange(actor: Actor | null, studentId: string): Promise<string[]>;
}

export function studentAccess(ctx: ServiceContext): StudentAccess {
  const { knex } = ctx.core;
  const access: StudentAccess = {
    campusesOf: (studentIds) => ctx.visibility().campusesOf(studentIds, ['student']),
    async assertCanRead(actor, studentId) {
      const readable = ctx.campusesFor(actor, perm.studentRead);
      if (!(await knex('students').where('actor_id', studentId).first('actor_id'))) throw new NotFoundError('student');
      const campuses = (await access.campusesOf([studentId])).get(studentId) ?? [];
      if (!seesRecord(campuses, readable)) throw new AccessDeniedError();
      return campuses;
    },
    async assertCanChange(actor, studentId) {
      ctx.campusesFor(actor, perm.studentUpdate);
      const campuses = await access.assertCanRead(actor, studentId);
      ctx.assertOnAll(actor, perm.studentUpdate, campuses);
      return campuses;
    },
  };
  return access;
}
