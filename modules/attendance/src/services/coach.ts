import { todayIn, type Actor, type Knex, type PermissionMatrix } from '@alterna/core';
import { perm } from '../permissions.js';
import { closedLines, type AbsenceFilters } from './absence-filters.js';
import { absenceColumns, absenceRows, toAbsence, type Absence, type AttendanceStatistics } from './absences.js';
import type { AlertKind } from '../validation/index.js';
import type { AttendanceContext } from './context.js';
import { statisticsColumns, statisticsOf } from './statistics.js';

/**
 * The students someone follows: a coach's attributions, and the apprentices whose current contract is with a
 * corporation the actor is a tutor or contact of (read views of teaching, students and people).
 */
function followedBy(knex: Knex, actorId: string) {
  return knex('teaching_coach_attributions').where('coach_id', actorId).select('student_id')
    .union((union) => union
      .from('students_student_registrations as r')
      .join('students_student_contracts as c', 'c.registration_id', 'r.id')
      .join('people_corporation_people as cp', 'cp.corporation_id', 'c.corporation_id')
      .where('cp.actor_id', actorId)
      .whereRaw('?::date BETWEEN c.start_date AND c.end_date', [todayIn()])
      .select('r.student_id'));
}

/** A threshold the evening run found crossed (not the requests to justify), as the people following the student see it. */
export interface FollowedAlert { kind: AlertKind; day: string; count: number; threshold: number }

/** A followed student's attendance over the period, their absences (the ten newest) and the alerts raised (the five newest). */
export interface CoachedStudent {
  student: { id: string; firstName: string; lastName: string };
  statistics: AttendanceStatistics;
  absences: Absence[];
  alerts: FollowedAlert[];
}

export interface CoachService {
  /** The students the actor follows (coach, tutor, corporation contact) with each one's chart and rate. */
  students(actor: Actor | null, filters: Pick<AbsenceFilters, 'from' | 'to'>): Promise<CoachedStudent[]>;
}

export function coachService(ctx: AttendanceContext): CoachService {
  const { knex } = ctx;
  const permissions: PermissionMatrix = ctx.permissions;
  return {
    async students(actor, filters) {
      const campuses = permissions.campusesOrDeny(actor, perm.followedRead);
      const coached = followedBy(knex, actor!.id);
      const students = await knex('identity_actors').whereIn('id', coached).select('id', 'first_name', 'last_name').orderBy(['last_name', 'first_name']);
      const rows = await closedLines(knex, campuses, { campus: null, planningGroup: null, student: null, from: filters.from, to: filters.to })
        .whereIn('l.student_id', coached)
        .whereNotNull('l.status')
        .groupBy('l.student_id', 'l.status')
        .select('l.student_id', ...statisticsColumns(knex));
      const alerts = await knex
        .select('*').from(knex('attendance_alerts as a')
          .whereIn('a.student_id', coached).whereIn('a.campus_id', campuses).whereNot('a.kind', 'justify-request')
          .modify((q) => { if (filters.from) q.where('a.day', '>=', filters.from); if (filters.to) q.where('a.day', '<=', filters.to); })
          .select('a.student_id', 'a.kind', 'a.count', 'a.threshold', knex.raw("to_char(a.day, 'YYYY-MM-DD') AS day"),
            knex.raw('row_number() OVER (PARTITION BY a.student_id ORDER BY a.day DESC, a.created_at DESC) AS n'))
          .as('x'))
        .where('x.n', '<=', 5);
      const absences = await knex.select('*').from(
        absenceRows(knex, campuses, { campus: null, planningGroup: null, student: null, from: filters.from, to: filters.to })
          .whereIn('l.student_id', coached)
          .select([...absenceColumns, knex.raw('row_number() OVER (PARTITION BY l.student_id ORDER BY le.start_at DESC) AS n')])
          .as('x'))
        .where('x.n', '<=', 10).orderBy('x.start_at', 'desc');
      return students.map((student) => ({
        student: { id: student.id, firstName: student.first_name, lastName: student.last_name },
        statistics: statisticsOf(rows.filter((row: any) => row.student_id === student.id)),
        absences: absences.filter((row: any) => row.student_id === student.id).map((row: any) => {
          const { campusId: _campus, ...absence } = toAbsence(row);
          return absence;
        }),
        alerts: alerts.filter((row: any) => row.student_id === student.id).map((row: any) => ({ kind: row.kind, day: row.day, count: row.count, threshold: row.threshold })),
      }));
    },
  };
}
