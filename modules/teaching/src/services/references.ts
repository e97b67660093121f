import type { Knex } from '@alterna/core';
import type { ServiceContext } from './context.js';
import type { RelatedActivity, TeacherStatus } from '../types.js';
export type { RelatedActivity, TeacherStatus };



export interface ReferencesService {
  teacherStatuses(trx?: Knex): Promise<TeacherStatus[]>;
  /** Activities of teacher contracts or of coach contracts, in their catalogue order. */
  relatedActivities(audience?: 'teacher' | 'coach', trx?: Knex): Promise<RelatedActivity[]>;
}

export function referencesService(ctx: ServiceContext): ReferencesService {
  return {
    async teacherStatuses(trx = ctx.knex) {
      const rows: { id: string; reference: string; requires_company: boolean }[] = await trx('teacher_statuses')
        .select('id', 'reference', 'requires_company')
        .orderBy('position');
      return rows.map((row) => ({ id: row.id, reference: row.reference, requiresCompany: row.requires_company }));
    },
    async relatedActivities(audience, trx = ctx.knex) {
      const query = trx('related_activities').select('id', 'reference', 'audience', 'is_hour').orderBy([{ column: 'audience', order: 'desc' }, { column: 'position' }]);
      if (audience) query.where({ audience });
      const rows: { id: string; reference: string; audience: 'teacher' | 'coach'; is_hour: boolean }[] = await query;
      return rows.map((row) => ({ id: row.id, reference: row.reference, audience: row.audience, isHour: row.is_hour }));
    },
  };
}
