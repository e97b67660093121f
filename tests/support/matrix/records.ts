import type { Knex } from '@alterna/core';
import { campusWide, type MatrixActor } from './actors.js';

/**
 * A record a route param or GraphQL argument names: its id, its campus (null when the centre shares it), the
 * students and teachers it belongs to, and the ids of the records it sits under (a line's lesson, a lesson's
 * subject and teacher…), so that one row fills every param of a path consistently.
 */
export interface RecordRow {
  id: string;
  campus: string | null;
  students: string[];
  teachers: string[];
  [parent: string]: unknown;
}

/** Which record the cell names: the actor's own, the other campus's, or (person-scoped logins) someone else's on the same campus. */
export type Scope = 'own' | 'other-campus' | 'other-person';

export interface Pick {
  row: RecordRow;
  /** The actor may reach it: a campus-wide typology on its campus, or a record that is the actor's own. */
  reachable: boolean;
  /** It is the actor's own (themself, their lesson, their apprentice), not only a record of their campus. */
  personal: boolean;
}

const sameTeacher = (alias: string) => `ARRAY[${alias}]::uuid[]`;
const students = (sql: string) => `coalesce((${sql}), '{}'::uuid[])`;
const campusOfStudent = "(SELECT min(r.campus_id::text)::uuid FROM actor_access_rules r WHERE r.actor_id = %s AND r.typology = 'student')";
const singleCampus = (rulesWhere: string) => `(SELECT CASE WHEN count(DISTINCT r.campus_id) = 1 THEN min(r.campus_id::text)::uuid END FROM actor_access_rules r WHERE ${rulesWhere})`;
const trainingCampus = (training: string) => `(SELECT CASE WHEN count(*) = 1 THEN min(tc.campus_id::text)::uuid END FROM training_campuses tc WHERE tc.training_id = ${training})`;
/**
 * Who follows a registration: the student, the people of the company under a current contract of it (tutors,
 * contacts), the coaches attributed to the student (any session: the same apprentice's earlier booklets).
 */
const followersOf = (registration: string) => `ARRAY[${registration}.student_id]
  || coalesce((SELECT array_agg(cp.actor_id) FROM student_contracts sc JOIN corporation_people cp ON cp.corporation_id = sc.corporation_id
     WHERE sc.registration_id = ${registration}.id AND current_date BETWEEN sc.start_date AND sc.end_date), '{}'::uuid[])
  || coalesce((SELECT array_agg(ca.coach_id) FROM coach_attributions ca WHERE ca.student_id = ${registration}.student_id), '{}'::uuid[])`;
const groupStudents = (group: string) => `SELECT array_agg(DISTINCT r.student_id) FROM student_registrations r WHERE r.training_group_id = ${group}`;
const lessonStudents = (lesson: string) =>
  `SELECT array_agg(DISTINCT r.student_id) FROM lesson_planning_groups lpg JOIN planning_group_subscriptions s ON s.planning_group_id = lpg.planning_group_id
   JOIN student_registrations r ON r.id = s.student_registration_id WHERE lpg.lesson_id = ${lesson}`;

/**
 * Every kind of record a param or argument can name, from the seed (and fixtures.ts). `campusLevel` kinds
 * (places) belong to everyone with a rule on their campus; the others to the campus's staff and to their students
 * and teachers; `personalOnly` ones to their people only (a news item's readers, a teacher's course). A `search`
 * kind is looked up rather than fetched: another side's value finds nothing of it, or a refusal.
 */
const kindSql: Record<string, { sql: string; campusLevel?: boolean; personalOnly?: boolean; search?: boolean; personalFor?: readonly string[] }> = {
  campus: { sql: 'SELECT id, id AS campus FROM campuses', campusLevel: true },
  site: { sql: 'SELECT id, campus_id AS campus FROM sites', campusLevel: true },
  building: { sql: 'SELECT b.id, s.campus_id AS campus, s.id AS site FROM buildings b JOIN sites s ON s.id = b.site_id', campusLevel: true },
  room: { sql: 'SELECT r.id, s.campus_id AS campus, b.id AS building FROM rooms r JOIN buildings b ON b.id = r.building_id JOIN sites s ON s.id = b.site_id', campusLevel: true },
  roomName: { sql: 'SELECT r.name AS id, s.campus_id AS campus FROM rooms r JOIN buildings b ON b.id = r.building_id JOIN sites s ON s.id = b.site_id', campusLevel: true, search: true },
  modelTimeSlot: { sql: 'SELECT id, campus_id AS campus FROM model_time_slots', campusLevel: true },
  timeSlot: { sql: 'SELECT t.id, m.campus_id AS campus, m.id AS "modelTimeSlot" FROM time_slots t JOIN model_time_slots m ON m.id = t.model_time_slot_id', campusLevel: true },
  closure: { sql: 'SELECT id, campus_id AS campus FROM schedule_campus_closures', campusLevel: true },
  session: { sql: 'SELECT id, NULL::uuid AS campus FROM training_sessions ORDER BY start_date DESC' },
  training: { sql: `SELECT t.id, ${trainingCampus('t.id')} AS campus FROM trainings t` },
  variant: { sql: `SELECT v.id, ${trainingCampus('p.training_id')} AS campus, p.training_id AS training FROM training_plan_variants v JOIN training_plans p ON p.id = v.training_plan_id` },
  block: { sql: `SELECT b.id, ${trainingCampus('p.training_id')} AS campus FROM training_plan_blocks b JOIN training_plans p ON p.id = b.training_plan_id` },
  trainingGroup: { sql: `SELECT g.id, g.campus_id AS campus, ${students(groupStudents('g.id'))} AS students FROM training_groups g` },
  planningGroup: {
    sql: `SELECT g.id, g.campus_id AS campus,
      ${students(`SELECT array_agg(DISTINCT r.student_id) FROM planning_group_subscriptions s JOIN student_registrations r ON r.id = s.student_registration_id WHERE s.planning_group_id = g.id`)} AS students,
      ${students('SELECT array_agg(DISTINCT lt.teacher_id) FROM lesson_planning_groups lpg JOIN lesson_teachers lt ON lt.lesson_id = lpg.lesson_id WHERE lpg.planning_group_id = g.id')} AS teachers
      FROM planning_groups g`,
  },
  // A lesson per teacher teaching it (a teacher's own lessons), with its subject: those with a closed attendance sheet first.
  lesson: {
    sql: `SELECT l.id, l.campus_id AS campus, l.school_subject_id AS "schoolSubject", lt.teacher_id AS teacher, ${sameTeacher('lt.teacher_id')} AS teachers,
      ${students(lessonStudents('l.id'))} AS students FROM lessons l JOIN lesson_teachers lt ON lt.lesson_id = l.id
      LEFT JOIN attendance_sheets sh ON sh.lesson_id = l.id WHERE l.school_subject_id IS NOT NULL ORDER BY sh.closed_at IS NULL, l.start_at DESC`,
  },
  // Lessons whose attendance sheet is open (fixtures.ts reopens one per teacher): the QR code and the lines' actions.
  openLesson: {
    sql: `SELECT l.id, l.campus_id AS campus, l.school_subject_id AS "schoolSubject", lt.teacher_id AS teacher, ${sameTeacher('lt.teacher_id')} AS teachers,
      ${students(lessonStudents('l.id'))} AS students FROM lessons l JOIN lesson_teachers lt ON lt.lesson_id = l.id
      JOIN attendance_sheets sh ON sh.lesson_id = l.id AND sh.closed_at IS NULL WHERE l.school_subject_id IS NOT NULL`,
  },
  // A school subject as a teacher's course on a campus.
  schoolSubject: {
    sql: `SELECT DISTINCT l.school_subject_id AS id, l.campus_id AS campus, lt.teacher_id AS teacher, ${sameTeacher('lt.teacher_id')} AS teachers
      FROM lessons l JOIN lesson_teachers lt ON lt.lesson_id = l.id WHERE l.school_subject_id IS NOT NULL`,
  },
  // The same, as the teacher's own course (`/my-courses/{schoolSubject}`): only the teacher's.
  mySubject: {
    sql: `SELECT DISTINCT l.school_subject_id AS id, l.campus_id AS campus, ${sameTeacher('lt.teacher_id')} AS teachers
      FROM lessons l JOIN lesson_teachers lt ON lt.lesson_id = l.id WHERE l.school_subject_id IS NOT NULL`,
    personalOnly: true,
    search: true,
  },
  line: {
    sql: `SELECT ln.id, sh.campus_id AS campus, ARRAY[ln.student_id] AS students, ${sameTeacher('lt.teacher_id')} AS teachers, l.id AS lesson, l.school_subject_id AS "schoolSubject", lt.teacher_id AS teacher
      FROM attendance_lines ln JOIN attendance_sheets sh ON sh.id = ln.sheet_id JOIN lessons l ON l.id = sh.lesson_id JOIN lesson_teachers lt ON lt.lesson_id = l.id
      WHERE l.school_subject_id IS NOT NULL AND sh.closed_at IS NOT NULL ORDER BY ln.status = 'absent' DESC`,
  },
  openLine: {
    sql: `SELECT ln.id, sh.campus_id AS campus, ARRAY[ln.student_id] AS students, ${sameTeacher('lt.teacher_id')} AS teachers, l.id AS lesson, l.school_subject_id AS "schoolSubject", lt.teacher_id AS teacher
      FROM attendance_lines ln JOIN attendance_sheets sh ON sh.id = ln.sheet_id AND sh.closed_at IS NULL JOIN lessons l ON l.id = sh.lesson_id JOIN lesson_teachers lt ON lt.lesson_id = l.id
      WHERE l.school_subject_id IS NOT NULL`,
  },
  absence: {
    sql: `SELECT ln.id, sh.campus_id AS campus, ARRAY[ln.student_id] AS students FROM attendance_lines ln JOIN attendance_sheets sh ON sh.id = ln.sheet_id WHERE ln.status = 'absent'`,
  },
  // Read by the campus's staff and the student (not by whoever follows them: attendance.self.justify).
  justification: { sql: 'SELECT id, campus_id AS campus, ARRAY[student_id] AS students FROM attendance_justifications', personalFor: ['student'] },
  student: { sql: `SELECT s.actor_id AS id, ${campusOfStudent.replace('%s', 's.actor_id')} AS campus, ARRAY[s.actor_id] AS students FROM students s` },
  // The actor asking about themself (`actorId` arguments), or another person.
  self: { sql: `SELECT a.id, ${singleCampus('r.actor_id = a.id')} AS campus, true AS self FROM actors a`, personalOnly: true },
  // Any person of one campus (a student here: people whose records the campus's staff keep).
  actor: { sql: `SELECT s.actor_id AS id, ${campusOfStudent.replace('%s', 's.actor_id')} AS campus, ARRAY[s.actor_id] AS students FROM students s` },
  registration: {
    sql: `SELECT r.id, g.campus_id AS campus, ARRAY[r.student_id] AS students, ${followersOf('r')} AS followers, r.student_id AS student, g.id AS "trainingGroup"
      FROM student_registrations r JOIN training_groups g ON g.id = r.training_group_id`,
  },
  studentContract: {
    sql: `SELECT c.id, g.campus_id AS campus, ARRAY[r.student_id] AS students, r.student_id AS student FROM student_contracts c JOIN student_registrations r ON r.id = c.registration_id JOIN training_groups g ON g.id = r.training_group_id`,
  },
  teacher: {
    sql: `SELECT a.id, ${singleCampus("r.actor_id = a.id AND r.typology IN ('teacher', 'trainer')")} AS campus, ARRAY[a.id] AS teachers FROM actors a
      WHERE EXISTS (SELECT 1 FROM actor_access_rules r WHERE r.actor_id = a.id AND r.typology IN ('teacher', 'trainer'))`,
  },
  teacherContract: { sql: `SELECT c.id, c.campus_id AS campus, ARRAY[c.teacher_id] AS teachers, c.teacher_id AS teacher FROM teacher_contracts c` },
  teacherCompany: {
    sql: `SELECT c.id, ${singleCampus("r.actor_id = tct.teacher_id AND r.typology IN ('teacher', 'trainer')")} AS campus, tct.teacher_id AS teacher
      FROM teacher_companies c JOIN teacher_company_teachers tct ON tct.teacher_company_id = c.id`,
  },
  coach: { sql: `SELECT a.id, ${singleCampus("r.actor_id = a.id AND r.typology = 'coach'")} AS campus FROM actors a WHERE EXISTS (SELECT 1 FROM actor_access_rules r WHERE r.actor_id = a.id AND r.typology = 'coach')` },
  coachContract: { sql: 'SELECT id, campus_id AS campus, coach_id AS coach FROM coach_contracts' },
  attribution: { sql: 'SELECT id, campus_id AS campus, ARRAY[student_id] AS students FROM coach_attributions' },
  followUpBreak: { sql: "SELECT id, campus_id AS campus, ARRAY[student_id] AS students, student_id AS student FROM coaching_follow_ups WHERE kind = 'break'" },
  followUpAbandon: { sql: "SELECT id, campus_id AS campus, ARRAY[student_id] AS students, student_id AS student FROM coaching_follow_ups WHERE kind = 'abandon'" },
  tutor: { sql: `SELECT a.id, ${singleCampus("r.actor_id = a.id AND r.typology = 'tutor'")} AS campus FROM actors a WHERE EXISTS (SELECT 1 FROM actor_access_rules r WHERE r.actor_id = a.id AND r.typology = 'tutor')` },
  corporation: { sql: 'SELECT id, NULL::uuid AS campus FROM corporations' },
  // References the bodies of changes name (shared by the campuses, or by a training's).
  relatedActivity: { sql: 'SELECT id, NULL::uuid AS campus FROM related_activities ORDER BY position' },
  teacherStatus: { sql: 'SELECT id, NULL::uuid AS campus FROM teacher_statuses ORDER BY position' },
  gradeScaleElement: { sql: `SELECT e.id, ${trainingCampus('e.training_id')} AS campus FROM grade_scale_elements e` },
  bookletItem: { sql: `SELECT i.id, ${trainingCampus('i.training_id')} AS campus, i.training_id AS training FROM booklet_items i` },
  thesisSkill: { sql: `SELECT s.id, ${trainingCampus('s.training_id')} AS campus FROM booklet_thesis_skills s` },
  bookletForm: {
    sql: `SELECT f.id, g.campus_id AS campus, ARRAY[r.student_id] AS students, ${followersOf('r')} AS followers, m.module FROM booklet_forms f JOIN student_registrations r ON r.id = f.student_registration_id
      JOIN training_groups g ON g.id = r.training_group_id JOIN booklet_item_modules m ON m.booklet_item_id = f.booklet_item_id`,
  },
  signedForm: {
    sql: `SELECT f.id, g.campus_id AS campus, ARRAY[r.student_id] AS students, ${followersOf('r')} AS followers FROM booklet_forms f JOIN student_registrations r ON r.id = f.student_registration_id
      JOIN training_groups g ON g.id = r.training_group_id WHERE EXISTS (SELECT 1 FROM booklet_validations v WHERE v.form_id = f.id AND v.status = 'validated' AND v.pdf_file_id IS NOT NULL)`,
  },
  exam: { sql: `SELECT e.id, e.campus_id AS campus, ${sameTeacher('e.teacher_id')} AS teachers FROM courses_exams e` },
  exercise: { sql: `SELECT e.id, e.campus_id AS campus, ${sameTeacher('e.teacher_id')} AS teachers FROM courses_exercises e` },
  trainerConstraint: { sql: `SELECT c.id, ${singleCampus("r.actor_id = c.teacher_id AND r.typology IN ('teacher', 'trainer')")} AS campus, ARRAY[c.teacher_id] AS teachers FROM trainer_constraints c` },
  workStudy: { sql: 'SELECT w.id, g.campus_id AS campus FROM training_group_work_studies w JOIN training_groups g ON g.id = w.training_group_id' },
  booking: { sql: 'SELECT b.id, b.campus_id AS campus, b.room_id AS room FROM room_bookings b', campusLevel: true },
  folder: { sql: 'SELECT id, campus_id AS campus FROM files_folders' },
  // A file is also its readers' when published, unexpired and in a folder one of their planning groups may see.
  file: {
    sql: `SELECT d.id, d.campus_id AS campus,
      ${students(`SELECT array_agg(DISTINCT r.student_id) FROM files_folder_planning_groups fg JOIN planning_group_subscriptions s ON s.planning_group_id = fg.planning_group_id
        JOIN student_registrations r ON r.id = s.student_registration_id WHERE fg.folder_id = d.folder_id AND d.published AND (d.expiration_date IS NULL OR d.expiration_date >= current_date)`)} AS students,
      ${students(`SELECT array_agg(DISTINCT lt.teacher_id) FROM files_folder_planning_groups fg JOIN lesson_planning_groups lpg ON lpg.planning_group_id = fg.planning_group_id
        JOIN lesson_teachers lt ON lt.lesson_id = lpg.lesson_id WHERE fg.folder_id = d.folder_id AND d.published AND (d.expiration_date IS NULL OR d.expiration_date >= current_date)`)} AS teachers
      FROM files_documents d`,
    // files.document.mine: students, teachers, tutors (not coaches nor company contacts).
    personalFor: ['student', 'teacher', 'trainer', 'tutor'],
  },
  news: { sql: `SELECT n.id, (SELECT CASE WHEN count(*) = 1 THEN min(nc.campus_id::text)::uuid END FROM news_campuses nc WHERE nc.news_id = n.id) AS campus, n.recipients FROM news n` },
  // A news item as its readers get it (`/news/mine/{id}`): meant for the reader's typology on the reader's campus.
  newsFeed: { sql: `SELECT n.id, (SELECT CASE WHEN count(*) = 1 THEN min(nc.campus_id::text)::uuid END FROM news_campuses nc WHERE nc.news_id = n.id) AS campus, n.recipients FROM news n WHERE n.published`, personalOnly: true },
  newsFile: { sql: `SELECT n.id, (SELECT CASE WHEN count(*) = 1 THEN min(nc.campus_id::text)::uuid END FROM news_campuses nc WHERE nc.news_id = n.id) AS campus, n.recipients FROM news n WHERE n.type = 'file'` },
  newsImage: {
    sql: `SELECT f.file_id AS id, (SELECT CASE WHEN count(*) = 1 THEN min(nc.campus_id::text)::uuid END FROM news_campuses nc WHERE nc.news_id = f.news_id) AS campus, n.recipients
      FROM news_files f JOIN news n ON n.id = f.news_id WHERE f.kind = 'image'`,
  },
  mailTemplate: { sql: 'SELECT id, campus_id AS campus FROM mail_templates' },
  campaign: { sql: 'SELECT id, CASE WHEN cardinality(campus_ids) = 1 THEN campus_ids[1] END AS campus FROM mass_email_campaigns' },
  operation: { sql: "SELECT id, campus_id AS campus FROM operations WHERE kind = 'matrix'" },
  planningRun: { sql: 'SELECT o.id, o.campus_id AS campus FROM operations o JOIN planning_runs r ON r.run_id = o.workflow_id' },
  reportCardsExport: { sql: "SELECT id, campus_id AS campus FROM operations WHERE kind = 'marks.reportCards'" },
  profileChangeRequest: { sql: "SELECT id, campus_id AS campus, ARRAY[actor_id] AS students FROM profile_change_requests WHERE status = 'pending'" },
};

/**
 * Like pick, but a kind the campuses share (a company, a school session) or a place of the person's own campus
 * is named as it is for the actor's own side: `shared` says so, and a cell naming only such records is not sent.
 */
export function pickFor(records: Records, kind: string, actor: MatrixActor | null, scope: Scope, homeCampus: string): (Pick & { shared: boolean }) | null {
  const chosen = pick(records, kind, actor, scope, homeCampus);
  if (chosen) return { ...chosen, shared: false };
  if (scope === 'own') return null;
  const own = pick(records, kind, actor, 'own', homeCampus);
  if (own && (own.row.campus === null || (scope === 'other-person' && kindSql[kind]?.campusLevel))) return { ...own, shared: true };
  return null;
}

/** Which module each booklet cancel path names (the form's item must be of that module). */
const formModules: Record<string, string> = {
  bookletFormMission: 'mission-definition', bookletFormCoachMeeting: 'coach-meeting', bookletFormCoachTutorMeeting: 'first-meeting',
  bookletFormIntermediate: 'intermediate-evaluation', bookletFormFinal: 'final-evaluation',
};

export type Records = Map<string, RecordRow[]>;

export async function loadRecords(knex: Knex): Promise<Records> {
  const records: Records = new Map();
  for (const [kind, { sql }] of Object.entries(kindSql)) {
    const rows: RecordRow[] = (await knex.raw(sql)).rows.map((row: Record<string, unknown>) => ({
      ...row, students: (row.students as string[] | undefined) ?? [], teachers: (row.teachers as string[] | undefined) ?? [],
    }));
    records.set(kind, rows);
  }
  for (const [kind, module] of Object.entries(formModules)) records.set(kind, records.get('bookletForm')!.filter((row) => row.module === module));
  return records;
}

/** A kind looked up by value (a room's name, a teacher's course): the other side's value lists nothing or is refused. */
export const isSearchKind = (kind: string) => !!kindSql[kind]?.search;
/** A kind whose rows are all shared by the campuses (a company, a school year). */
export const isSharedKind = (records: Records, kind: string) => (records.get(kind) ?? []).every((row) => row.campus === null);

/** The record is the actor's own: themself, a registration they follow, their student's, their lesson, news meant for them. */
function personal(actor: MatrixActor, row: RecordRow, kind?: string): boolean {
  const readers = kind ? kindSql[kind]?.personalFor : undefined;
  if (readers && !readers.includes(actor.typology)) return false;
  if (row.self) return row.id === actor.id;
  if (row.teachers.includes(actor.id)) return true;
  if (Array.isArray(row.followers)) return row.followers.includes(actor.id);
  if (row.students.some((student) => actor.followed.has(student))) return true;
  return Array.isArray(row.recipients) && row.recipients.includes(actor.typology) && row.campus === actor.campus;
}

/** The actor's own record of a kind: a campus-wide typology's campus record, a person's own one; else one it cannot reach. */
export function pick(records: Records, kind: string, actor: MatrixActor | null, scope: Scope, homeCampus: string): Pick | null {
  const rows = records.get(kind);
  if (!rows) throw new Error(`authorization matrix: no records of kind "${kind}"`);
  const campusLevel = !!kindSql[kind]?.campusLevel;
  const onCampus = (row: RecordRow, campus: string) => row.campus === campus;
  if (!actor) {
    const row = rows.find((r) => onCampus(r, homeCampus)) ?? rows.find((r) => r.campus === null);
    return row ? { row, reachable: false, personal: false } : null;
  }
  const staff = campusWide.has(actor.typology);
  const personalOnly = !!kindSql[kind]?.personalOnly;
  const mine = (row: RecordRow) => (!personalOnly && (campusLevel || staff) ? onCampus(row, actor.campus) || row.campus === null : personal(actor, row, kind));
  if (scope === 'own') {
    const row = rows.find((r) => mine(r) && onCampus(r, actor.campus)) ?? rows.find(mine);
    if (row) return { row, reachable: true, personal: personal(actor, row, kind) };
    const fallback = rows.find((r) => onCampus(r, actor.campus)) ?? rows.find((r) => r.campus === null);
    return fallback ? { row: fallback, reachable: false, personal: false } : null;
  }
  if (scope === 'other-campus') {
    const row = rows.find((r) => onCampus(r, actor.otherCampus) && !personal(actor, r, kind));
    return row ? { row, reachable: false, personal: false } : null;
  }
  const row = rows.find((r) => onCampus(r, actor.campus) && !personal(actor, r, kind) && (personalOnly || !(campusLevel || staff)));
  return row ? { row, reachable: false, personal: false } : null;
}
