import type { Knex } from '@alterna/core';
import { lineStatuses, type LineStatus } from '../validation/index.js';
import { acceptedJustification, attendedSeconds, lessonSeconds } from './absence-filters.js';
import type { AttendanceStatistics } from './absences.js';

/**
 * The aggregates of closed lines grouped by status (and whatever else the caller groups by): how many, how many
 * unjustified absences (only absent lines look their justification up), the lessons' seconds and those attended.
 */
export const statisticsColumns = (knex: Knex) => [
  'l.status', knex.raw('count(*)::int AS count'),
  knex.raw(`count(*) FILTER (WHERE l.status = 'absent' AND NOT EXISTS (${acceptedJustification}))::int AS unjustified`),
  knex.raw(`sum(${lessonSeconds})::float AS scheduled`), knex.raw(`sum(${attendedSeconds})::float AS attended`),
];

interface StatusRow {
  status: LineStatus;
  count: number;
  unjustified: number;
  scheduled: number | null;
  attended: number | null;
}

const inHours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

/** One chart from its rows by status: every status counted (0 when absent), the hours and the attendance rate. */
export function statisticsOf(rows: StatusRow[]): AttendanceStatistics {
  const byStatus = new Map(rows.map((row) => [row.status, row]));
  const counts = lineStatuses.map((status) => ({ status, count: byStatus.get(status)?.count ?? 0 }));
  const scheduled = rows.reduce((sum, row) => sum + (row.scheduled ?? 0), 0);
  const attended = rows.reduce((sum, row) => sum + (row.attended ?? 0), 0);
  return {
    total: counts.reduce((sum, c) => sum + c.count, 0), counts, unjustifiedAbsences: byStatus.get('absent')?.unjustified ?? 0,
    hours: { scheduled: inHours(scheduled), attended: inHours(attended), rate: scheduled ? Math.round((attended / scheduled) * 1000) / 1000 : null },
  };
}
