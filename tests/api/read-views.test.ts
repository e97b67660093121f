import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

// The views other modules read instead of an owner's tables (each owner's read_views migration): same rows and columns as the tables, and a change of a table shows at once.
const views: [view: string, table: string, columns: string[]][] = [
  ['training_centre_campuses', 'campuses', ['id', 'name', 'open_days']],
  ['trainings_school_subjects', 'school_subjects', ['id', 'name', 'short_name', 'level', 'color', 'archived']],
  ['trainings_training_sessions', 'training_sessions', ['id', 'name', 'start_date', 'end_date']],
  ['trainings_training_groups', 'training_groups', ['id', 'name', 'short_name', 'start_date', 'end_date', 'campus_id', 'training_session_id', 'training_id', 'variant_id']],
  ['trainings_grade_scale_elements', 'grade_scale_elements', ['id', 'training_id', 'name', 'coefficient', 'position']],
  ['trainings_trainings', 'trainings', ['id', 'name', 'short_name']],
  ['courses_exams_view', 'courses_exams', ['id', 'campus_id', 'teacher_id', 'school_subject_id', 'title', 'exam_date', 'coefficient', 'published']],
  ['identity_actors', 'actors', ['id', 'first_name', 'last_name', 'email', 'phone', 'language', 'archived', 'created_at', 'updated_at']],
  ['identity_actor_access_rules', 'actor_access_rules', ['id', 'actor_id', 'campus_id', 'typology']],
  ['students_student_registrations', 'student_registrations', ['id', 'student_id', 'training_group_id', 'student_status']],
  ['students_student_contracts', 'student_contracts', ['id', 'registration_id', 'corporation_id', 'start_date', 'end_date']],
  ['teaching_coach_attributions', 'coach_attributions', ['id', 'coach_id', 'student_id', 'campus_id', 'training_session_id']],
  ['people_corporation_people', 'corporation_people', ['id', 'corporation_id', 'actor_id', 'role']],
  ['planning_lessons', 'lessons', ['id', 'campus_id', 'school_subject_id', 'start_at', 'end_at', 'status', 'lesson_type']],
  ['planning_lesson_teachers', 'lesson_teachers', ['lesson_id', 'teacher_id', 'teacher_contract_id']],
  ['planning_lesson_planning_groups', 'lesson_planning_groups', ['lesson_id', 'planning_group_id']],
  ['planning_planning_groups', 'planning_groups', ['id', 'campus_id', 'training_group_id', 'name']],
  ['planning_planning_group_subscriptions', 'planning_group_subscriptions', ['id', 'planning_group_id', 'student_registration_id']],
];

// The views shaped by what their readers need (a join, a filter, a sum over the owner's tables): each answers the rows
// of the query it stands for.
const purposeViews: [view: string, query: string, columns: string[]][] = [
  [
    'courses_exam_groups',
    'SELECT x.id AS exam_id, x.campus_id, x.teacher_id, x.school_subject_id, x.exam_date, x.published, g.planning_group_id FROM courses_exams x JOIN courses_exam_planning_groups g ON g.exam_id = x.id',
    ['exam_id', 'campus_id', 'teacher_id', 'school_subject_id', 'exam_date', 'published', 'planning_group_id'],
  ],
  [
    'training_centre_room_places',
    'SELECT r.id, r.name, r.size, r.building_id, b.name AS building_name, b.site_id, s.name AS site_name, s.campus_id FROM rooms r JOIN buildings b ON b.id = r.building_id JOIN sites s ON s.id = b.site_id',
    ['id', 'name', 'size', 'building_id', 'building_name', 'site_id', 'site_name', 'campus_id'],
  ],
  [
    'planning_lesson_room_names',
    'SELECT lr.lesson_id, array_agg(r.name ORDER BY r.name) AS room_names FROM lesson_rooms lr JOIN training_centre_room_places r ON r.id = lr.room_id GROUP BY lr.lesson_id',
    ['lesson_id', 'room_names'],
  ],
  ['students_guardians', 'SELECT actor_id AS student_id, guardian_email, date_of_birth FROM students WHERE guardian_email IS NOT NULL', ['student_id', 'guardian_email', 'date_of_birth']],
  [
    'trainings_variant_subject_hours',
    'SELECT b.variant_id, s.school_subject_id, sum(s.hours) AS hours, min(b.position * 1000 + s.position) AS position FROM training_plan_blocks b JOIN training_plan_subjects s ON s.block_id = b.id GROUP BY 1, 2',
    ['variant_id', 'school_subject_id', 'hours', 'position'],
  ],
  [
    'teaching_contract_subject_hours',
    'SELECT c.id AS teacher_contract_id, c.teacher_id, c.campus_id, c.training_session_id, c.status, l.school_subject_id, l.hours FROM teacher_contracts c JOIN teacher_contract_subject_lines l ON l.teacher_contract_id = c.id',
    ['teacher_contract_id', 'teacher_id', 'campus_id', 'training_session_id', 'status', 'school_subject_id', 'hours'],
  ],
];

// Views a later migration of their owner retired (issue #26: table copies replaced by the views above or services).
const retired = [
  'courses_exam_planning_groups_view',
  'identity_actor_typologies',
  'students_students',
  'teaching_teacher_contract_subject_lines',
  'teaching_teacher_contracts',
  'training_centre_buildings',
  'training_centre_closures',
  'training_centre_rooms',
  'training_centre_sites',
  'trainings_training_plan_blocks',
  'trainings_training_plan_subjects',
];

describe('read views other modules query', () => {
  it.each(views)('%s answers the rows and columns of %s', async (view, table, columns) => {
    const knex = app.core.db.knex;
    const fromView = await knex(view).select(columns).orderBy(columns);
    expect(fromView).toEqual(await knex(table).select(columns).orderBy(columns));
    expect(fromView.length).toBeGreaterThan(0);
    expect(Object.keys((await knex(view).first()) ?? Object.fromEntries(columns.map((c) => [c, null]))).sort()).toEqual([...columns].sort());
  });

  it.each(purposeViews)('%s answers the rows of its query', async (view, query, columns) => {
    const knex = app.core.db.knex;
    const fromView = await knex(view).select(columns).orderBy(columns);
    expect(fromView).toEqual(await knex.select(columns).from(knex.raw(`(${query}) AS q`)).orderBy(columns));
    expect(fromView.length).toBeGreaterThan(0);
    expect(Object.keys((await knex(view).first()) ?? Object.fromEntries(columns.map((c) => [c, null]))).sort()).toEqual([...columns].sort());
  });

  it('has no view a later migration retired', async () => {
    const { rows } = await app.core.db.knex.raw<{ rows: { name: string | null }[] }>('SELECT to_regclass(name) AS name FROM unnest(?::text[]) AS name', [retired]);
    expect(rows.filter((row) => row.name)).toEqual([]);
  });

  it('follows a change of the tables at once (a view, not a copy)', async () => {
    const knex = app.core.db.knex;
    const [campus] = await knex('campuses').insert({ name: 'Nantes (view test)' }).returning('id');
    expect(await knex('training_centre_campuses').where({ id: campus.id }).first('name')).toEqual({ name: 'Nantes (view test)' });
    await knex('campuses').where({ id: campus.id }).delete();
    expect(await knex('training_centre_campuses').where({ id: campus.id }).first()).toBeUndefined();
  });

  it("keeps identity's secrets in identity: no password hash, session or login attempt in a view", async () => {
    const knex = app.core.db.knex;
    const { rows } = await knex.raw<{ rows: { table_name: string; column_name: string }[] }>(
      "SELECT table_name, column_name FROM information_schema.columns WHERE table_name LIKE 'identity\\_%' AND table_schema = current_schema()",
    );
    expect(rows.map((r) => r.table_name).sort()).toContain('identity_actors');
    expect(rows.filter((r) => /password|token/.test(r.column_name))).toEqual([]);
  });
});
