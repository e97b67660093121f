import { dateText, teacherTypologies, todayIn, type Knex } from '@alterna/core';
import type { CalendarService } from '@alterna/training-centre';
import type { Closure } from './seed-calendar.js';
import { CENTRE_TIME_ZONE } from './types.js';

/** What the demo planning is made of, read from the other modules' seeded tables in a few set queries. */
export interface DemoContext {
  today: string;
  session: { id: string; startDate: string; endDate: string };
  campuses: { id: string; name: string }[];
  rooms: { id: string; campusId: string; name: string; size: number }[];
  teachers: { id: string; name: string; campusIds: string[] }[];
  /** `teacher|campus|subject` → the teacher's contract of the session that has that subject line. */
  contractLines: Map<string, string>;
  trainingGroups: {
    id: string;
    campusId: string;
    name: string;
    shortName: string;
    startDate: string;
    endDate: string;
    lines: { subjectId: string; hours: number }[];
    registrationIds: string[];
  }[];
  subjects: Map<string, string>;
  closures: Closure[];
  /** Who the seed writes as (the demo pedagogy manager), when there is one. */
  authorId: string | null;
}

export const contractKey = (teacherId: string, campusId: string, subjectId: string) => `${teacherId}|${campusId}|${subjectId}`;

/**
 * Null when the centre has no current (or next) training session: nothing to plan then. The closures are the
 * training centre's read (`core.module('training-centre').calendar`).
 */
export async function loadDemoContext(knex: Knex, calendar: Pick<CalendarService, 'closedPeriods'>, today = todayIn(CENTRE_TIME_ZONE)): Promise<DemoContext | null> {
  const sessions: { id: string; start_date: string; end_date: string }[] = await knex('trainings_training_sessions as training_sessions')
    .select('id', knex.raw(dateText('start_date', 'start_date')), knex.raw(dateText('end_date', 'end_date')))
    .orderBy('start_date');
  const row = sessions.find((s) => s.start_date <= today && today <= s.end_date) ?? sessions.find((s) => s.start_date > today);
  if (!row) return null;
  const session = { id: row.id, startDate: row.start_date, endDate: row.end_date };

  const campuses: { id: string; name: string }[] = await knex('training_centre_campuses as campuses').select('id', 'name').orderBy('name');
  const rooms = (await knex('training_centre_room_places as r')
    .select('r.id', 'r.campus_id', 'r.name', 'r.size')
    .orderBy([{ column: 'r.site_name' }, { column: 'r.building_name' }, { column: 'r.name' }])) as { id: string; campus_id: string; name: string; size: number }[];

  const teacherRows: { id: string; first_name: string; last_name: string; campus_id: string }[] = await knex('identity_actors as a')
    .join('identity_actor_access_rules as r', 'r.actor_id', 'a.id')
    .whereIn('r.typology', teacherTypologies)
    .andWhere('a.archived', false)
    .distinct('a.id', 'a.first_name', 'a.last_name', 'r.campus_id')
    .orderBy([{ column: 'a.last_name' }, { column: 'a.first_name' }]);
  const teachers = new Map<string, DemoContext['teachers'][number]>();
  for (const t of teacherRows) {
    const teacher = teachers.get(t.id) ?? { id: t.id, name: `${t.first_name} ${t.last_name}`, campusIds: [] };
    teacher.campusIds.push(t.campus_id);
    teachers.set(t.id, teacher);
  }

  const lines: { id: string; teacher_id: string; campus_id: string; school_subject_id: string }[] = await knex('teaching_contract_subject_hours as c')
    .where('c.training_session_id', session.id)
    .select('c.teacher_contract_id as id', 'c.teacher_id', 'c.campus_id', 'c.school_subject_id')
    .orderBy('c.teacher_contract_id');
  const contractLines = new Map<string, string>();
  for (const l of lines) {
    const key = contractKey(l.teacher_id, l.campus_id, l.school_subject_id);
    if (!contractLines.has(key)) contractLines.set(key, l.id);
  }

  const groupRows: { id: string; campus_id: string; name: string; short_name: string; start_date: string; end_date: string; variant_id: string }[] = await knex('trainings_training_groups as training_groups')
    .where('training_session_id', session.id)
    .select('id', 'campus_id', 'name', 'short_name', knex.raw(dateText('start_date', 'start_date')), knex.raw(dateText('end_date', 'end_date')), 'variant_id')
    .orderBy('short_name');
  const groupIds = groupRows.map((g) => g.id);
  // The variant's subjects with their hours (a subject in two blocks counts once, hours added up).
  const planRows: { variant_id: string; school_subject_id: string; hours: number }[] = await knex('trainings_variant_subject_hours')
    .whereIn('variant_id', groupRows.map((g) => g.variant_id))
    .select('variant_id', 'school_subject_id', 'hours')
    .orderBy('position');
  const registrations: { id: string; training_group_id: string }[] = await knex('students_student_registrations as r')
    .join('identity_actors as a', 'a.id', 'r.student_id')
    .whereIn('r.training_group_id', groupIds)
    .select('r.id', 'r.training_group_id')
    .orderBy([{ column: 'a.last_name' }, { column: 'a.first_name' }]);

  const subjects = new Map<string, string>((await knex('trainings_school_subjects as school_subjects').select('id', 'short_name')).map((s: { id: string; short_name: string }) => [s.short_name, s.id]));
  const closures: Closure[] = await calendar.closedPeriods(knex);
  const author = await knex('identity_actors').where({ email: 'pedagogy@demo.alterna.school' }).first('id');

  return {
    today,
    session,
    campuses,
    rooms: rooms.map((r) => ({ id: r.id, campusId: r.campus_id, name: r.name, size: r.size })),
    teachers: [...teachers.values()],
    contractLines,
    trainingGroups: groupRows.map((g) => ({
      id: g.id, campusId: g.campus_id, name: g.name, shortName: g.short_name, startDate: g.start_date, endDate: g.end_date,
      lines: planRows.filter((p) => p.variant_id === g.variant_id).map((p) => ({ subjectId: p.school_subject_id, hours: Number(p.hours) })),
      registrationIds: registrations.filter((r) => r.training_group_id === g.id).map((r) => r.id),
    })),
    subjects,
    closures,
    authorId: (author?.id as string | undefined) ?? null,
  };
}
