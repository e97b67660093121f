import type { Knex } from '@alterna/core';
import type { Campuses, MatrixActor } from './actors.js';

// Campus-scoped records of each campus carry a marker in a text field (`MARKER-PARIS-lessons`), and a student's own
// records one naming the student too (`MARKER-LYON-S3-name`). An answer to someone without a rule on that campus
// must never contain the campus's marker, nor, for a person-scoped login, another student's.

const markerPattern = /MARKER-(PARIS|LYON)-(?:S(\d+)-)?([a-z_]+)/g;

/** `<table>.<column>` of campus-scoped rows, with the SQL that gives each row's campus. */
const campusColumns: { table: string; column: string; campus: string }[] = [
  { table: 'lessons', column: 'description', campus: 'lessons.campus_id' },
  { table: 'sites', column: 'name', campus: 'sites.campus_id' },
  { table: 'buildings', column: 'name', campus: '(SELECT s.campus_id FROM sites s WHERE s.id = buildings.site_id)' },
  { table: 'rooms', column: 'name', campus: '(SELECT s.campus_id FROM buildings b JOIN sites s ON s.id = b.site_id WHERE b.id = rooms.building_id)' },
  { table: 'planning_groups', column: 'name', campus: 'planning_groups.campus_id' },
  { table: 'training_groups', column: 'name', campus: 'training_groups.campus_id' },
  { table: 'model_time_slots', column: 'name', campus: 'model_time_slots.campus_id' },
  { table: 'schedule_campus_closures', column: 'name', campus: 'schedule_campus_closures.campus_id' },
  { table: 'files_folders', column: 'name', campus: 'files_folders.campus_id' },
  { table: 'files_documents', column: 'name', campus: 'files_documents.campus_id' },
  { table: 'mail_templates', column: 'subject', campus: 'mail_templates.campus_id' },
  { table: 'courses_exams', column: 'title', campus: 'courses_exams.campus_id' },
  { table: 'courses_exercises', column: 'title', campus: 'courses_exercises.campus_id' },
  { table: 'courses_lesson_reports', column: 'done', campus: '(SELECT l.campus_id FROM lessons l WHERE l.id = courses_lesson_reports.lesson_id)' },
  { table: 'room_bookings', column: 'title', campus: 'room_bookings.campus_id' },
  { table: 'operations', column: 'subject', campus: 'operations.campus_id' },
  // News and campaigns of one campus only (those of both are everyone's).
  { table: 'news', column: 'title', campus: '(SELECT min(nc.campus_id::text)::uuid FROM news_campuses nc WHERE nc.news_id = news.id HAVING count(*) = 1)' },
  { table: 'mass_email_campaigns', column: 'subject', campus: '(CASE WHEN cardinality(campus_ids) = 1 THEN campus_ids[1] END)' },
];

/** `<table>.<column>` of a student's own records, with the SQL of the student. */
const studentColumns: { table: string; column: string; student: string }[] = [
  { table: 'actors', column: 'last_name', student: 'actors.id' },
  { table: 'students', column: 'birthplace', student: 'students.actor_id' },
  { table: 'student_last_situations', column: 'establishment', student: 'student_last_situations.student_id' },
  { table: 'marks_general_appraisals', column: 'text', student: 'marks_general_appraisals.student_id' },
  { table: 'marks_subject_appraisals', column: 'text', student: 'marks_subject_appraisals.student_id' },
  { table: 'attendance_justifications', column: 'comment', student: 'attendance_justifications.student_id' },
  { table: 'attendance_lines', column: 'comment', student: 'attendance_lines.student_id' },
  { table: 'coaching_follow_ups', column: 'description', student: 'coaching_follow_ups.student_id' },
  { table: 'mass_email_recipients', column: 'last_name', student: 'mass_email_recipients.actor_id' },
];

export interface Markers {
  /** Student actor id → its number in the markers. */
  studentNumber: Map<string, number>;
  /** Rows marked, per table. */
  marked: Record<string, number>;
  /** Answers in which each table's markers were seen (whoever asked): a table never seen proves nothing. */
  seen: Record<string, number>;
}

/** Writes the markers into this file's copy of the database (text fields only; ids and relations stay). */
export async function applyMarkers(knex: Knex, campuses: Campuses): Promise<Markers> {
  const marked: Record<string, number> = {};
  const campusName = `(CASE %s WHEN '${campuses.paris}'::uuid THEN 'PARIS' WHEN '${campuses.lyon}'::uuid THEN 'LYON' END)`;
  for (const { table, column, campus } of campusColumns) {
    const name = campusName.replace('%s', campus);
    const result = await knex.raw(`UPDATE ${table} SET ${column} = coalesce(${column}, '') || ' MARKER-' || ${name} || '-${table}' WHERE ${name} IS NOT NULL`);
    marked[table] = result.rowCount ?? 0;
  }
  // Students of one campus only (every demo student): number them in a stable order.
  const students: { id: string; campus_id: string }[] = (await knex.raw(
    `SELECT r.actor_id AS id, min(r.campus_id::text)::uuid AS campus_id FROM actor_access_rules r WHERE r.typology = 'student'
     GROUP BY r.actor_id HAVING count(DISTINCT r.campus_id) = 1 ORDER BY r.actor_id`,
  )).rows;
  const studentNumber = new Map(students.map((s, i) => [s.id, i + 1]));
  await knex.raw('CREATE TEMPORARY TABLE matrix_students (id uuid PRIMARY KEY, tag text NOT NULL)');
  await knex('matrix_students').insert(students.map((s, i) => ({ id: s.id, tag: `MARKER-${campuses.name[s.campus_id]}-S${i + 1}` })));
  for (const { table, column, student } of studentColumns) {
    const result = await knex.raw(
      `UPDATE ${table} SET ${column} = coalesce(${column}, '') || ' ' || ms.tag || '-${table}' FROM matrix_students ms WHERE ms.id = ${student}`,
    );
    marked[`${table} (students)`] = result.rowCount ?? 0;
  }
  await knex.raw('DROP TABLE matrix_students');
  return { studentNumber, marked, seen: {} };
}

export interface Leak {
  marker: string;
  why: string;
}

/**
 * Markers in an answer that the actor must not see: another campus's (unless it names a student the actor
 * follows, such as a tutor's apprentice on the other campus), and for a person-scoped login another student's.
 */
export function leaksIn(text: string, actor: MatrixActor | null, markers: Markers, campuses: Campuses, personScoped: boolean): Leak[] {
  const leaks: Leak[] = [];
  const tables = new Set<string>();
  for (const match of text.matchAll(markerPattern)) {
    const [marker, campusName, number, table] = match as unknown as [string, 'PARIS' | 'LYON', string | undefined, string];
    tables.add(table);
    if (!actor) {
      leaks.push({ marker, why: 'anonymous' });
      continue;
    }
    const campusId = campusName === 'PARIS' ? campuses.paris : campuses.lyon;
    const student = number ? [...markers.studentNumber].find(([, n]) => n === Number(number))?.[0] : undefined;
    const follows = !!student && actor.followed.has(student);
    if (campusId !== actor.campus && !follows) leaks.push({ marker, why: 'other campus' });
    else if (personScoped && student && !follows) leaks.push({ marker, why: "another student's record" });
  }
  for (const table of tables) markers.seen[table] = (markers.seen[table] ?? 0) + 1;
  return leaks;
}
