import { teacherTypologies, type Actor, type PermissionMatrix } from '@alterna/core';
import { perm } from '../permissions.js';
import type { PlanningDeps } from './deps.js';

/** Hours planned for a school subject (active and locked lessons of the current session) against the target hours. */
export interface ProgressLine {
  schoolSubject: { id: string; name: string; shortName: string; color: string | null };
  targetHours: number;
  plannedHours: number;
  /** Of the planned hours, those of lessons actually delivered (attendance sheet closed). */
  deliveredHours: number;
}

export interface PlanningProgress {
  planningGroups: { planningGroup: { id: string; name: string }; lines: ProgressLine[] }[];
  teachers: { teacher: { id: string; firstName: string; lastName: string }; lines: ProgressLine[] }[];
}

export interface PlanningProgressService {
  /**
   * Per planning group: its subject lines' hours against the hours of its lessons; per teacher: the subject
   * lines of the teacher's contracts against the hours the teacher teaches. Current session, the actor's
   * campuses only; subjects planned without a target show a target of 0. One query each.
   */
  progress(actor: Actor | null, teacherIds: readonly string[], planningGroupIds: readonly string[]): Promise<PlanningProgress>;
}

interface LineRow {
  owner_id: string;
  subject_id: string | null;
  subject_name: string | null;
  subject_short_name: string | null;
  subject_color: string | null;
  target: string | number | null;
  planned: string | number | null;
  delivered: string | number | null;
}

const hours = (value: string | number | null) => Math.round(Number(value ?? 0) * 100) / 100;
const activeInSession = "ls.status IN ('active', 'locked') AND ls.training_session_id = ? AND ls.school_subject_id IS NOT NULL";
const lessonHours = 'SUM(EXTRACT(EPOCH FROM ls.end_at - ls.start_at)) / 3600';
const deliveredHours = (deliveredSql: string) => `SUM(EXTRACT(EPOCH FROM ls.end_at - ls.start_at)) FILTER (WHERE ls.id IN (${deliveredSql})) / 3600`;

function linesOf(rows: LineRow[]): Map<string, ProgressLine[]> {
  const lines = new Map<string, ProgressLine[]>();
  for (const row of rows) {
    const list = lines.get(row.owner_id) ?? [];
    lines.set(row.owner_id, list);
    if (!row.subject_id) continue;
    list.push({
      schoolSubject: { id: row.subject_id, name: row.subject_name ?? '', shortName: row.subject_short_name ?? '', color: row.subject_color },
      targetHours: hours(row.target),
      plannedHours: hours(row.planned),
      deliveredHours: hours(row.delivered),
    });
  }
  return lines;
}

export function planningProgressService(deps: PlanningDeps): PlanningProgressService {
  const permissions: PermissionMatrix = deps.permissions;
  const { knex } = deps;
  return {
    async progress(actor, teacherIds, planningGroupIds) {
      const campuses = permissions.campusesOrDeny(actor, perm.lessonRead);
      const session = await deps.core.module('trainings').sessions.current();
      const sessionId = session?.id ?? null;
      const delivered = deliveredHours(deps.attendance.deliveredLessonsSql());
      const [groupRows, teacherRows] = await Promise.all([
        planningGroupIds.length
          ? knex.raw(
            `WITH g AS (SELECT id, name FROM planning_groups WHERE id = ANY(?::uuid[]) AND campus_id = ANY(?::uuid[])),
             targets AS (
               SELECT sl.planning_group_id AS owner_id, sl.school_subject_id, sl.hours, sl.position
                 FROM planning_group_subject_lines sl JOIN g ON g.id = sl.planning_group_id),
             planned AS (
               SELECT lg.planning_group_id AS owner_id, ls.school_subject_id, ${lessonHours} AS hours, ${delivered} AS delivered
                 FROM lesson_planning_groups lg JOIN g ON g.id = lg.planning_group_id JOIN lessons ls ON ls.id = lg.lesson_id
                WHERE ${activeInSession} GROUP BY 1, 2),
             lines AS (
               SELECT COALESCE(t.owner_id, p.owner_id) AS owner_id, COALESCE(t.school_subject_id, p.school_subject_id) AS subject_id,
                      t.hours AS target, p.hours AS planned, p.delivered, t.position
                 FROM targets t FULL JOIN planned p ON p.owner_id = t.owner_id AND p.school_subject_id = t.school_subject_id)
             SELECT g.id AS owner_id, g.name AS owner_name, x.subject_id, ss.name AS subject_name, ss.short_name AS subject_short_name,
                    ss.color AS subject_color, x.target, x.planned, x.delivered
               FROM g LEFT JOIN lines x ON x.owner_id = g.id LEFT JOIN trainings_school_subjects ss ON ss.id = x.subject_id
              ORDER BY lower(g.name), g.id, x.position NULLS LAST, ss.name`,
            [[...planningGroupIds], campuses, sessionId],
          ).then((result: { rows: (LineRow & { owner_name: string })[] }) => result.rows)
          : [],
        teacherIds.length
          ? knex.raw(
            `WITH t AS (
               SELECT a.id, a.first_name, a.last_name FROM identity_actors a
                WHERE a.id = ANY(?::uuid[])
                  AND ?),
             targets AS (
               SELECT h.teacher_id AS owner_id, h.school_subject_id, SUM(h.hours) AS hours
                 FROM teaching_contract_subject_hours h JOIN t ON t.id = h.teacher_id
                WHERE h.training_session_id = ? AND h.status <> 'cancelled' AND h.campus_id = ANY(?::uuid[])
                GROUP BY 1, 2),
             planned AS (
               SELECT lt.teacher_id AS owner_id, ls.school_subject_id, ${lessonHours} AS hours, ${delivered} AS delivered
                 FROM lesson_teachers lt JOIN t ON t.id = lt.teacher_id JOIN lessons ls ON ls.id = lt.lesson_id
                WHERE ${activeInSession} AND ls.campus_id = ANY(?::uuid[]) GROUP BY 1, 2),
             lines AS (
               SELECT COALESCE(tg.owner_id, p.owner_id) AS owner_id, COALESCE(tg.school_subject_id, p.school_subject_id) AS subject_id,
                      tg.hours AS target, p.hours AS planned, p.delivered
                 FROM targets tg FULL JOIN planned p ON p.owner_id = tg.owner_id AND p.school_subject_id = tg.school_subject_id)
             SELECT t.id AS owner_id, t.first_name, t.last_name, x.subject_id, ss.name AS subject_name, ss.short_name AS subject_short_name,
                    ss.color AS subject_color, x.target, x.planned, x.delivered
               FROM t LEFT JOIN lines x ON x.owner_id = t.id LEFT JOIN trainings_school_subjects ss ON ss.id = x.subject_id
              ORDER BY lower(t.last_name), lower(t.first_name), t.id, ss.name`,
            [[...teacherIds], deps.core.module('identity').visibility.onCampuses('a.id', campuses, teacherTypologies), sessionId, campuses, sessionId, campuses],
          ).then((result: { rows: (LineRow & { first_name: string; last_name: string })[] }) => result.rows)
          : [],
      ]);
      const groupLines = linesOf(groupRows);
      const teacherLines = linesOf(teacherRows);
      const groups = new Map(groupRows.map((row) => [row.owner_id, row.owner_name]));
      const teachers = new Map(teacherRows.map((row) => [row.owner_id, { firstName: row.first_name, lastName: row.last_name }]));
      return {
        planningGroups: [...groups].map(([id, name]) => ({ planningGroup: { id, name }, lines: groupLines.get(id) ?? [] })),
        teachers: [...teachers].map(([id, person]) => ({ teacher: { id, ...person }, lines: teacherLines.get(id) ?? [] })),
      };
    },
  };
}
