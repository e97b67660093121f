import { AccessDeniedError, type Actor, type PermissionMatrix } from '@alterna/core';
import { perm } from '../permissions.js';
import type { AttendanceContext } from './context.js';

/** A teacher contract's hours: planned on its lessons, and delivered (sheet closed) — what the teacher can be paid for. */
export interface ContractHours {
  contractId: string;
  plannedHours: number;
  deliveredHours: number;
}

export interface ContractHoursService {
  /** The teacher's contracts' hours: the campus staff see those of their campuses, the teacher all of theirs. */
  ofTeacher(actor: Actor | null, teacherId: string): Promise<ContractHours[]>;
}

const hours = (seconds: number | null) => Math.round((Number(seconds ?? 0) / 3600) * 100) / 100;

export function contractHoursService(ctx: AttendanceContext): ContractHoursService {
  const { knex } = ctx;
  const permissions: PermissionMatrix = ctx.permissions;
  return {
    async ofTeacher(actor, teacherId) {
      if (!actor) permissions.assert(actor, perm.sheetRead);
      const own = actor!.id === teacherId;
      const campuses = permissions.campusesFor(actor!, perm.sheetReadStaff);
      if (!own && !campuses.length) throw new AccessDeniedError();
      const query = knex('planning_lesson_teachers as lt')
        .join('planning_lessons as le', 'le.id', 'lt.lesson_id')
        .leftJoin('attendance_sheets as sh', 'sh.lesson_id', 'le.id')
        .where('lt.teacher_id', teacherId)
        .whereNotNull('lt.teacher_contract_id')
        .whereIn('le.status', ['active', 'locked'])
        .groupBy('lt.teacher_contract_id')
        .select(
          'lt.teacher_contract_id',
          knex.raw('sum(EXTRACT(EPOCH FROM le.end_at - le.start_at))::float AS planned'),
          knex.raw('sum(EXTRACT(EPOCH FROM le.end_at - le.start_at)) FILTER (WHERE sh.closed_at IS NOT NULL)::float AS delivered'),
        );
      if (!own) query.whereIn('le.campus_id', campuses);
      const rows = await query;
      return rows.map((row: any) => ({ contractId: row.teacher_contract_id, plannedHours: hours(row.planned), deliveredHours: hours(row.delivered) }));
    },
  };
}
