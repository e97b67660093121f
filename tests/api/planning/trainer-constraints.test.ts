import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from '../../support/app.js';
import { insertLesson, makePerson, makeRooms, parisTime, planningDemo, tag } from '../../support/planning/fixtures.js';
import { countRows, loggedAs } from '../../support/planning/resources.js';

let app: TestApp;
let paris: string;
let lyon: string;
let teacher: string;
let teacherName: string;
let lyonTeacher: string;
let subjectName: string;
let pedagogy: ApiClient;
let pedagogyFr: ApiClient;

const list = (client: ApiClient, id: string) => client.get(`/api/planning/trainer-constraints?teacher=${id}`);
const create = (client: ApiClient, body: unknown) => client.post('/api/planning/trainer-constraints', body);
const edit = (client: ApiClient, id: string, body: unknown) => client.post(`/api/planning/trainer-constraints/${id}/edit`, body);
const remove = (client: ApiClient, id: string) => client.post(`/api/planning/trainer-constraints/${id}/delete`);

beforeAll(async () => {
  app = await startTestApp();
  ({ paris, lyon } = await planningDemo(app));
  teacherName = tag('Contrainte');
  teacher = await makePerson(app, [paris], 'teacher', teacherName);
  lyonTeacher = await makePerson(app, [lyon], 'trainer');
  const [room] = await makeRooms(app, paris, 1);
  const subject = await app.core.db.knex('school_subjects').orderBy('name').first('id', 'name');
  subjectName = subject.name;
  // Tuesday 8 April 2031, 14:00-16:00 (summer time), and a cancelled one on Wednesday that blocks nothing.
  await insertLesson(app, { campusId: paris, startAt: parisTime('2031-04-08', '14:00'), endAt: parisTime('2031-04-08', '16:00'), teacherIds: [teacher], roomIds: [room!], schoolSubjectId: subject.id });
  await insertLesson(app, { campusId: paris, startAt: parisTime('2031-04-09', '14:00'), endAt: parisTime('2031-04-09', '16:00'), teacherIds: [teacher], status: 'cancelled' });
  pedagogy = await loggedAs(app, 'pedagogy', 'en');
  pedagogyFr = await loggedAs(app, 'pedagogy', 'fr');
});

afterAll(async () => {
  await app?.close();
});

describe('trainer constraints', () => {
  it('finds the trainers of the user’s campuses by name', async () => {
    const found = (await pedagogy.get(`/api/planning/trainer-constraints/teachers?search=${teacherName.slice(0, 12)}`)).json.teachers;
    expect(found).toEqual([{ id: teacher, firstName: 'Test', lastName: teacherName }]);
    const manager = await loggedAs(app, 'campus-manager');
    expect((await manager.get(`/api/planning/trainer-constraints/teachers?search=${teacherName}`)).json.teachers).toEqual([]);
    expect((await pedagogyFr.get('/api/planification/contraintes-formateurs/formateurs?search=Lef')).json.teachers).toEqual(
      expect.arrayContaining([expect.objectContaining({ lastName: 'Lefèvre' })]),
    );
  });

  it('with the whole period, at least two days must be chosen (fr and en); two days are fine', async () => {
    const oneDay = { teacher, allDay: true, startDate: '2031-04-14', endDate: '2031-04-14' };
    const en = await create(pedagogy, oneDay);
    expect(en.status).toBe(422);
    expect(en.json.errors).toEqual([{ path: 'endDate', message: 'With the whole period, at least two days must be chosen.' }]);
    const fr = await create(pedagogyFr, oneDay);
    expect(fr.json.errors).toEqual([{ path: 'endDate', message: 'Avec toute la période, au moins deux jours doivent être choisis.' }]);
    expect(await countRows(app, 'trainer_constraints', { teacher_id: teacher })).toBe(0);

    const created = await create(pedagogy, { ...oneDay, endDate: '2031-04-15', description: 'Formation externe' });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      message: 'The trainer constraint has been added.',
      trainerConstraint: {
        teacherId: teacher, allDay: true, description: 'Formation externe', startDate: '2031-04-14', endDate: '2031-04-15',
        // Whole Paris days: midnight to the midnight after the last day.
        startAt: parisTime('2031-04-14', '00:00'), endAt: parisTime('2031-04-16', '00:00'),
      },
    });
    const listed = (await list(pedagogy, teacher)).json;
    expect(listed).toMatchObject({ teacher: { id: teacher, lastName: teacherName }, canUpdate: true });
    expect(listed.constraints.map((c: { id: string }) => c.id)).toEqual([created.json.trainerConstraint.id]);
    expect((await remove(pedagogy, created.json.trainerConstraint.id)).json).toEqual({ deleted: created.json.trainerConstraint.id, message: 'The trainer constraint has been deleted.' });
  });

  it('an overlap with a course blocks the change: creating or moving over an active lesson names it', async () => {
    const over = { teacher, allDay: false, startDate: '2031-04-08', startTime: '15:00', endTime: '17:00' };
    const refused = await create(pedagogy, over);
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual([
      { path: '', message: `This constraint overlaps the lesson “${subjectName}” on 2031-04-08 from 14:00 to 16:00: an overlap with a course blocks the change.` },
    ]);
    const fr = await create(pedagogyFr, over);
    expect(fr.json.errors[0].message).toBe(`Cette contrainte chevauche le cours « ${subjectName} » le 2031-04-08 de 14:00 à 16:00 : un chevauchement avec un cours bloque la modification.`);
    // The whole period over that day is a course overlap too.
    expect((await create(pedagogy, { teacher, allDay: true, startDate: '2031-04-07', endDate: '2031-04-08' })).status).toBe(422);
    expect(await countRows(app, 'trainer_constraints', { teacher_id: teacher })).toBe(0);

    // Right after the lesson, and over the cancelled lesson, is free.
    const free = await create(pedagogy, { ...over, startTime: '16:00', endTime: '18:00', description: 'Rendez-vous' });
    expect(free.status).toBe(200);
    expect(free.json.trainerConstraint).toMatchObject({ allDay: false, startDate: '2031-04-08', startTime: '16:00', endTime: '18:00', startAt: parisTime('2031-04-08', '16:00') });
    expect((await create(pedagogy, { ...over, startDate: '2031-04-09', startTime: '14:00', endTime: '16:00' })).status).toBe(200);

    const id = free.json.trainerConstraint.id;
    const moved = await edit(pedagogy, id, { allDay: false, startDate: '2031-04-08', startTime: '13:00', endTime: '14:30' });
    expect(moved.status).toBe(422);
    expect(moved.json.errors[0].message).toContain(`“${subjectName}”`);
    const stored = await app.core.db.knex('trainer_constraints').where({ id }).first('start_at', 'description');
    expect(stored).toEqual({ start_at: new Date(parisTime('2031-04-08', '16:00')), description: 'Rendez-vous' });
    const saved = await edit(pedagogyFr, id, { allDay: false, startDate: '2031-04-10', startTime: '08:00', endTime: '09:00', description: '' });
    expect(saved.json).toMatchObject({ message: 'La contrainte formateur a été enregistrée.', trainerConstraint: { id, teacherId: teacher, startDate: '2031-04-10', startTime: '08:00', description: null } });
  });

  it('refuses bad input with messages and writes nothing', async () => {
    const before = await countRows(app, 'trainer_constraints', { teacher_id: teacher });
    const bad = async (response: Promise<{ status: number; json: any }>) => {
      const answer = await response;
      expect(answer.status).toBe(422);
      return answer.json.errors;
    };
    expect(await bad(create(pedagogy, { teacher: 'Nadia', allDay: false, startDate: '2031-04-20', startTime: '10:00', endTime: '09:00' }))).toEqual([
      { path: 'teacher', message: 'This value is not a valid UUID.' },
      { path: 'endTime', message: 'The end time must come after the start time.' },
    ]);
    expect(await bad(create(pedagogy, { teacher, allDay: true, startDate: '2031-04-22', endDate: '2031-04-20' }))).toEqual([
      { path: 'endDate', message: 'The end date must not be before the start date.' },
    ]);
    expect(await bad(create(pedagogy, { teacher, allDay: 'maybe', startDate: '2031-02-30', startTime: '25:00', endTime: '10:00' }))).toEqual([
      { path: 'allDay', message: 'This value should be true or false.' },
      { path: 'startDate', message: 'This value is not a valid date.' },
      { path: 'startTime', message: 'This value is not a valid time (HH:MM).' },
    ]);
    expect(await bad(create(pedagogy, { teacher: crypto.randomUUID(), allDay: true, startDate: '2031-04-20', endDate: '2031-04-22' }))).toEqual([
      { path: 'teacher', message: 'This person is not a trainer.' },
    ]);
    expect(await bad(list(pedagogy, 'abc'))).toEqual([{ path: 'teacher', message: 'The id "abc" is not a valid UUID.' }]);
    expect(await bad(pedagogy.get('/api/planning/trainer-constraints'))).toEqual([{ path: 'teacher', message: 'This value should not be blank.' }]);
    expect(await bad(edit(pedagogy, 'abc', {}))).toEqual([{ path: 'id', message: 'The id "abc" is not a valid UUID.' }]);
    expect((await edit(pedagogy, crypto.randomUUID(), { allDay: true, startDate: '2031-04-20', endDate: '2031-04-22' })).status).toBe(404);
    expect(await countRows(app, 'trainer_constraints', { teacher_id: teacher })).toBe(before);
  });

  it('keeps campuses apart; read-only reads but changes nothing; a teacher is refused', async () => {
    const created = await create(pedagogy, { teacher, allDay: true, startDate: '2031-05-05', endDate: '2031-05-06' });
    const id = created.json.trainerConstraint.id;
    const manager = await loggedAs(app, 'campus-manager');
    expect((await list(manager, teacher)).status).toBe(403);
    expect((await create(manager, { teacher, allDay: true, startDate: '2031-05-12', endDate: '2031-05-13' })).status).toBe(403);
    expect((await edit(manager, id, { allDay: true, startDate: '2031-05-12', endDate: '2031-05-13' })).status).toBe(403);
    expect((await remove(manager, id)).status).toBe(403);
    // Its own campus's trainer is fine.
    expect((await create(manager, { teacher: lyonTeacher, allDay: true, startDate: '2031-05-12', endDate: '2031-05-13' })).status).toBe(200);

    const readOnly = await loggedAs(app, 'read-only');
    const seen = await list(readOnly, teacher);
    expect(seen.status).toBe(200);
    expect(seen.json.canUpdate).toBe(false);
    expect((await create(readOnly, { teacher, allDay: true, startDate: '2031-05-12', endDate: '2031-05-13' })).status).toBe(403);
    expect((await remove(readOnly, id)).status).toBe(403);
    const teacherClient = await loggedAs(app, 'teacher');
    expect((await list(teacherClient, teacher)).status).toBe(403);
    expect(await countRows(app, 'trainer_constraints', { id })).toBe(1);
    expect((await pedagogyFr.request('DELETE', `/api/planification/contraintes-formateurs/${id}/supprimer`)).json.message).toBe('La contrainte formateur a été supprimée.');
  });

  it('gives the planning the constraints of teachers over a period (one query)', async () => {
    const created = await create(pedagogy, { teacher, allDay: false, startDate: '2031-06-02', startTime: '08:00', endTime: '10:00' });
    const services = app.core.services<any>('planning');
    const found = await services.trainerConstraints.forTeachers(app.core.db.knex, [teacher, lyonTeacher], parisTime('2031-06-02', '09:00'), parisTime('2031-06-02', '12:00'));
    expect(found.map((c: { id: string }) => c.id)).toEqual([created.json.trainerConstraint.id]);
    expect(await services.trainerConstraints.forTeachers(app.core.db.knex, [teacher], parisTime('2031-06-02', '10:00'), parisTime('2031-06-02', '12:00'))).toEqual([]);
  });
});
