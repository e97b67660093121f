import { ValidationError, idParam, type Knex, type Translate } from '@alterna/core';
import { isIsoDate } from '@alterna/core/dates';
import { absenceKinds, type AbsenceKind } from '../validation/index.js';

/** What a staff list or chart narrows to; every field optional but the campuses the actor may read. */
export interface AbsenceFilters {
  campus: string | null;
  planningGroup: string | null;
  student: string | null;
  from: string | null;
  to: string | null;
  kind: AbsenceKind | null;
  justified: boolean | null;
}

type Query = Record<string, string | string[] | undefined>;

const dayParam = (value: unknown, name: string, t: Translate): string | null => {
  if (value === undefined || value === '') return null;
  if (!isIsoDate(value)) throw new ValidationError([{ path: name, message: t('attendance.validation.day') as string }]);
  return value;
};

/** The query string of the staff lists: ids are UUIDs, days real days with `from` not after `to` (else 422). */
export function absenceFilters(query: Query, t: Translate): AbsenceFilters {
  const from = dayParam(query.from, 'from', t);
  const to = dayParam(query.to, 'to', t);
  if (from && to && from > to) throw new ValidationError([{ path: 'to', message: t('attendance.justification.datesOrder') as string }]);
  const kind = query.kind === undefined || query.kind === '' ? null : query.kind;
  if (kind !== null && !absenceKinds.includes(kind as AbsenceKind)) {
    throw new ValidationError([{ path: 'kind', message: t('attendance.validation.status') as string }]);
  }
  const justified = query.justified === undefined || query.justified === '' ? null : query.justified;
  if (justified !== null && justified !== 'yes' && justified !== 'no') {
    throw new ValidationError([{ path: 'justified', message: t('attendance.validation.yesNo') as string }]);
  }
  return {
    campus: idParam(query.campus, 'campus', t),
    planningGroup: idParam(query.planningGroup, 'planningGroup', t),
    student: idParam(query.student, 'student', t),
    from, to, kind: kind as AbsenceKind | null,
    justified: justified === null ? null : justified === 'yes',
  };
}

/**
 * Closed lines (`l`, with sheet `sh` and lesson `le`) of the campuses, narrowed by the filters. A day is a Paris
 * day: the bounds are turned into instants so the lessons' start index serves the range.
 */
export function closedLines(knex: Knex, campuses: string[], filters: Omit<AbsenceFilters, 'kind' | 'justified'>) {
  const query = knex('attendance_lines as l')
    .join('attendance_sheets as sh', 'sh.id', 'l.sheet_id')
    .join('planning_lessons as le', 'le.id', 'sh.lesson_id')
    .whereNotNull('sh.closed_at')
    .whereIn('sh.campus_id', campuses);
  if (filters.student) query.where('l.student_id', filters.student);
  if (filters.from) query.whereRaw("le.start_at >= (?::date)::timestamp AT TIME ZONE 'Europe/Paris'", [filters.from]);
  if (filters.to) query.whereRaw("le.start_at < (?::date + 1)::timestamp AT TIME ZONE 'Europe/Paris'", [filters.to]);
  if (filters.planningGroup) {
    query.whereExists((sub) =>
      sub.select(knex.raw('1')).from('planning_planning_group_subscriptions as pgs')
        .whereRaw('pgs.student_registration_id = l.student_registration_id').andWhere('pgs.planning_group_id', filters.planningGroup!),
    );
  }
  return query;
}

/** An accepted justification of the line's student covering the lesson's Paris day (a subquery for EXISTS). */
export const acceptedJustification = `SELECT 1 FROM attendance_justifications ja WHERE ja.student_id = l.student_id AND ja.status = 'accepted'
  AND (le.start_at AT TIME ZONE 'Europe/Paris')::date BETWEEN ja.start_date AND ja.end_date`;

/** The justification that decides a line: the student's, covering the lesson's Paris day, accepted first. */
export const coveringJustification = `LEFT JOIN LATERAL (
  SELECT j.id, j.status FROM attendance_justifications j
  WHERE j.student_id = l.student_id AND (le.start_at AT TIME ZONE 'Europe/Paris')::date BETWEEN j.start_date AND j.end_date
  ORDER BY (j.status = 'accepted') DESC, (j.status = 'submitted') DESC, j.created_at DESC LIMIT 1
) j ON true`;

/** A lesson's seconds (`le` the lesson). */
export const lessonSeconds = 'EXTRACT(EPOCH FROM le.end_at - le.start_at)';
/** The seconds of a lesson a closed line says the student was there (`l` the line, `le` the lesson). */
export const attendedSeconds = `CASE
  WHEN l.status IN ('present', 'without-signature') THEN ${lessonSeconds}
  WHEN l.status = 'late' THEN GREATEST(0, EXTRACT(EPOCH FROM le.end_at - coalesce(l.arrived_at, le.start_at)))
  WHEN l.status = 'early-exit' THEN GREATEST(0, EXTRACT(EPOCH FROM coalesce(l.left_at, le.end_at) - le.start_at))
  WHEN l.status = 'temporary-exit' THEN GREATEST(0, ${lessonSeconds} - coalesce(EXTRACT(EPOCH FROM l.exit_to - l.exit_from), 0))
  ELSE 0 END`;
