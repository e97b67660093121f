// The calendar's compiled answer (EventLessonSchedules written as JSON text by the planning service) against the
// executor's: the same bytes' meaning for every selection, filter and user, and the executor for any other document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demoClients, startTestApp, type TestApp } from '../../support/app.js';
import { registerStartedAttendance } from '../../support/planning/bulk-fixtures.js';
import { insertLesson, makePerson, makePlanningGroup, makeRooms, planningDemo, tag } from '../../support/planning/fixtures.js';
import { addDays, makeContract, planning, slotOn, workingDays } from '../../support/planning/lessons.js';

let app: TestApp;
let demo: Awaited<ReturnType<typeof planningDemo>>;
let week: { startDate: string; endDate: string };
let made: { group: string; rooms: string[]; teachers: string[]; lessons: string[] };
/** Answers the planning service wrote as JSON text (the compiled way); the executor's calls leave it unchanged. */
let compiled = 0;

beforeAll(async () => {
  app = await startTestApp();
  demo = await planningDemo(app);
  const [day] = await workingDays(app, demo.paris, 1, 20);
  week = { startDate: slotOn(day!, '00:00', '00:00').startAt, endDate: slotOn(addDays(day!, 6), '00:00', '00:00').startAt };
  const rooms = await makeRooms(app, demo.paris, 2);
  const teachers = [await makePerson(app, [demo.paris], 'teacher', 'Zola'), await makePerson(app, [demo.paris], 'teacher', 'Ader')];
  const group = await makePlanningGroup(app, demo.paris, { name: tag('Groupe "Nord" \\ ') });
  const at = (from: string, to: string) => slotOn(day!, from, to);
  const lessons = [
    // Two teachers (one under contract), two rooms, a subject, a description a JSON writer must escape.
    await insertLesson(app, { campusId: demo.paris, ...at('08:00', '09:00'), schoolSubjectId: demo.subjects.ANG, teacherIds: teachers, roomIds: rooms, planningGroupIds: [group] }),
    // No subject, no teacher, no room: nulls and empty lists.
    await insertLesson(app, { campusId: demo.paris, ...at('09:00', '10:00'), planningGroupIds: [group] }),
    // Cancelled: never in EventLessonSchedules.
    await insertLesson(app, { campusId: demo.paris, ...at('10:00', '11:00'), status: 'cancelled', planningGroupIds: [group] }),
  ];
  const knex = app.core.db.knex;
  await knex('lessons').where({ id: lessons[0] }).update({ description: 'Chapitre "1"\n\tés — \\ 🎓', remote: 'both', lesson_type: 'tutorial' });
  const contract = await makeContract(app, teachers[0]!, demo.paris, demo.session);
  await knex('lesson_teachers').where({ lesson_id: lessons[0], teacher_id: teachers[0] }).update({ teacher_contract_id: contract });
  (await registerStartedAttendance(app))([lessons[0]!]);
  made = { group, rooms, teachers, lessons };
  const service = planning(app).lessons;
  const listJson = service.listJson.bind(service);
  service.listJson = async (...args) => {
    const answer = await listJson(...args);
    if (answer !== null) compiled += 1;
    return answer;
  };
});
afterAll(() => app.close());

const as = demoClients(() => app.baseUrl);

const all = `uuid startDate endDate remote lessonType lessonStatus lessonCancellationType cancelDesc description attendanceStarted
  campus { uuid name } teacherContracts { uuid } teachers { uuid firstName lastName }
  rooms { uuid name size building { uuid name } } schoolSubject { uuid name shortName color } planningGroups { uuid name }`;
const args = `campusList: $campusList, planningGroupsIdList: $planningGroupsIdList, roomsIdList: $roomsIdList, teachersIdList: $teachersIdList,
  schoolSubjectId: $schoolSubjectId, startDate: $startDate, endDate: $endDate, lessonType: $lessonType, remote: $remote`;
const variablesDefinition = `($campusList: [ID!], $planningGroupsIdList: [ID!], $roomsIdList: [ID!], $teachersIdList: [ID!], $schoolSubjectId: ID,
  $startDate: String, $endDate: String, $lessonType: String, $remote: String)`;

/** The document, and the same asked so that only the executor answers it (a directive on the field). */
const both = (selection: string, name = 'Week') => ({
  compiledWay: `query ${name}${variablesDefinition} { EventLessonSchedules(${args}) { ${selection} } }`,
  executorWay: `query ${name}${variablesDefinition} { EventLessonSchedules(${args}) @include(if: true) { ${selection} } }`,
});

/** Both ways' answers, and whether the first took the compiled way. */
async function compare(client: ApiClient, selection: string, variables: Record<string, unknown>) {
  const documents = both(selection);
  const before = compiled;
  const first = await client.request('POST', '/api/graphql', { query: documents.compiledWay, variables, operationName: 'Week' });
  const tookCompiled = compiled === before + 1;
  const second = await client.graphql(documents.executorWay, variables);
  expect(compiled).toBe(before + (tookCompiled ? 1 : 0));
  return { first, second, tookCompiled };
}

describe('EventLessonSchedules written as JSON text', () => {
  it('answers what the executor answers, for the whole calendar selection, every filter and aliases', async () => {
    const client = await as('isd');
    const base = { campusList: [demo.paris], ...week };
    const filters: Record<string, unknown>[] = [
      base,
      { ...base, planningGroupsIdList: [made.group] },
      { ...base, roomsIdList: [made.rooms[1]] },
      { ...base, teachersIdList: [made.teachers[1]] },
      { ...base, schoolSubjectId: demo.subjects.ANG },
      { ...base, lessonType: 'tutorial', remote: 'both' },
      { campusList: [demo.paris, demo.lyon], ...week },
      // A week without lessons: the empty list.
      { campusList: [demo.paris], startDate: '2040-01-01T00:00:00.000Z', endDate: '2040-01-08T00:00:00.000Z' },
    ];
    const selections = [
      all,
      // Aliases, another order, a list asked twice with different fields, a nested alias.
      `id: uuid at: startDate subject: schoolSubject { short: shortName uuid } a: teachers { uuid } b: teachers { lastName firstName }
        rooms { building { label: name } size } started: attendanceStarted`,
      'uuid teacherContracts { uuid } planningGroups { name }',
    ];
    let lessons = 0;
    for (const variables of filters) {
      for (const selection of selections) {
        const { first, second, tookCompiled } = await compare(client, selection, variables);
        expect(tookCompiled).toBe(true);
        expect(first.status).toBe(200);
        expect(first.headers.get('content-type')).toBe(second.headers.get('content-type'));
        expect(first.json).toEqual(second.json);
        // Byte for byte: the same text as the executor's.
        expect(first.text).toBe(second.text);
        expect(Object.keys(first.json.data.EventLessonSchedules[0] ?? {})).toEqual(Object.keys(second.json.data.EventLessonSchedules[0] ?? {}));
        lessons += first.json.data.EventLessonSchedules.length;
      }
    }
    // The filters did find lessons (the demo's and this test's), and this test's as written here.
    expect(lessons).toBeGreaterThan(20);
    const week0 = (await compare(client, all, { ...base, planningGroupsIdList: [made.group] })).first.json.data.EventLessonSchedules;
    expect(week0.map((lesson: { uuid: string }) => lesson.uuid)).toEqual(made.lessons.slice(0, 2));
    expect(week0[0]).toMatchObject({
      description: 'Chapitre "1"\n\tés — \\ 🎓', attendanceStarted: true, remote: 'both', lessonType: 'tutorial',
      teachers: [{ uuid: made.teachers[1], lastName: 'Ader' }, { uuid: made.teachers[0], lastName: 'Zola' }], teacherContracts: [{ uuid: expect.any(String) }],
      rooms: [{ uuid: made.rooms[0], size: 20 }, { uuid: made.rooms[1], size: 21 }], schoolSubject: { uuid: demo.subjects.ANG },
    });
    expect(week0[1]).toMatchObject({ schoolSubject: null, teachers: [], rooms: [], teacherContracts: [], attendanceStarted: false, description: null });
  });

  it('keeps the executor\'s refusals and campus checks: another campus, bad dates and bad ids answer as before', async () => {
    const lyon = await as('campus-manager');
    // Paris asked by a Lyon manager: nothing of Paris, either way.
    const paris = await compare(lyon, all, { campusList: [demo.paris], ...week });
    expect(paris.first.json).toEqual(paris.second.json);
    expect(paris.first.json.data?.EventLessonSchedules ?? []).toEqual([]);
    const refusals: [ApiClient, Record<string, unknown>][] = [
      [await as('isd', 'en'), { campusList: [demo.paris], startDate: week.endDate, endDate: week.startDate }],
      [await as('isd'), { campusList: ['not-an-id'], ...week }],
      [await as('isd'), { campusList: [demo.paris], startDate: 'lundi', endDate: week.endDate }],
    ];
    for (const [client, variables] of refusals) {
      const { first, second, tookCompiled } = await compare(client, all, variables);
      expect(tookCompiled).toBe(false);
      expect(first.json.errors?.length).toBeGreaterThan(0);
      expect(first.status).toBe(second.status);
      expect(first.json).toEqual(second.json);
    }
    // A Lyon manager reading every campus it may: none of Paris.
    const own = await compare(lyon, all, { ...week });
    expect(own.tookCompiled).toBe(true);
    expect(own.first.json).toEqual(own.second.json);
    expect(own.first.json.data.EventLessonSchedules.every((lesson: { campus: { uuid: string } }) => lesson.campus.uuid === demo.lyon)).toBe(true);
    // Anonymous: the executor's "not logged in".
    const anonymous = new ApiClient(app.baseUrl, 'fr');
    const before = compiled;
    const response = await anonymous.graphql(both(all).compiledWay, { campusList: [demo.paris], ...week });
    expect(compiled).toBe(before);
    expect(response.json.errors[0].extensions.code).toBeDefined();
    expect(response.json.data).toBeNull();
  });

  it('leaves every other document to the executor: fragments, __typename, two fields, a wrong operation name', async () => {
    const client = await as('isd');
    const variables = { campusList: [demo.paris], ...week, planningGroupsIdList: [made.group] };
    const documents = [
      `query Week${variablesDefinition} { EventLessonSchedules(${args}) { ...lesson } } fragment lesson on EventLessonSchedule { uuid }`,
      `query Week${variablesDefinition} { EventLessonSchedules(${args}) { __typename uuid } }`,
      `query Week${variablesDefinition} { EventLessonSchedules(${args}) { uuid } IsLogged { isLogged } }`,
      `query Week${variablesDefinition} { EventLessonSchedules(${args}) { uuid campus { ... on PlanningCampus { name } } } }`,
    ];
    for (const query of documents) {
      const before = compiled;
      const response = await client.request('POST', '/api/graphql', { query, variables });
      expect(compiled).toBe(before);
      expect(response.status).toBe(200);
      expect(response.json.data.EventLessonSchedules.map((lesson: { uuid: string }) => lesson.uuid)).toEqual(made.lessons.slice(0, 2));
    }
    const before = compiled;
    const wrongName = await client.request('POST', '/api/graphql', { query: both('uuid').compiledWay, variables, operationName: 'Other' });
    expect(compiled).toBe(before);
    expect(wrongName.json.errors.length).toBe(1);
    expect(wrongName.json.data ?? null).toBeNull();
  });
});
