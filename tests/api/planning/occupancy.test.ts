import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp, reasonOf } from '../../support/app.js';
import { insertLesson, makePerson, makePlanningGroup, makeRooms, parisTime, planningDemo } from '../../support/planning/fixtures.js';
import { countRows, loggedAs } from '../../support/planning/resources.js';

// A week of its own, far from the demo term: Monday 10 to Sunday 16 March 2031.
const monday = '2031-03-10';
const wednesday = '2031-03-12';
const week = { startDate: '2031-03-10', endDate: '2031-03-16' };

let app: TestApp;
let paris: string;
let lyon: string;
let rooms: string[];
let lyonRoom: string;
let teacher: string;
let group: string;
let subject: { id: string; name: string };
let lesson: string;
let pedagogy: ApiClient;
let pedagogyFr: ApiClient;

const occupancyPath = (campus: string, startDate = week.startDate, endDate = week.endDate, type = 'week') => `/api/planning/ROS/campus/${campus}/${startDate}/${endDate}/${type}`;
const createPath = (campus: string, room: string) => `/api/planning/booking/${campus}/${room}/${week.startDate}/${week.endDate}/create`;
const editPath = (booking: string, campus: string) => `/api/planning/booking/${booking}/${campus}/${week.startDate}/${week.endDate}/edit`;
const deletePath = (booking: string, campus: string) => `/api/planning/booking/${booking}/${campus}/${week.startDate}/${week.endDate}/delete`;
const slot = (day: string, start: string, end: string) => ({ startAt: parisTime(day, start), endAt: parisTime(day, end) });

beforeAll(async () => {
  app = await startTestApp();
  const ids = await planningDemo(app);
  paris = ids.paris;
  lyon = ids.lyon;
  rooms = await makeRooms(app, paris, 2);
  [lyonRoom] = await makeRooms(app, lyon, 1) as [string];
  teacher = await makePerson(app, [paris]);
  group = await makePlanningGroup(app, paris);
  const row = await app.core.db.knex('school_subjects').orderBy('name').first('id', 'name');
  subject = { id: row.id, name: row.name };
  lesson = await insertLesson(app, { campusId: paris, ...slot(monday, '09:00', '11:00'), teacherIds: [teacher], roomIds: [rooms[0]!], planningGroupIds: [group], schoolSubjectId: subject.id });
  // Neither a cancelled lesson nor next week's lesson belongs to the plan.
  await insertLesson(app, { campusId: paris, ...slot('2031-03-11', '09:00', '11:00'), roomIds: [rooms[0]!], status: 'cancelled' });
  await insertLesson(app, { campusId: paris, ...slot('2031-03-17', '09:00', '11:00'), roomIds: [rooms[0]!] });
  pedagogy = await loggedAs(app, 'pedagogy', 'en');
  pedagogyFr = await loggedAs(app, 'pedagogy', 'fr');
});

afterAll(async () => {
  await app?.close();
});

describe('room occupancy plan', () => {
  it('gives every room of the campus with its active lessons and bookings of the period', async () => {
    const [booking] = await app.core.db.knex('room_bookings')
      .insert({ room_id: rooms[1], campus_id: paris, title: 'Réunion des formateurs', start_at: parisTime(wednesday, '14:00'), end_at: parisTime(wednesday, '15:00') })
      .returning('id');
    const response = await pedagogy.get(occupancyPath(paris));
    expect(response.status).toBe(200);
    const plan = response.json;
    expect(plan).toMatchObject({ campus: { id: paris, name: 'Paris' }, ...week, type: 'week', canBook: true });
    // The demo rooms are there too, each with its building and site.
    expect(plan.rooms.length).toBeGreaterThanOrEqual(9);
    expect(plan.rooms.find((r: any) => r.room.name === 'A101')).toMatchObject({ building: { name: 'Bâtiment A', site: { name: 'Paris Nation' } } });
    const first = plan.rooms.find((r: any) => r.room.id === rooms[0]);
    expect(first.lessons).toEqual([
      {
        id: lesson, ...slot(monday, '09:00', '11:00'), status: 'active', lessonType: 'course', remote: 'present', description: null,
        schoolSubject: expect.objectContaining({ id: subject.id, name: subject.name }),
        teachers: [expect.objectContaining({ id: teacher, firstName: 'Test' })],
        planningGroups: [expect.objectContaining({ id: group })],
      },
    ]);
    expect(first.bookings).toEqual([]);
    const second = plan.rooms.find((r: any) => r.room.id === rooms[1]);
    expect(second.bookings).toEqual([expect.objectContaining({ id: booking.id, title: 'Réunion des formateurs', ...slot(wednesday, '14:00', '15:00') })]);
    // A day's plan only holds that day.
    const day = await pedagogy.get(occupancyPath(paris, wednesday, wednesday, 'day'));
    expect(day.json.rooms.find((r: any) => r.room.id === rooms[0]).lessons).toEqual([]);
    expect(day.json.rooms.find((r: any) => r.room.id === rooms[1]).bookings).toHaveLength(1);
    await app.core.db.knex('room_bookings').where({ id: booking.id }).delete();
  });

  it('lists the campuses the user may read, and where it may book', async () => {
    const campuses = (await pedagogy.get('/api/planning/resources/campuses')).json.campuses;
    expect(campuses).toEqual([{ id: lyon, name: 'Lyon', canBook: true }, { id: paris, name: 'Paris', canBook: true }]);
    const readOnly = await loggedAs(app, 'read-only');
    expect((await readOnly.get('/api/planning/resources/campuses')).json.campuses).toEqual([{ id: paris, name: 'Paris', canBook: false }]);
    expect((await readOnly.get('/api/planification/ressources/campus')).json.campuses).toEqual([{ id: paris, name: 'Paris', canBook: false }]);
  });

  it('refuses another campus, a teacher, and bad periods', async () => {
    const manager = await loggedAs(app, 'campus-manager');
    const refused = await manager.get(occupancyPath(paris));
    expect(refused.status).toBe(403);
    expect(reasonOf(refused.json.errors[0])).toBe('Access Denied.');
    expect((await manager.get(occupancyPath(lyon))).status).toBe(200);
    const teacherClient = await loggedAs(app, 'teacher');
    expect((await teacherClient.get(occupancyPath(paris))).status).toBe(403);

    const bad = async (path: string) => {
      const response = await pedagogy.get(path);
      expect(response.status).toBe(422);
      return response.json.errors;
    };
    expect(await bad(occupancyPath('not-a-uuid'))).toEqual([{ path: 'campus', message: 'The id "not-a-uuid" is not a valid UUID.' }]);
    expect(await bad(occupancyPath(paris, '2031-03-16', '2031-03-10'))).toEqual([{ path: 'endDate', message: 'The end date must not be before the start date.' }]);
    expect(await bad(occupancyPath(paris, '2031-01-01', '2031-12-31', 'month'))).toEqual([{ path: 'endDate', message: 'The period cannot be longer than 62 days.' }]);
    expect(await bad(occupancyPath(paris, week.startDate, week.endDate, 'year'))).toEqual([{ path: 'type', message: 'The display must be day, week or month.' }]);
    expect(await bad(occupancyPath(paris, '2031-02-30', week.endDate))).toEqual([{ path: 'startDate', message: 'This value is not a valid date.' }]);
    const fr = await pedagogyFr.get(occupancyPath(paris, week.startDate, week.endDate, 'year'));
    expect(fr.json.errors).toEqual([{ path: 'type', message: "L'affichage doit être jour, semaine ou mois." }]);
  });
});

describe('room bookings', () => {
  it('books a free slot, edits it and deletes it; the answer keeps the plan period', async () => {
    const created = await pedagogy.post(createPath(paris, rooms[1]!), { title: 'Jury de soutenance', description: 'Salle fermée', ...slot(wednesday, '14:00', '16:00') });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      message: 'The room has been booked.', campus: paris, ...week,
      booking: { roomId: rooms[1], title: 'Jury de soutenance', description: 'Salle fermée', ...slot(wednesday, '14:00', '16:00') },
    });
    const id = created.json.booking.id;
    expect(await app.core.db.knex('room_bookings').where({ id }).first('booked_by', 'campus_id')).toEqual({ booked_by: expect.any(String), campus_id: paris });

    const shown = await pedagogy.get(editPath(id, paris));
    expect(shown.json).toMatchObject({ booking: { id, title: 'Jury de soutenance' }, campus: paris, ...week });

    const edited = await pedagogyFr.post(editPath(id, paris), { title: 'Jury reporté', ...slot(wednesday, '16:00', '18:00') });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ message: 'La réservation a été enregistrée.', booking: { title: 'Jury reporté', description: null, ...slot(wednesday, '16:00', '18:00') } });
    // Moving a booking over its own old slot is no overlap with itself.
    expect((await pedagogy.post(editPath(id, paris), { title: 'Jury reporté', ...slot(wednesday, '15:00', '17:00') })).status).toBe(200);

    const removed = await pedagogy.post(deletePath(id, paris));
    expect(removed.json).toEqual({ deleted: id, campus: paris, ...week, message: 'The booking has been deleted.' });
    expect(await countRows(app, 'room_bookings', { id })).toBe(0);
  });

  it('refuses a slot over an active lesson of the room, naming the lesson', async () => {
    const before = await countRows(app, 'room_bookings', { room_id: rooms[0] });
    const refused = await pedagogy.post(createPath(paris, rooms[0]!), { title: 'Réunion', ...slot(monday, '10:00', '12:00') });
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual([{ path: '', message: `The room is taken by the lesson “${subject.name}” on ${monday} from 09:00 to 11:00.` }]);
    expect(refused.json.conflicts).toEqual([expect.objectContaining({ kind: 'room', otherId: lesson })]);
    const fr = await pedagogyFr.post(createPath(paris, rooms[0]!), { title: 'Réunion', ...slot(monday, '08:00', '09:30') });
    expect(fr.json.errors[0].message).toBe(`La salle est occupée par le cours « ${subject.name} » le ${monday} de 09:00 à 11:00.`);
    // Right after the lesson is free; a cancelled lesson holds nothing.
    const after = await pedagogy.post(createPath(paris, rooms[0]!), { title: 'Après le cours', ...slot(monday, '11:00', '12:00') });
    expect(after.status).toBe(200);
    const overCancelled = await pedagogy.post(createPath(paris, rooms[0]!), { title: 'Créneau libéré', ...slot('2031-03-11', '09:00', '11:00') });
    expect(overCancelled.status).toBe(200);
    expect(await countRows(app, 'room_bookings', { room_id: rooms[0] })).toBe(before + 2);
    // Editing a booking onto the lesson is refused too.
    const moved = await pedagogy.post(editPath(after.json.booking.id, paris), { title: 'Après le cours', ...slot(monday, '10:30', '12:00') });
    expect(moved.json.errors[0].message).toContain(`“${subject.name}”`);
    expect((await app.core.db.knex('room_bookings').where({ id: after.json.booking.id }).first('start_at')).start_at.toISOString()).toBe(parisTime(monday, '11:00'));
  });

  it('refuses a slot over another booking (exclusion constraint), naming it; of racing requests exactly one wins', async () => {
    const first = await pedagogy.post(createPath(paris, rooms[1]!), { title: 'Conseil de classe', ...slot('2031-03-13', '10:00', '12:00') });
    expect(first.status).toBe(200);
    const refused = await pedagogy.post(createPath(paris, rooms[1]!), { title: 'Autre réunion', ...slot('2031-03-13', '11:00', '13:00') });
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual([{ path: '', message: 'The room is already booked for “Conseil de classe” on 2031-03-13 from 10:00 to 12:00.' }]);
    expect(refused.json.conflicts).toEqual([expect.objectContaining({ kind: 'booking', otherId: first.json.booking.id })]);

    const race = await Promise.all(
      Array.from({ length: 8 }, (_, i) => pedagogy.post(createPath(paris, rooms[1]!), { title: `Course ${i}`, ...slot('2031-03-14', '09:00', '10:00') })),
    );
    expect(race.filter((r) => r.status === 200)).toHaveLength(1);
    const losers = race.filter((r) => r.status !== 200);
    expect(losers.every((r) => r.status === 422 && /^The room is already booked for “Course \d” on 2031-03-14 from 09:00 to 10:00\.$/.test(r.json.errors[0].message))).toBe(true);
    const [won] = await app.core.db.knex('room_bookings').where({ room_id: rooms[1] }).andWhereLike('title', 'Course %').count({ n: '*' });
    expect(Number(won!.n)).toBe(1);
  });

  it('refuses bad input with messages and writes nothing', async () => {
    const before = await countRows(app, 'room_bookings', { campus_id: paris });
    const bad = async (path: string, body: unknown) => {
      const response = await pedagogy.post(path, body);
      expect(response.status).toBe(422);
      return response.json.errors;
    };
    const ok = { title: 'Valide', ...slot('2031-03-15', '09:00', '10:00') };
    expect(await bad(createPath(paris, 'salle-1'), ok)).toEqual([{ path: 'room', message: 'The id "salle-1" is not a valid UUID.' }]);
    expect(await bad(`/api/planning/booking/${paris}/${rooms[1]}/2031-03-16/2031-03-10/create`, ok)).toEqual([{ path: 'endDate', message: 'The end date must not be before the start date.' }]);
    expect(await bad(`/api/planning/booking/${paris}/${rooms[1]}/2031-01-01/2031-06-30/create`, ok)).toEqual([{ path: 'endDate', message: 'The period cannot be longer than 62 days.' }]);
    expect(await bad(createPath(paris, rooms[1]!), { title: '', startAt: 'tomorrow', endAt: parisTime('2031-03-15', '08:00') })).toEqual([
      { path: 'title', message: 'This value should not be blank.' },
      { path: 'startAt', message: 'This value is not a valid date and time.' },
    ]);
    expect(await bad(createPath(paris, rooms[1]!), { ...ok, ...slot('2031-03-15', '10:00', '09:00') })).toEqual([{ path: 'endAt', message: 'The end must come after the start.' }]);
    expect(await bad(createPath(paris, rooms[1]!), { ...ok, endAt: parisTime('2031-03-16', '10:00') })).toEqual([{ path: 'endAt', message: 'A booking starts and ends on the same day.' }]);
    expect(await bad(createPath(paris, rooms[1]!), { ...ok, title: 'x'.repeat(161) })).toEqual([{ path: 'title', message: 'This value should have 160 character(s) or less.' }]);
    // A room of another campus is not this campus's room.
    expect(await bad(createPath(paris, lyonRoom), ok)).toEqual([{ path: 'room', message: 'This room does not belong to the campus.' }]);
    expect(await bad(editPath('x', paris), ok)).toEqual([{ path: 'eventBooking', message: 'The id "x" is not a valid UUID.' }]);
    expect((await pedagogy.post(createPath(paris, crypto.randomUUID()), ok)).status).toBe(404);
    expect((await pedagogy.post(editPath(crypto.randomUUID(), paris), ok)).status).toBe(404);
    expect(await countRows(app, 'room_bookings', { campus_id: paris })).toBe(before);
  });

  it('keeps campuses apart: another campus, read-only and a booking of another campus are refused', async () => {
    const booked = await pedagogy.post(createPath(paris, rooms[1]!), { title: 'Réservée Paris', ...slot('2031-03-15', '13:00', '14:00') });
    const id = booked.json.booking.id;
    const manager = await loggedAs(app, 'campus-manager');
    const body = { title: 'Prise par Lyon', ...slot('2031-03-15', '15:00', '16:00') };
    expect((await manager.post(createPath(paris, rooms[1]!), body)).status).toBe(403);
    expect((await manager.post(editPath(id, paris), body)).status).toBe(403);
    expect((await manager.post(deletePath(id, paris))).status).toBe(403);
    // Naming its own campus in the path does not reach another campus's booking.
    expect((await manager.post(editPath(id, lyon), body)).status).toBe(404);
    expect((await manager.request('DELETE', deletePath(id, lyon))).status).toBe(404);
    const readOnly = await loggedAs(app, 'read-only');
    expect((await readOnly.get(occupancyPath(paris))).json.canBook).toBe(false);
    expect((await readOnly.post(createPath(paris, rooms[1]!), body)).status).toBe(403);
    expect((await readOnly.post(deletePath(id, paris))).status).toBe(403);
    expect(await app.core.db.knex('room_bookings').where({ id }).first('title')).toEqual({ title: 'Réservée Paris' });
    // The French path and DELETE verb do the same.
    const removed = await pedagogyFr.request('DELETE', `/api/planification/reservation/${id}/${paris}/${week.startDate}/${week.endDate}/supprimer`);
    expect(removed.json.message).toBe('La réservation a été supprimée.');
  });
});
