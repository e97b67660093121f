import { describe, expect, it } from 'vitest';
import { builtTableReferences, crossings, isTableCopy, ownedTables, readViews, tableReferences, viewsMadeElsewhere } from '../support/module-boundaries.js';

/**
 * The read views that still copy a table (some of its columns, no join, filter or purpose), kept while other modules'
 * SQL reads them. This list may only shrink: a new read view is shaped by what its readers need (or the reads go
 * through the owner's services), and a view that goes (retired by a later migration of its owner, or reshaped by
 * purpose) leaves the list, which the test below asks for. 29 at first (issue #26).
 */
const tableCopiesAllowed = [
  'courses_exams_view',
  'identity_actor_access_rules',
  'identity_actors',
  'people_corporation_people',
  'planning_lesson_planning_groups',
  'planning_lesson_teachers',
  'planning_lessons',
  'planning_planning_group_subscriptions',
  'planning_planning_groups',
  'students_student_contracts',
  'students_student_registrations',
  'teaching_coach_attributions',
  'training_centre_campuses',
  'trainings_grade_scale_elements',
  'trainings_school_subjects',
  'trainings_training_groups',
  'trainings_training_sessions',
  'trainings_trainings',
];

describe('module boundaries', () => {
  it('knows every module\'s tables from its migrations', () => {
    expect(ownedTables('training-centre')).toEqual(expect.arrayContaining(['campuses', 'rooms', 'buildings', 'sites']));
    expect(ownedTables('planning')).toEqual(expect.arrayContaining(['lessons', 'lesson_rooms', 'planning_groups']));
    expect(ownedTables('identity')).toEqual(expect.arrayContaining(['actors', 'actor_access_rules', 'sessions']));
  });

  it('finds a table used in knex builders and raw SQL, and not the same word in a message', () => {
    expect(tableReferences("knex('rooms as r').join('campuses as c', 'c.id', 'r.campus_id')", 'campuses')).toBe(1);
    expect(tableReferences('SELECT 1 FROM lessons l JOIN rooms r ON r.id = l.room_id', 'rooms')).toBe(1);
    expect(tableReferences("t('planning.rooms.title', { from: 'rooms' }) // the campuses of the actor", 'campuses')).toBe(0);
  });

  it('finds a table name built in a template string, and not a message or a short suffix', () => {
    const tables = ['attendance_lines', 'attendance_settings', 'lessons', 'lesson_rooms'];
    expect(builtTableReferences('knex(`${prefix}_lines`)', tables)).toEqual(['attendance_lines']);
    expect(builtTableReferences('const table = `attendance_${kind}`;', tables)).toEqual(['attendance_lines', 'attendance_settings']);
    expect(builtTableReferences('`SELECT 1 FROM lesson_${"rooms"} r`', tables)).toEqual(['lesson_rooms']);
    expect(builtTableReferences('`${count} lessons`, `${a}_${b}`, `${n}px`, `planning.${key}`', tables)).toEqual([]);
  });

  // Another module's rows are read through its services or the read views its migrations create
  // (`identity_actors`, `training_centre_room_places`…), and written through its services.
  it('lets no module name another module\'s table in its SQL, nor build its name in a template string', () => {
    expect(crossings()).toEqual([]);
  });

  it('tells a table copy from a view shaped by its purpose', () => {
    expect(isTableCopy('SELECT id, name, open_days FROM campuses')).toBe(true);
    expect(isTableCopy('SELECT actor_id AS student_id, guardian_email FROM students s')).toBe(true);
    expect(isTableCopy('SELECT * FROM rooms')).toBe(true);
    expect(isTableCopy('SELECT actor_id, guardian_email FROM students WHERE guardian_email IS NOT NULL')).toBe(false);
    expect(isTableCopy('SELECT c.id, l.hours FROM teacher_contracts c JOIN teacher_contract_subject_lines l ON l.teacher_contract_id = c.id')).toBe(false);
    expect(isTableCopy('SELECT variant_id, sum(hours) AS hours FROM plan GROUP BY variant_id')).toBe(false);
  });

  it('makes read views only with readViewsMigration, so that this test sees them', () => {
    expect(viewsMadeElsewhere()).toEqual([]);
    expect(readViews().length).toBeGreaterThan(0);
  });

  it('allows no new table-copy view, and lists only the table copies that remain (the list shrinks)', () => {
    const views = readViews();
    const copies = views.filter((view) => isTableCopy(view.query)).map((view) => view.name);
    expect(copies.filter((name) => !tableCopiesAllowed.includes(name)), 'read views that copy a table: shape them by purpose, or read through the owner\'s services').toEqual([]);
    expect(tableCopiesAllowed.filter((name) => !copies.includes(name)), 'gone or reshaped: take them off tableCopiesAllowed').toEqual([]);
    expect(views.filter((view) => !view.name.startsWith(`${view.owner.replace(/-/g, '_')}_`)).map((view) => view.name), 'a read view is named <owner>_<what>').toEqual([]);
  });
});
