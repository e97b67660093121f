import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demo as demoLogin, startTestApp, type TestApp } from '../../support/app.js';
import { makePerson, makePlanningGroup, makeRooms, planningDemo } from '../../support/planning/fixtures.js';
import { CREATE_LESSON, slotOn, workingDays } from '../../support/planning/lessons.js';

let app: TestApp;
let demo: Awaited<ReturnType<typeof planningDemo>>;
let days: string[];
let client: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  demo = await planningDemo(app);
  days = await workingDays(app, demo.paris, 2, 60);
  client = new ApiClient(app.baseUrl, 'fr');
  await client.login(demoLogin('isd'));
});
afterAll(() => app.close());

const RACERS = 100;

/** Fires every creation at once; answers the lessons created and the failures' messages. */
async function race(inputs: Record<string, unknown>[]) {
  const answers = await Promise.all(inputs.map((input) => client.graphql(CREATE_LESSON, { input })));
  const created = answers.filter((a) => a.json?.data?.CreateEventLessonSchedule).map((a) => a.json.data.CreateEventLessonSchedule.eventLessonSchedule.uuid as string);
  const refused = answers.filter((a) => !a.json?.data?.CreateEventLessonSchedule).map((a) => a.json?.errors?.[0] ?? a.text);
  return { created, refused, statuses: answers.map((a) => a.status) };
}

describe('racing creations: the database lets exactly one win', () => {
  it(`${RACERS} creations of the same room slot (different teachers and groups): one lesson, ${RACERS - 1} conflicts naming the room`, async () => {
    const [room] = await makeRooms(app, demo.paris, 1);
    const roomName = (await app.core.db.knex('rooms').where({ id: room }).first('name')).name;
    const teachers = await Promise.all(Array.from({ length: RACERS }, () => makePerson(app, [demo.paris])));
    const groups = await Promise.all(Array.from({ length: RACERS }, () => makePlanningGroup(app, demo.paris)));
    const slot = slotOn(days[0]!, '09:00', '11:00');
    const { created, refused, statuses } = await race(teachers.map((teacher, i) => ({
      campus: demo.paris, startDate: slot.startAt, endDate: slot.endAt, teachers: [teacher], rooms: [room], planningGroups: [groups[i]], schoolSubject: demo.subjects.ANG,
    })));
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(RACERS - 1);
    for (const error of refused) {
      expect(error.extensions.code).toBe('BAD_USER_INPUT');
      expect(error.extensions.violations).toEqual([{ path: '', message: expect.stringMatching(new RegExp(`^La salle ${roomName} est déjà occupée par le cours Anglais du .+, 09:00–11:00\\.$`)) }]);
      expect(error.extensions.conflicts).toMatchObject([{ kind: 'room', otherId: created[0], resourceId: room }]);
    }
    const rows = await app.core.db.knex('lesson_rooms').where({ room_id: room });
    expect(rows.map((row: { lesson_id: string }) => row.lesson_id)).toEqual(created);
    expect(Number((await app.core.db.knex('lesson_teachers').whereIn('teacher_id', teachers).count({ n: '*' }).first())!.n)).toBe(1);
  });

  it(`${RACERS} creations for the same teacher at the same time (different rooms): one lesson, ${RACERS - 1} conflicts naming the teacher`, async () => {
    const rooms = await makeRooms(app, demo.paris, RACERS);
    const teacher = await makePerson(app, [demo.paris]);
    const person = await app.core.db.knex('actors').where({ id: teacher }).first('first_name', 'last_name');
    const slot = slotOn(days[1]!, '14:00', '15:30');
    const { created, refused } = await race(rooms.map((room) => ({
      campus: demo.paris, startDate: slot.startAt, endDate: slot.endAt, teachers: [teacher], rooms: [room], schoolSubject: demo.subjects.CGE,
    })));
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(RACERS - 1);
    for (const error of refused) {
      expect(error.extensions.violations).toEqual([{ path: '', message: expect.stringMatching(new RegExp(`^Le formateur ${person.first_name} ${person.last_name} assure déjà le cours Culture générale et expression du .+, 14:00–15:30\\.$`)) }]);
    }
    const rows = await app.core.db.knex('lesson_teachers').where({ teacher_id: teacher });
    expect(rows.map((row: { lesson_id: string }) => row.lesson_id)).toEqual(created);
    expect(Number((await app.core.db.knex('lesson_rooms').whereIn('room_id', rooms).count({ n: '*' }).first())!.n)).toBe(1);
  });
});
