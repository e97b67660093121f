import { NotFoundError, type Actor, type Knex, type PermissionMatrix } from '@alterna/core';
import { perm } from '../permissions.js';
import { absenceKinds, type AbsenceKind, type JustificationStatus, type LineStatus } from '../validation/index.js';
import { closedLines, coveringJustification, type AbsenceFilters } from './absence-filters.js';
import type { AttendanceContext } from './context.js';
import { statisticsColumns, statisticsOf } from './statistics.js';

/** An absence (SPEC §4 kinds) on a closed sheet, with the justification that covers its day, if any. */
export interface Absence {
  id: string;
  kind: AbsenceKind;
  lessonId: string;
  startAt: string;
  endAt: string;
  schoolSubject: string | null;
  student: { id: string; firstName: string; lastName: string };
  arrivedAt: string | null;
  leftAt: string | null;
  exitFrom: string | null;
  exitTo: string | null;
  comment: string | null;
  justification: { id: string; status: JustificationStatus } | null;
}

/** Counts of closed lines by status, for SPEC §9's chart (`label (value/total)`). */
export interface AttendanceStatistics {
  total: number;
  counts: { status: LineStatus; count: number }[];
  /** Absent lines no accepted justification covers. */
  unjustifiedAbsences: number;
  /** Hours of the closed lessons, hours the students were there (lateness, early exits, temporary exits cut), and their ratio: the attendance rate funders ask for. */
  hours: { scheduled: number; attended: number; rate: number | null };
}

export interface AbsencesService {
  /** The student's own absences and lateness, newest first. */
  mine(actor: Actor | null): Promise<Absence[]>;
  /** Staff: absences of their campuses, narrowed by the filters (at most 500, newest first) and how many match. */
  list(actor: Actor | null, filters: AbsenceFilters): Promise<{ absences: Absence[]; total: number }>;
  /** Staff: every closed line of their campuses by status; a student gets their own. */
  statistics(actor: Actor | null, filters: AbsenceFilters): Promise<AttendanceStatistics>;
  /** One absence as its student or the staff of its campus see it; 404 otherwise. */
  one(actor: Actor | null, id: string): Promise<Absence & { campusId: string }>;
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** The absences (SPEC §4 kinds) of closed sheets on these campuses, each with the justification covering its day. */
export const absenceRows = (knex: Knex, campuses: string[], filters: Omit<AbsenceFilters, 'kind' | 'justified'>) =>
  closedLines(knex, campuses, filters)
    .joinRaw(coveringJustification)
    .join('identity_actors as st', 'st.id', 'l.student_id')
    .leftJoin('trainings_school_subjects as ss', 'ss.id', 'le.school_subject_id')
    .whereIn('l.status', absenceKinds);

export const absenceColumns = [
  'l.id', 'l.status', 'l.arrived_at', 'l.left_at', 'l.exit_from', 'l.exit_to', 'l.comment', 'le.id as lesson_id', 'le.start_at', 'le.end_at',
  'ss.name as subject', 'st.id as student_id', 'st.first_name', 'st.last_name', 'j.id as justification_id', 'j.status as justification_status', 'sh.campus_id',
];

export const toAbsence = (row: Record<string, any>): Absence & { campusId: string } => ({
  id: row.id, kind: row.status, lessonId: row.lesson_id, startAt: iso(row.start_at)!, endAt: iso(row.end_at)!, schoolSubject: row.subject ?? null,
  student: { id: row.student_id, firstName: row.first_name, lastName: row.last_name },
  arrivedAt: iso(row.arrived_at), leftAt: iso(row.left_at), exitFrom: iso(row.exit_from), exitTo: iso(row.exit_to), comment: row.comment ?? null,
  justification: row.justification_id ? { id: row.justification_id, status: row.justification_status } : null, campusId: row.campus_id,
});

export function absencesService(ctx: AttendanceContext): AbsencesService {
  const { knex } = ctx;
  const permissions: PermissionMatrix = ctx.permissions;
  const absences = (campuses: string[], filters: Omit<AbsenceFilters, 'kind' | 'justified'>) => absenceRows(knex, campuses, filters);
  const columns = absenceColumns;
  const ownCampuses = (actor: Actor) => permissions.campusesFor(actor, perm.selfJustify);
  const noFilter = { campus: null, planningGroup: null, student: null, from: null, to: null };

  return {
    async mine(actor) {
      permissions.assert(actor, perm.selfJustify);
      const rows = await absences(ownCampuses(actor), { ...noFilter, student: actor.id }).select(columns).orderBy('le.start_at', 'desc').limit(500);
      return rows.map(toAbsence);
    },

    async list(actor, filters) {
      const campuses = permissions.campusesOrDeny(actor, perm.absenceRead, filters.campus ? [filters.campus] : null);
      const query = absences(campuses, filters);
      if (filters.kind) query.where('l.status', filters.kind);
      if (filters.justified === true) query.where('j.status', 'accepted');
      if (filters.justified === false) query.where((q) => q.whereNull('j.status').orWhereNot('j.status', 'accepted'));
      const rows = await query.select([...columns, knex.raw('count(*) OVER ()::int AS total')]).orderBy('le.start_at', 'desc').limit(500);
      return { absences: rows.map(toAbsence), total: rows[0]?.total ?? 0 };
    },

    async statistics(actor, filters) {
      const student = permissions.isGranted(actor, perm.selfJustify) && !permissions.isGranted(actor, perm.absenceRead);
      const campuses = student ? ownCampuses(actor!) : permissions.campusesOrDeny(actor, perm.absenceRead, filters.campus ? [filters.campus] : null);
      // A student's chart is their own, whatever they ask for.
      const scope = student ? { ...filters, student: actor!.id, planningGroup: null } : filters;
      const rows = await closedLines(knex, campuses, scope).whereNotNull('l.status').groupBy('l.status').select(statisticsColumns(knex));
      return statisticsOf(rows);
    },

    async one(actor, id) {
      if (!actor) permissions.assert(actor, perm.selfJustify);
      const campuses = [...new Set([...permissions.campusesFor(actor!, perm.absenceRead), ...ownCampuses(actor!)])];
      const row = await absences(campuses, noFilter).where('l.id', id).first(columns);
      // Staff of the campus, or the student themself: anyone else learns nothing, not even that it exists.
      const staff = row && permissions.isGranted(actor, perm.absenceRead, row.campus_id);
      if (!row || (!staff && row.student_id !== actor!.id)) throw new NotFoundError('absence');
      return toAbsence(row);
    },
  };
}
