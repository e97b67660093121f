import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conflict, LessonSlot } from '@alterna/planning';
import { publicHolidays } from '@alterna/training-centre';
import { ApiClient, demo as demoLogin, startTestApp, type TestApp } from '../../support/app.js';
import { insertLesson, makePerson, makePlanningGroup, makeRooms, planningDemo, tag } from '../../support/planning/fixtures.js';
import {
  CREATE_LESSON, UPDATE_LESSON, addBooking, addConstraint, addDays, addWorkStudy, countRows, firstError, isoWeekday, makeTrainingGroup, planning, slotOn, workingDays,
} from '../../support/planning/lessons.js';

let app: TestApp;
let demo: Awaited<ReturnType<typeof planningDemo>>;
let days: string[];
beforeAll(async () => {
  app = await startTestApp();
  demo = await planningDemo(app);
  days = await workingDays(app, demo.paris, 16, 40);
});
afterAll(() => app.close());

const check = (slots: LessonSlot[], options?: { calendar?: boolean; resources?: boolean }) => planning(app).conflicts.check(app.core.db.knex, slots, options);
const describeIn = (conflicts: Conflict[], language: 'fr' | 'en') => planning(app).conflicts.describe(app.core.db.knex, conflicts, app.core.i18n.getFixedT(language));
const slot = (over: Partial<LessonSlot> & { startAt: string; endAt: string }): LessonSlot => ({ campusId: demo.paris, teacherIds: [], roomIds: [], planningGroupIds: [], ...over });

/** A small world of the test's own: two rooms, two teachers, a parent group with two children, and one lesson of Anglais. */
async function world(day: string) {
  const [room, otherRoom] = await makeRooms(app, demo.paris, 2);
  const teacher = await makePerson(app, [demo.paris], 'teacher', tag('Martin'));
  const otherTeacher = await makePerson(app, [demo.paris]);
  const parent = await makePlanningGroup(app, demo.paris, { name: tag('BTS ') });
  const child = await makePlanningGroup(app, demo.paris, { name: tag('BTS MCO 1 '), parentId: parent });
  const sibling = await makePlanningGroup(app, demo.paris, { parentId: parent });
  const lesson = await insertLesson(app, {
    campusId: demo.paris, ...slotOn(day, '09:00', '11:00'), teacherIds: [teacher], roomIds: [room!], planningGroupIds: [child],
    schoolSubjectId: demo.subjects.ANG, sessionId: demo.session.id,
  });
  const names = await app.core.db.knex('rooms').where({ id: room }).first('name');
  const person = await app.core.db.knex('actors').where({ id: teacher }).first('first_name', 'last_name');
  const group = await app.core.db.knex('planning_groups').where({ id: child }).first('name');
  return { room: room!, otherRoom: otherRoom!, teacher, otherTeacher, parent, child, sibling, lesson, roomName: names.name, teacherName: `${person.first_name} ${person.last_name}`, childName: group.name };
}

describe('hard conflicts: what another lesson, a booking or a constraint holds', () => {
  it('names the room, the teacher and the planning group another lesson holds, in French and English', async () => {
    const w = await world(days[0]!);
    const [conflicts] = await check([slot({ ...slotOn(days[0]!, '10:00', '12:00'), roomIds: [w.room], teacherIds: [w.teacher], planningGroupIds: [w.child] })]);
    expect(conflicts!.map((c) => [c.kind, c.otherId, c.resourceId]).sort()).toEqual([
      ['planningGroup', w.lesson, w.child], ['room', w.lesson, w.room], ['teacher', w.lesson, w.teacher],
    ].sort());
    const fr = await describeIn(conflicts!, 'fr');
    const when = 'du ' + new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date(slotOn(days[0]!, '09:00', '11:00').startAt));
    expect(fr.map((c) => c.message).sort()).toEqual([
      `La salle ${w.roomName} est déjà occupée par le cours Anglais ${when}, 09:00–11:00.`,
      `Le formateur ${w.teacherName} assure déjà le cours Anglais ${when}, 09:00–11:00.`,
      `Le groupe ${w.childName} a déjà le cours Anglais ${when}, 09:00–11:00.`,
    ].sort());
    const en = await describeIn(conflicts!, 'en');
    expect(en.find((c) => c.kind === 'room')!.message).toMatch(new RegExp(`^Room ${w.roomName} is already taken by the Anglais lesson on \\w+day \\d+ \\w+ \\d{4}, 09:00–11:00\\.$`));
  });

  it('a planning group collides with lessons of its parent and of its children, not of its siblings', async () => {
    const w = await world(days[1]!);
    const at = slotOn(days[1]!, '09:30', '10:30');
    const [byParent, bySibling] = await check([slot({ ...at, planningGroupIds: [w.parent] }), slot({ ...at, planningGroupIds: [w.sibling] })]);
    // The two slots of the list also collide with each other (otherId null): the parent holds its children.
    expect(byParent!.map((c) => [c.kind, c.otherId, c.resourceId])).toEqual([['planningGroup', w.lesson, w.child], ['planningGroup', null, w.sibling]]);
    expect(bySibling!.map((c) => [c.kind, c.otherId, c.resourceId])).toEqual([['planningGroup', null, w.parent]]);
    const parentLesson = await insertLesson(app, { campusId: demo.paris, ...slotOn(days[1]!, '14:00', '16:00'), planningGroupIds: [w.parent], schoolSubjectId: demo.subjects.CGE });
    const [byChild] = await check([slot({ ...slotOn(days[1]!, '15:00', '17:00'), planningGroupIds: [w.child] })]);
    expect(byChild!.map((c) => [c.kind, c.otherId, c.resourceId])).toEqual([['planningGroup', parentLesson, w.parent]]);
  });

  it('names a booking of the room and a constraint of the teacher', async () => {
    const w = await world(days[2]!);
    const booking = await addBooking(app, demo.paris, w.otherRoom, slotOn(days[2]!, '14:00', '15:00').startAt, slotOn(days[2]!, '14:00', '15:00').endAt, 'Portes ouvertes');
    const constraint = await addConstraint(app, w.otherTeacher, slotOn(days[2]!, '13:00', '18:00').startAt, slotOn(days[2]!, '13:00', '18:00').endAt, 'Rendez-vous');
    const [conflicts] = await check([slot({ ...slotOn(days[2]!, '14:30', '16:00'), roomIds: [w.otherRoom], teacherIds: [w.otherTeacher] })]);
    expect(conflicts!.map((c) => [c.kind, c.otherId]).sort()).toEqual([['booking', booking], ['trainerConstraint', constraint]]);
    const messages = (await describeIn(conflicts!, 'fr')).map((c) => c.message);
    expect(messages).toContainEqual(expect.stringMatching(/^La salle S2-\S+ est réservée \(Portes ouvertes\) le \w+ \d+ \S+ \d{4}, 14:00–15:00\.$/));
    expect(messages).toContainEqual(expect.stringMatching(/^Le formateur Test Prof\w+ a une contrainte le \w+ \d+ \S+ \d{4}, 13:00–18:00 \(Rendez-vous\)\.$/));
  });

  it('ignores the lesson being moved, cancelled lessons, and periods that only touch', async () => {
    const w = await world(days[3]!);
    await insertLesson(app, { campusId: demo.paris, ...slotOn(days[3]!, '14:00', '16:00'), roomIds: [w.otherRoom], status: 'cancelled' });
    const result = await check([
      slot({ lessonId: w.lesson, ...slotOn(days[3]!, '09:30', '11:30'), roomIds: [w.room], teacherIds: [w.teacher], planningGroupIds: [w.child] }),
      slot({ ...slotOn(days[3]!, '14:00', '16:00'), roomIds: [w.otherRoom] }),
      slot({ ...slotOn(days[3]!, '11:30', '12:30'), roomIds: [w.room] }),
    ]);
    expect(result).toEqual([[], [], []]);
  });

  it('checks the slots of one list against each other, and a moved lesson only at its new place', async () => {
    const w = await world(days[4]!);
    const [first, second, third] = await check([
      slot({ ...slotOn(days[4]!, '13:00', '15:00'), roomIds: [w.otherRoom] }),
      slot({ ...slotOn(days[4]!, '14:00', '16:00'), roomIds: [w.otherRoom] }),
      // The stored lesson moves to 16:00: its old 09:00 place is free for a new slot of the same list.
      slot({ lessonId: w.lesson, ...slotOn(days[4]!, '16:00', '18:00'), roomIds: [w.room] }),
    ]);
    expect(first!.map((c) => [c.kind, c.otherId, c.resourceId])).toEqual([['room', null, w.otherRoom]]);
    expect(second!.map((c) => [c.kind, c.otherId])).toEqual([['room', null]]);
    expect(third).toEqual([]);
    const [again] = await check([slot({ ...slotOn(days[4]!, '09:00', '10:00'), roomIds: [w.room] }), slot({ lessonId: w.lesson, ...slotOn(days[4]!, '16:00', '18:00'), roomIds: [w.room] })]);
    expect(again).toEqual([]);
    const described = await describeIn(first!, 'en');
    expect(described[0]!.message).toMatch(/^Room S2-\S+ is already taken by another lesson of this request on \w+ \d+ \w+ \d{4}, 14:00–16:00\.$/);
  });
});

describe('calendar conflicts', () => {
  it('closure of the campus, with its name', async () => {
    const closure = await app.core.db.knex('schedule_campus_closures').where({ campus_id: demo.paris, name: 'Vacances de Noël' }).first(app.core.db.knex.raw("to_char(start_date, 'YYYY-MM-DD') AS day"));
    const day = [0, 1, 2, 3].map((n) => addDays(closure.day, n)).find((d) => isoWeekday(d) <= 5)!;
    const [conflicts] = await check([slot(slotOn(day, '09:00', '10:00'))]);
    expect(conflicts!.find((c) => c.kind === 'closure')).toMatchObject({ startAt: day, label: 'Vacances de Noël' });
    const [fr] = await describeIn(conflicts!.filter((c) => c.kind === 'closure'), 'fr');
    expect(fr!.message).toMatch(/^Le campus est fermé le \w+ \d+ décembre \d{4} \(Vacances de Noël\)\.$/);
  });

  it('public holiday, named in the asker\'s language', async () => {
    const year = Number(demo.session.endDate.slice(0, 4));
    const easterMonday = publicHolidays(year).find((h) => h.key === 'easterMonday')!.date;
    const [conflicts] = await check([slot(slotOn(easterMonday, '09:00', '10:00'))]);
    const holiday = conflicts!.filter((c) => c.kind === 'publicHoliday');
    expect(holiday).toMatchObject([{ startAt: easterMonday, label: 'easterMonday' }]);
    expect((await describeIn(holiday, 'fr'))[0]!.message).toMatch(/^Le \d+ \S+ \d{4} est un jour férié \(Lundi de Pâques\)\.$/);
    expect((await describeIn(holiday, 'en'))[0]!.message).toMatch(/^\d+ \w+ \d{4} is a public holiday \(Easter Monday\)\.$/);
  });

  it('company period of the training group of the slot\'s planning groups, or of their parent', async () => {
    const trainingGroup = await makeTrainingGroup(app, demo.paris);
    const group = await makePlanningGroup(app, demo.paris, { trainingGroupId: trainingGroup.id });
    const child = await makePlanningGroup(app, demo.paris, { parentId: group });
    const period = await addWorkStudy(app, trainingGroup.id, days[5]!, days[6]!);
    await addWorkStudy(app, trainingGroup.id, days[7]!, days[7]!, 'Formation');
    const result = await check([
      slot({ ...slotOn(days[5]!, '09:00', '10:00'), planningGroupIds: [group] }),
      slot({ ...slotOn(days[6]!, '09:00', '10:00'), planningGroupIds: [child] }),
      slot({ ...slotOn(days[7]!, '09:00', '10:00'), planningGroupIds: [group] }),
    ]);
    expect(result.map((conflicts) => conflicts.map((c) => [c.kind, c.otherId]))).toEqual([[['companyPeriod', period]], [['companyPeriod', period]], []]);
    const [fr] = await describeIn(result[0]!, 'fr');
    expect(fr!.message).toBe(`Le groupe ${trainingGroup.name} est en entreprise du ${frDate(days[5]!)} au ${frDate(days[6]!)}.`);
  });

  it('outside the training session dates and on a day the campus is closed', async () => {
    const after = addDays(demo.session.endDate, 3);
    const monday = [0, 1, 2, 3, 4, 5, 6].map((n) => addDays(after, n)).find((d) => isoWeekday(d) === 1)!;
    const saturday = [0, 1, 2, 3, 4, 5, 6].map((n) => addDays(days[0]!, n)).find((d) => isoWeekday(d) === 6)!;
    const [outside, closed] = await check([slot(slotOn(monday, '09:00', '10:00')), slot(slotOn(saturday, '09:00', '10:00'))]);
    expect(outside!.map((c) => c.kind)).toContain('outsideSession');
    expect(closed!.map((c) => c.kind)).toEqual(['closedDay']);
    const messages = await describeIn([...outside!.filter((c) => c.kind === 'outsideSession'), ...closed!], 'fr');
    expect(messages.map((c) => c.message)).toEqual(['Hors des dates de la session de formation.', 'Le campus Paris est fermé le samedi.']);
    // Lyon is open on Saturdays.
    expect((await check([slot({ campusId: demo.lyon, ...slotOn(saturday, '09:00', '10:00') })]))[0]!.map((c) => c.kind)).not.toContain('closedDay');
  });

  it('checks only what is asked', async () => {
    const w = await world(days[8]!);
    const [both] = await check([slot({ ...slotOn(addDays(demo.session.endDate, 10), '09:00', '10:00'), roomIds: [w.room] })], { calendar: false });
    expect(both).toEqual([]);
    const [resourcesOnly] = await check([slot({ ...slotOn(days[8]!, '09:00', '10:00'), roomIds: [w.room] })], { calendar: false });
    expect(resourcesOnly!.map((c) => c.kind)).toEqual(['room']);
    const [calendarOnly] = await check([slot({ ...slotOn(days[8]!, '09:00', '10:00'), roomIds: [w.room] })], { resources: false });
    expect(calendarOnly).toEqual([]);
  });
});

describe('suggestions', () => {
  it('proposes the nearest free slots of the same length, really free, same day first', async () => {
    const w = await world(days[9]!);
    await insertLesson(app, { campusId: demo.paris, ...slotOn(days[9]!, '11:00', '12:00'), teacherIds: [w.teacher] });
    const asked = slot({ ...slotOn(days[9]!, '09:00', '11:00'), roomIds: [w.room], teacherIds: [w.teacher], planningGroupIds: [w.child] });
    const suggestions = await planning(app).conflicts.suggest(app.core.db.knex, asked);
    expect(suggestions).toHaveLength(3);
    expect(suggestions[0]).toEqual(slotOn(days[9]!, '12:00', '14:00'));
    for (const free of suggestions) expect(new Date(free.endAt).getTime() - new Date(free.startAt).getTime()).toBe(2 * 3_600_000);
    const checked = await check(suggestions.map((free) => ({ ...asked, ...free })));
    // Each is free alone (they may overlap each other only if on the same day, which they do not here).
    expect(checked.flat().filter((c) => c.otherId !== null)).toEqual([]);
  });

  it('skips days the campus is closed', async () => {
    const closure = await app.core.db.knex('schedule_campus_closures').where({ campus_id: demo.paris, name: 'Vacances de Noël' })
      .first(app.core.db.knex.raw("to_char(start_date, 'YYYY-MM-DD') AS start"), app.core.db.knex.raw("to_char(end_date, 'YYYY-MM-DD') AS end"));
    const [room] = await makeRooms(app, demo.paris, 1);
    const suggestions = await planning(app).conflicts.suggest(app.core.db.knex, slot({ ...slotOn(addDays(closure.start, 2), '09:00', '10:00'), roomIds: [room!] }), 5);
    expect(suggestions).toHaveLength(5);
    const checked = await check(suggestions.map((free) => slot({ ...free, roomIds: [room!] })));
    expect(checked.flat().filter((c) => c.otherId !== null)).toEqual([]);
    expect(checked.flat().map((c) => c.kind)).toEqual([]);
  });
});

describe('scale', () => {
  // How long it takes, against a 10x larger centre, is a figure of `npm run bench` (conflict check).
  it('checks 1,000 slots in one pass', async () => {
    const rooms = await makeRooms(app, demo.paris, 10);
    const slots = Array.from({ length: 1000 }, (_, n) => slot({ ...slotOn(days[n % 10]!, `${String(8 + (Math.floor(n / 10) % 10)).padStart(2, '0')}:00`, `${String(9 + (Math.floor(n / 10) % 10)).padStart(2, '0')}:00`), roomIds: [rooms[Math.floor(n / 100)]!] }));
    const result = await check(slots);
    expect(result).toHaveLength(1000);
    // Each room gets 100 slots: one per day and hour of 10 days × 10 hours, so none overlap.
    expect(result.every((conflicts) => conflicts.every((c) => c.kind !== 'room'))).toBe(true);
  });
});

function frDate(day: string): string {
  return new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date(`${day}T12:00:00Z`));
}

describe('the conflict answer of CreateEventLessonSchedule: each kind named, suggestions really free, nothing written', () => {
  let client: ApiClient;
  beforeAll(async () => {
    client = new ApiClient(app.baseUrl, 'fr');
    await client.login(demoLogin('pedagogy'));
  });

  /** Creates through GraphQL, expects a refusal; checks that every suggestion is free for the same lesson. */
  async function refused(input: { campus?: string; startDate: string; endDate: string; teachers?: string[]; rooms?: string[]; planningGroups?: string[] }) {
    const before = await countRows(app, 'lessons');
    const full = { campus: demo.paris, schoolSubject: demo.subjects.ANG, teachers: [], rooms: [], planningGroups: [], ...input };
    const answer = firstError(await client.graphql(CREATE_LESSON, { input: full }));
    expect(await countRows(app, 'lessons')).toBe(before);
    const suggestions = (answer.extensions.suggestions ?? []) as { startAt: string; endAt: string }[];
    if (suggestions.length) {
      const duration = Date.parse(full.endDate) - Date.parse(full.startDate);
      const free = await check(suggestions.map((s) => slot({ campusId: full.campus, ...s, teacherIds: full.teachers, roomIds: full.rooms, planningGroupIds: full.planningGroups })));
      expect(free.map((conflicts) => conflicts.map((c) => c.kind))).toEqual(suggestions.map(() => []));
      for (const s of suggestions) expect(Date.parse(s.endAt) - Date.parse(s.startAt)).toBe(duration);
    }
    return { messages: answer.violations.map((v) => v.message), kinds: ((answer.extensions.conflicts ?? []) as Conflict[]).map((c) => c.kind), suggestions, violations: answer.violations };
  }
  const input = (day: string, from: string, to: string, over: Record<string, unknown> = {}) => {
    const at = slotOn(day, from, to);
    return { startDate: at.startAt, endDate: at.endAt, ...over };
  };

  it('room, teacher and planning group (its parent and children too)', async () => {
    const w = await world(days[10]!);
    const room = await refused(input(days[10]!, '10:00', '11:00', { rooms: [w.room], teachers: [w.otherTeacher], planningGroups: [w.sibling] }));
    expect(room.kinds).toEqual(['room']);
    expect(room.messages[0]).toMatch(new RegExp(`^La salle ${w.roomName} est déjà occupée par le cours Anglais du .+, 09:00–11:00\\.$`));
    expect(room.suggestions).toHaveLength(3);
    const teacher = await refused(input(days[10]!, '10:00', '11:00', { teachers: [w.teacher], rooms: [w.otherRoom] }));
    expect(teacher.kinds).toEqual(['teacher']);
    expect(teacher.messages[0]).toMatch(new RegExp(`^Le formateur ${w.teacherName} assure déjà le cours Anglais`));
    const parent = await refused(input(days[10]!, '08:30', '09:30', { planningGroups: [w.parent] }));
    expect(parent.kinds).toEqual(['planningGroup']);
    expect(parent.messages[0]).toMatch(new RegExp(`^Le groupe ${w.childName} a déjà le cours Anglais`));
  });

  it('booking and trainer constraint', async () => {
    const w = await world(days[11]!);
    await addBooking(app, demo.paris, w.otherRoom, slotOn(days[11]!, '14:00', '16:00').startAt, slotOn(days[11]!, '14:00', '16:00').endAt, 'Jury BTS');
    await addConstraint(app, w.otherTeacher, slotOn(days[11]!, '00:00', '23:59').startAt, slotOn(addDays(days[11]!, 1), '00:00', '01:00').startAt, 'Formation', true);
    const both = await refused(input(days[11]!, '15:00', '17:00', { rooms: [w.otherRoom], teachers: [w.otherTeacher] }));
    expect(both.kinds.sort()).toEqual(['booking', 'trainerConstraint']);
    expect(both.messages).toContainEqual(expect.stringMatching(/^La salle S2-\S+ est réservée \(Jury BTS\) le .+, 14:00–16:00\.$/));
    expect(both.messages).toContainEqual(expect.stringMatching(/^Le formateur Test Prof\w+ a une contrainte le \w+ \d+ \S+ \d{4} \(Formation\)\.$/));
    // The whole day is taken for the teacher: every suggestion (checked free above) is on another day.
    expect(both.suggestions).toHaveLength(3);
    expect(both.suggestions.map((s) => s.startAt.slice(0, 10))).not.toContain(days[11]);
  });

  it('closure, public holiday, closed day, company period and outside the session', async () => {
    const [room] = await makeRooms(app, demo.paris, 1);
    const closure = await app.core.db.knex('schedule_campus_closures').where({ campus_id: demo.paris, name: 'Vacances de Noël' }).first(app.core.db.knex.raw("to_char(start_date, 'YYYY-MM-DD') AS day"));
    const closed = [0, 1, 2, 3].map((n) => addDays(closure.day, n)).find((d) => isoWeekday(d) <= 5)!;
    const teacher = await makePerson(app, [demo.paris]);
    const closureAnswer = await refused(input(closed, '09:00', '10:00', { rooms: [room], teachers: [teacher] }));
    expect(closureAnswer.kinds).toContain('closure');
    expect(closureAnswer.messages).toContainEqual(expect.stringMatching(/^Le campus est fermé le .+ \(Vacances de Noël\)\.$/));

    const year = Number(demo.session.endDate.slice(0, 4));
    const easterMonday = publicHolidays(year).find((h) => h.key === 'easterMonday')!.date;
    const holiday = await refused(input(easterMonday, '09:00', '10:00', { rooms: [room], teachers: [teacher] }));
    expect(holiday.kinds).toEqual(['publicHoliday']);
    expect(holiday.messages).toEqual([expect.stringMatching(/^Le \d+ \S+ \d{4} est un jour férié \(Lundi de Pâques\)\.$/)]);
    expect(holiday.suggestions[0]).toEqual(slotOn(addDays(easterMonday, 1), '09:00', '10:00'));

    const saturday = [0, 1, 2, 3, 4, 5, 6].map((n) => addDays(days[12]!, n)).find((d) => isoWeekday(d) === 6)!;
    const weekend = await refused(input(saturday, '09:00', '10:00', { rooms: [room], teachers: [teacher] }));
    expect(weekend.messages).toEqual(['Le campus Paris est fermé le samedi.']);

    const trainingGroup = await makeTrainingGroup(app, demo.paris);
    const group = await makePlanningGroup(app, demo.paris, { trainingGroupId: trainingGroup.id });
    await addWorkStudy(app, trainingGroup.id, days[13]!, days[14]!);
    const company = await refused(input(days[13]!, '09:00', '10:00', { planningGroups: [group] }));
    expect(company.kinds).toEqual(['companyPeriod']);
    expect(company.messages).toEqual([`Le groupe ${trainingGroup.name} est en entreprise du ${frDate(days[13]!)} au ${frDate(days[14]!)}.`]);
    expect(company.suggestions.every((s) => ![days[13], days[14]].includes(s.startAt.slice(0, 10)))).toBe(true);
    // Giving a lesson of that day the group in company is refused the same way.
    const free = await client.graphql(CREATE_LESSON, { input: { campus: demo.paris, schoolSubject: demo.subjects.ANG, ...input(days[13]!, '11:00', '12:00'), planningGroups: [await makePlanningGroup(app, demo.paris)] } });
    const lessonId = free.json.data.CreateEventLessonSchedule.eventLessonSchedule.uuid;
    const regrouped = firstError(await client.graphql(UPDATE_LESSON, { input: { id: lessonId, planningGroups: [group] } }));
    expect(regrouped.extensions.conflicts.map((c: Conflict) => c.kind)).toEqual(['companyPeriod']);

    const after = [1, 2, 3, 4, 5, 6, 7].map((n) => addDays(demo.session.endDate, n)).find((d) => isoWeekday(d) === 3)!;
    const outside = await refused(input(after, '09:00', '10:00', { rooms: [room], teachers: [teacher] }));
    expect(outside.violations).toEqual([{ path: 'startDate', message: 'Impossible de créer ou de déplacer un cours en dehors des dates de la session de formation.' }]);
  });
});
