import type { Knex } from '@alterna/core';
import { defaultAlertSettings } from '../validation/index.js';
import { acceptedJustification } from './absence-filters.js';

/**
 * One statement finds every crossing up to `day` and records the new ones; a crossing already recorded is
 * left alone (the unique key), so a rerun of the same day, or the next day's run, adds nothing twice.
 *
 * - unjustified-half-days: at a half-day, the student's unjustified absent half-days over the campus's window
 *   reach its threshold while they were below it at the previous one;
 * - consecutive-absences: the lesson where a run of unjustified absences (closed sheets, in order) reaches the threshold;
 * - justify-request: the student missed a lesson that day without a justification.
 */
export async function recordCrossings(knex: Knex, day: string): Promise<number> {
  const d = defaultAlertSettings;
  const { rows } = await knex.raw(
    `WITH settings AS (
      SELECT c.id AS campus_id, coalesce(s.unjustified_half_days, :halfDays) AS half_days, coalesce(s.window_days, :windowDays) AS window_days,
        coalesce(s.consecutive_absences, :consecutive) AS consecutive, coalesce(s.justify_within_days, :justifyWithin) AS justify_within
      FROM training_centre_campuses c LEFT JOIN attendance_alert_settings s ON s.campus_id = c.id
    ),
    closed AS (
      SELECT l.student_id, sh.campus_id, le.id AS lesson_id, le.start_at, (le.start_at AT TIME ZONE 'Europe/Paris')::date AS day,
        extract(hour FROM le.start_at AT TIME ZONE 'Europe/Paris') >= 13 AS afternoon,
        l.status = 'absent' AND NOT EXISTS (${acceptedJustification}) AS missed
      FROM attendance_lines l
      JOIN attendance_sheets sh ON sh.id = l.sheet_id AND sh.closed_at IS NOT NULL
      JOIN planning_lessons le ON le.id = sh.lesson_id
      WHERE l.status IS NOT NULL
        AND le.start_at >= (:day::date - 400)::timestamp AT TIME ZONE 'Europe/Paris'
        AND le.start_at < (:day::date + 1)::timestamp AT TIME ZONE 'Europe/Paris'
    ),
    half_days AS (SELECT DISTINCT student_id, campus_id, day, afternoon FROM closed WHERE missed),
    counted AS (
      SELECT h.student_id, h.campus_id, h.day, h.afternoon, s.half_days AS threshold, s.window_days, count(h2.day)::int AS n
      FROM half_days h JOIN settings s ON s.campus_id = h.campus_id
      JOIN half_days h2 ON h2.student_id = h.student_id AND h2.day > h.day - s.window_days AND (h2.day, h2.afternoon) <= (h.day, h.afternoon)
      GROUP BY h.student_id, h.campus_id, h.day, h.afternoon, s.half_days, s.window_days
    ),
    half_day_crossings AS (
      SELECT c.*, lag(n) OVER (PARTITION BY student_id ORDER BY day, afternoon) AS previous FROM counted c
    ),
    islands AS (
      SELECT c.*, row_number() OVER (PARTITION BY student_id ORDER BY start_at)
        - row_number() OVER (PARTITION BY student_id, missed ORDER BY start_at) AS island
      FROM closed c
    ),
    streaks AS (
      SELECT i.*, row_number() OVER (PARTITION BY student_id, missed, island ORDER BY start_at)::int AS streak FROM islands i
    )
    INSERT INTO attendance_alerts (student_id, campus_id, kind, crossing_key, day, count, threshold)
    SELECT student_id, campus_id, 'unjustified-half-days', day::text || CASE WHEN afternoon THEN '-pm' ELSE '-am' END, day, n, threshold
    FROM half_day_crossings WHERE n >= threshold AND coalesce(previous, 0) < threshold AND day > :day::date - window_days
    UNION ALL
    SELECT st.student_id, st.campus_id, 'consecutive-absences', st.lesson_id::text, st.day, st.streak, s.consecutive
    FROM streaks st JOIN settings s ON s.campus_id = st.campus_id
    WHERE st.missed AND st.streak = s.consecutive AND st.day > :day::date - s.window_days
    UNION ALL
    SELECT c.student_id, min(c.campus_id::text)::uuid, 'justify-request', c.day::text, c.day, count(*)::int, min(s.justify_within)
    FROM closed c JOIN settings s ON s.campus_id = c.campus_id
    WHERE c.missed AND c.day = :day::date
    GROUP BY c.student_id, c.day
    ON CONFLICT (student_id, kind, crossing_key) DO NOTHING
    RETURNING id`,
    { day, halfDays: d.unjustifiedHalfDays, windowDays: d.windowDays, consecutive: d.consecutiveAbsences, justifyWithin: d.justifyWithinDays },
  );
  return rows.length;
}

/** Who is told of an alert: the student for a request to justify; else the coach(es), the company tutor(s), a minor's guardian. */
export async function alertRecipients(knex: Knex, alertIds: string[]): Promise<Map<string, { email: string; language: string | null }[]>> {
  if (!alertIds.length) return new Map();
  const { rows } = await knex.raw(
    `SELECT a.id, r.email, r.language FROM attendance_alerts a
     CROSS JOIN LATERAL (
       SELECT st.email, st.language FROM identity_actors st WHERE a.kind = 'justify-request' AND st.id = a.student_id
       UNION
       SELECT co.email, co.language FROM teaching_coach_attributions ca JOIN identity_actors co ON co.id = ca.coach_id
       WHERE a.kind <> 'justify-request' AND ca.student_id = a.student_id
       UNION
       SELECT tu.email, tu.language FROM students_student_registrations sr
         JOIN students_student_contracts sc ON sc.registration_id = sr.id AND a.day BETWEEN sc.start_date AND sc.end_date
         JOIN people_corporation_people cp ON cp.corporation_id = sc.corporation_id AND cp.role = 'tutor'
         JOIN identity_actors tu ON tu.id = cp.actor_id
       WHERE a.kind <> 'justify-request' AND sr.student_id = a.student_id
       UNION
       SELECT g.guardian_email, NULL FROM students_guardians g
       WHERE a.kind <> 'justify-request' AND g.student_id = a.student_id AND g.date_of_birth > a.day - interval '18 years'
     ) r
     WHERE a.id = ANY(:ids::uuid[]) AND r.email IS NOT NULL
     ORDER BY a.id, r.email`,
    { ids: alertIds },
  );
  const byAlert = new Map<string, { email: string; language: string | null }[]>(alertIds.map((id) => [id, []]));
  for (const row of rows) byAlert.get(row.id)?.push({ email: row.email, language: row.language });
  return byAlert;
}
