import type { Knex } from '@alterna/core';
import { ApiClient, demo } from '../app.js';
import { pageParams, type WalkPage } from './pages.js';
import type { WalkStates } from './states.js';

// Real ids of the demo centre for the `$params` of the page table, each one the walker of its page may open
// (the demo teacher's own subject, the coach's own apprentice…). A page with a `$param` and no filler here
// fails the walk with a message naming it: a new page is covered by adding one line.

export interface FillerContext {
  knex: Knex;
  /** A client logged in as a demo typology: pedagogy creates what the demo centre lacks (a break follow-up…). */
  as: (typology: string) => Promise<ApiClient>;
}

type Params = Record<string, string>;
type Filler = (ctx: FillerContext) => Promise<Params>;

const one = async (query: Knex.QueryBuilder | Promise<unknown[]>, what: string): Promise<string> => {
  const rows = (await query) as Record<string, unknown>[];
  const value = rows[0] && Object.values(rows[0])[0];
  if (typeof value !== 'string') throw new Error(`page walk: the demo centre has no ${what}`);
  return value;
};

const actor = (knex: Knex, typology: string) => one(knex('identity_actors').where({ email: demo(typology) }).select('id'), `${typology} login`);
const paris = (knex: Knex) => one(knex('training_centre_campuses').where({ name: 'Paris' }).select('id'), 'Paris campus');

/** The demo teacher's subject with the most exams: the courses pages, exercises and exams under it (and the walk's states). */
export async function teacherSubject(knex: Knex): Promise<{ teacher: string; schoolSubject: string }> {
  const teacher = await actor(knex, 'teacher');
  const schoolSubject = await one(
    knex('courses_exams').where({ teacher_id: teacher }).groupBy('school_subject_id').orderByRaw('count(*) desc, school_subject_id').select('school_subject_id'),
    'exam of the demo teacher',
  );
  return { teacher, schoolSubject };
}

async function teacherExam(knex: Knex): Promise<string> {
  const { teacher, schoolSubject } = await teacherSubject(knex);
  return one(knex('courses_exams').where({ teacher_id: teacher, school_subject_id: schoolSubject }).orderBy('id').select('id'), 'exam of the demo teacher');
}

async function teacherExercise(knex: Knex): Promise<string> {
  const { teacher } = await teacherSubject(knex);
  return one(knex('courses_exercises').where({ teacher_id: teacher }).orderBy('id').select('id'), 'exercise of the demo teacher');
}

/** The first attendance sheet of the demo teacher's lessons (with its lesson's subject). */
async function teacherSheet(knex: Knex): Promise<{ schoolSubject: string; lesson: string }> {
  const teacher = await actor(knex, 'teacher');
  const rows = (await knex('attendance_sheets as s')
    .join('planning_lesson_teachers as lt', 'lt.lesson_id', 's.lesson_id')
    .join('planning_lessons as l', 'l.id', 's.lesson_id')
    .where('lt.teacher_id', teacher)
    .whereNotNull('l.school_subject_id')
    .orderBy('l.start_at')
    .select('l.school_subject_id', 'l.id')) as { school_subject_id: string; id: string }[];
  if (!rows[0]) throw new Error('page walk: the demo teacher has no attendance sheet');
  return { schoolSubject: rows[0].school_subject_id, lesson: rows[0].id };
}

async function student(knex: Knex): Promise<string> {
  return actor(knex, 'student');
}

/** A booklet form of an apprentice the actor follows: `where` narrows the registrations. */
async function bookletForm(knex: Knex, registrations: Knex.QueryBuilder, what: string): Promise<string> {
  return one(knex('booklet_forms').whereIn('student_registration_id', registrations).orderBy('id').select('id'), `booklet form of ${what}`);
}

/** The first form of the booklets the login's own list shows (`/api/booklets/mine`: what its booklet page lists). */
async function listedForm(ctx: FillerContext, typology: string): Promise<string> {
  const answer = await (await ctx.as(typology)).get('/api/booklets/mine');
  const form = (answer.json?.booklets as { forms: { id: string }[] }[] | undefined)?.flatMap((booklet) => booklet.forms)[0];
  if (!form) throw new Error(`page walk: the demo ${typology} has no booklet form in its list (${answer.status})`);
  return form.id;
}

/** A follow-up of the demo student of that kind, recorded through the API when the demo centre has none. */
async function followUp(ctx: FillerContext, kind: 'break' | 'abandon'): Promise<Params> {
  const studentId = await student(ctx.knex);
  const existing = (await ctx.knex('coaching_follow_ups').where({ student_id: studentId, kind }).select('id')) as { id: string }[];
  if (existing[0]) return { student: studentId, id: existing[0].id };
  const category = kind === 'break' ? 'employer' : 'other';
  const created = await (await ctx.as('pedagogy')).post(`/api/coaching/prevent-student-break/${studentId}/${kind}/new`, { date: '2026-10-15', category, description: 'Page walk' });
  const id = created.json?.followUp?.id as string | undefined;
  if (!id) throw new Error(`page walk: could not record a ${kind} follow-up: ${created.status} ${created.text}`);
  return { student: studentId, id };
}

/** Monday to Sunday of this week (the occupancy plan's default period). */
function thisWeek(): Params {
  const today = new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date())}T00:00:00Z`);
  const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * 86_400_000);
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  return { startDate: monday.toISOString().slice(0, 10), endDate: sunday.toISOString().slice(0, 10), type: 'week' };
}

const first = (table: string, what: string, column = 'id') => (knex: Knex) => one(knex(table).orderBy(column).select(column), what);
const firstNews = first('news', 'news item');
const firstCampaign = first('mass_email_campaigns', 'mass e-mail campaign');
const firstPlanningGroup = first('planning_planning_groups', 'planning group');
const firstBuilding = first('buildings', 'building');
const firstBookletForm = first('booklet_forms', 'booklet form');
/** The training group with the most registrations (a group page with people in it). */
const fullestGroup = (knex: Knex) =>
  one(knex('students_student_registrations').groupBy('training_group_id').orderByRaw('count(*) desc, training_group_id').select('training_group_id'), 'training group with students');
const trainingWithItems = (knex: Knex) => one(knex('booklet_items').orderBy('training_id').select('training_id'), 'training with booklet items');
const studentRegistration = async (knex: Knex) => one(knex('students_student_registrations').where({ student_id: await student(knex) }).orderBy('id').select('id'), 'registration of the demo student');

const byPage: Record<string, Filler> = {
  'news.edit': async ({ knex }) => ({ id: await firstNews(knex) }),
  // The richest demo template (hosted social icons, web fonts): its preview loads what the others do and more.
  'mailbox.templateEdit': async ({ knex }) => ({ id: await one(knex('mail_templates').orderByRaw('length(mjml) DESC, id').select('id'), 'mail template') }),
  'massEmail.campaign': async ({ knex }) => ({ id: await firstCampaign(knex) }),
  'marks.staffExam': async ({ knex }) => ({ exam: await one(knex('marks_exam_settings').orderBy('exam_id').select('exam_id'), 'exam with marks settings') }),
  'planning.group': async ({ knex }) => ({ id: await firstPlanningGroup(knex) }),
  'planning.groupEdit': async ({ knex }) => ({ id: await firstPlanningGroup(knex) }),
  'planning.occupancy': async ({ knex }) => ({ campus: await paris(knex), ...thisWeek() }),
  'trainings.plan': async ({ knex }) => ({ id: await one(knex('training_plans').orderBy('training_id').select('training_id'), 'training plan') }),
  'trainings.planVariant': async ({ knex }) => {
    const rows = (await knex('training_plan_variants as v').join('training_plans as p', 'p.id', 'v.training_plan_id').orderBy('v.id').select('p.training_id', 'v.id')) as { training_id: string; id: string }[];
    if (!rows[0]) throw new Error('page walk: the demo centre has no training plan variant');
    return { id: rows[0].training_id, variant: rows[0].id };
  },
  'trainings.group': async ({ knex }) => ({ id: await fullestGroup(knex) }),
  'trainings.groupEdit': async ({ knex }) => ({ id: await fullestGroup(knex) }),
  'booklets.items': async ({ knex }) => ({ id: await trainingWithItems(knex) }),
  'booklets.group': async ({ knex }) => ({ id: await one(knex('students_student_registrations as sr').join('booklet_forms as f', 'f.student_registration_id', 'sr.id').orderBy('sr.training_group_id').select('sr.training_group_id'), 'group with booklets') }),
  'booklets.staffForm': async ({ knex }) => ({ id: await firstBookletForm(knex) }),
  'trainingCentre.rooms': async ({ knex }) => ({ building: await firstBuilding(knex) }),
  'people.actorEdit': async ({ knex }) => ({ id: await actor(knex, 'read-only') }),
  'people.corporation': async ({ knex }) => ({ id: await one(knex('people_corporation_people').where({ actor_id: await actor(knex, 'tutor') }).select('corporation_id'), 'company of the demo tutor') }),
  'people.contactNew': async (ctx) => byPage['people.corporation']!(ctx),
  'people.corporationTutorNew': async (ctx) => byPage['people.corporation']!(ctx),
  'people.tutorEdit': async ({ knex }) => ({ id: await actor(knex, 'tutor') }),
  'students.show': async ({ knex }) => ({ id: await student(knex) }),
  'students.edit': async ({ knex }) => ({ id: await student(knex) }),
  'students.registrationNew': async ({ knex }) => ({ id: await student(knex) }),
  'students.registrationEdit': async ({ knex }) => ({ id: await student(knex), studentRegistration: await studentRegistration(knex) }),
  'students.contractNew': async ({ knex }) => ({ id: await student(knex) }),
  'students.contractEdit': async ({ knex }) => ({
    id: await student(knex),
    studentContract: await one(knex('students_student_contracts').where({ registration_id: await studentRegistration(knex) }).orderBy('id').select('id'), 'contract of the demo student'),
  }),
  'teaching.teacher': async ({ knex }) => ({ id: await actor(knex, 'teacher') }),
  'courses.teacher': async ({ knex }) => ({ teacher: await actor(knex, 'teacher') }),
  'courses.teacherCourse': async ({ knex }) => teacherSubject(knex),
  'courses.teacherExercises': async ({ knex }) => teacherSubject(knex),
  'courses.teacherExams': async ({ knex }) => teacherSubject(knex),
  'courses.teacherTrombi': async ({ knex }) => teacherSubject(knex),
  'courses.teacherExerciseNew': async ({ knex }) => teacherSubject(knex),
  'courses.teacherExerciseEdit': async ({ knex }) => ({ ...(await teacherSubject(knex)), id: await teacherExercise(knex) }),
  'courses.teacherExamNew': async ({ knex }) => teacherSubject(knex),
  'courses.teacherExamEdit': async ({ knex }) => ({ ...(await teacherSubject(knex)), id: await teacherExam(knex) }),
  'teaching.teacherInformationsNew': async ({ knex }) => ({ id: await actor(knex, 'teacher') }),
  'teaching.teacherInformationsEdit': async ({ knex }) => ({ id: await actor(knex, 'teacher') }),
  'teaching.contractNew': async ({ knex }) => ({ id: await actor(knex, 'teacher') }),
  'teaching.contractEdit': async ({ knex }) => {
    const teacher = await actor(knex, 'teacher');
    return { id: teacher, teacherContract: await one(knex('teacher_contracts').where({ teacher_id: teacher }).orderBy('id').select('id'), 'contract of the demo teacher') };
  },
  'teaching.coach': async ({ knex }) => ({ id: await actor(knex, 'coach') }),
  'teaching.coachInformationsNew': async ({ knex }) => ({ id: await actor(knex, 'coach') }),
  'teaching.coachInformationsEdit': async ({ knex }) => ({ id: await actor(knex, 'coach') }),
  'teaching.coachContractNew': async ({ knex }) => ({ id: await actor(knex, 'coach') }),
  'teaching.coachContractEdit': async ({ knex }) => {
    const coach = await actor(knex, 'coach');
    return { id: coach, coachContract: await one(knex('coach_contracts').where({ coach_id: coach }).orderBy('id').select('id'), 'contract of the demo coach') };
  },
  'teaching.studentFollowUps': async ({ knex }) => ({ student: await student(knex) }),
  'teaching.disciplinaryNew': async ({ knex }) => ({ student: await student(knex) }),
  'teaching.preventRegistrationBreakNew': async ({ knex }) => ({ student: await student(knex) }),
  'teaching.breakNew': async ({ knex }) => ({ student: await student(knex) }),
  'teaching.breakEdit': (ctx) => followUp(ctx, 'break'),
  'teaching.abandonNew': async ({ knex }) => ({ student: await student(knex) }),
  'teaching.abandonEdit': (ctx) => followUp(ctx, 'abandon'),

  'courses.subject': async ({ knex }) => teacherSubject(knex),
  'courses.exercises': async ({ knex }) => teacherSubject(knex),
  'courses.exerciseNew': async ({ knex }) => teacherSubject(knex),
  'courses.exerciseEdit': async ({ knex }) => ({ id: await teacherExercise(knex) }),
  'courses.exams': async ({ knex }) => teacherSubject(knex),
  'courses.examNew': async ({ knex }) => teacherSubject(knex),
  'courses.examEdit': async ({ knex }) => ({ id: await teacherExam(knex) }),
  'courses.trombi': async ({ knex }) => teacherSubject(knex),
  'courses.lessonReport': async ({ knex }) => ({
    id: await one(knex('courses_lesson_reports as r').join('planning_lesson_teachers as lt', 'lt.lesson_id', 'r.lesson_id').where('lt.teacher_id', await actor(knex, 'teacher')).orderBy('r.lesson_id').select('r.lesson_id'), 'lesson report of the demo teacher'),
  }),
  'marks.exam': async ({ knex }) => ({
    exam: await one(knex('courses_exams as e').join('marks_exam_settings as s', 's.exam_id', 'e.id').where('e.teacher_id', await actor(knex, 'teacher')).orderBy('e.id').select('e.id'), 'marked exam of the demo teacher'),
  }),
  'attendance.sheet': async ({ knex }) => teacherSheet(knex),
  'attendance.projector': async ({ knex }) => teacherSheet(knex),
  'attendance.staffSheet': async ({ knex }) => ({ teacher: await actor(knex, 'teacher'), ...(await teacherSheet(knex)) }),

  'booklets.coachForm': async ({ knex }) => ({
    id: await bookletForm(knex, knex('students_student_registrations as sr').join('teaching_coach_attributions as ca', 'ca.student_id', 'sr.student_id').where('ca.coach_id', await actor(knex, 'coach')).select('sr.id'), 'an apprentice of the demo coach'),
  }),
  'booklets.tutorForm': async (ctx) => ({ id: await listedForm(ctx, 'tutor') }),
  'booklets.corporationForm': async (ctx) => ({ id: await listedForm(ctx, 'corporation-contact') }),
  'booklets.studentForm': async ({ knex }) => ({ id: await bookletForm(knex, knex('students_student_registrations').where({ student_id: await student(knex) }).select('id'), 'the demo student') }),
  'attendance.showJustificative': async ({ knex }) => ({
    absence: await one(knex('attendance_lines').where({ student_id: await student(knex), status: 'absent' }).orderBy('id').select('id'), 'absence of the demo student'),
    readOnly: '1',
  }),
};

/** Every `$param` of the page filled with a real id (empty for a page without params). */
export async function fillParams(page: WalkPage, ctx: FillerContext): Promise<Params> {
  const names = pageParams(page);
  if (!names.length) return {};
  const filler = byPage[page.id];
  if (!filler) throw new Error(`page walk: page ${page.id} has ${names.map((n) => `$${n}`).join(', ')} and no filler: add one to tests/support/walk/params.ts`);
  const params = await filler(ctx);
  const missing = names.filter((name) => !params[name]);
  if (missing.length) throw new Error(`page walk: the filler of page ${page.id} gives no ${missing.map((n) => `$${n}`).join(', ')} (tests/support/walk/params.ts)`);
  return params;
}

/** A further stop of a page: its params, and a query string when the state is reached through one. */
export interface StateStop {
  params: Params;
  search?: string;
}

/**
 * The further stops of a page, one per state the walk's data holds that its default stop does not show
 * (tests/support/walk/states.ts), keyed by a label of the state: a sheet open, not opened, not open yet (a coming
 * lesson), closed with every status; the teacher's day yesterday (a sheet of each state, at any hour); an absence
 * excused, refused, waiting, and one with no justification yet (its form).
 */
export function stateStops(page: WalkPage, states: WalkStates): Record<string, StateStop> {
  const sheet = (lesson: string) => ({ params: { schoolSubject: states.schoolSubjectId, lesson } });
  const absence = (id: string, readOnly: '0' | '1') => ({ params: { absence: id, readOnly } });
  switch (page.id) {
    case 'attendance.sheet':
      return {
        open: sheet(states.lessons.todayOpen),
        'not-opened': sheet(states.lessons.pastNotOpened),
        'not-yet': sheet(states.lessons.comingNotOpened),
        'every-status': sheet(states.lessons.pastClosed),
      };
    case 'attendance.day':
      return { yesterday: { params: {}, search: `date=${states.yesterday}` } };
    case 'attendance.showJustificative':
      return {
        excused: absence(states.absences.accepted, '1'),
        refused: absence(states.absences.refused, '1'),
        waiting: absence(states.absences.submitted, '1'),
        unjustified: absence(states.absences.none, '0'),
      };
    default:
      return {};
  }
}
