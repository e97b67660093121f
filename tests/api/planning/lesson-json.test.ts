// The calendar's compiled answer (EventLessonSchedules written as JSON text by the planning service) against the
// executor's: the same bytes for every leaf path of EventLessonSchedule (taken from the schema), filter and user, on
// lessons where every optional field is both set and null; and the executor, with the fallback counted, for any other
// document. An unexpected fallback fails the file (tests/support/app.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demoClients, startTestApp, type TestApp } from '../../support/app.js';
import { registerStartedAttendance } from '../../support/planning/bulk-fixtures.js';
import { insertLesson, makePerson, makePlanningGroup, makeRooms, planningDemo, tag } from '../../support/planning/fixtures.js';
import { addDays, makeContract, slotOn, workingDays } from '../../support/planning/lessons.js';

let app: TestApp;
let demo: Awaited<ReturnType<typeof planningDemo>>;
let week: { startDate: string; endDate: string };
let made: { group: string; rooms: string[]; teachers: string[]; lessons: string[] };

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
    // No planning group.
    await insertLesson(app, { campusId: demo.paris, ...at('11:00', '12:00'), roomIds: rooms.slice(0, 1) }),
  ];
  const knex = app.core.db.knex;
  // A comment kept from a cancellation undone: the one optional text an active lesson may hold besides its description.
  await knex('lessons').where({ id: lessons[0] }).update({ description: 'Chapitre "1"\n\tés — \\ 🎓', cancel_desc: 'Reporté « 2 »', remote: 'both', lesson_type: 'tutorial' });
  const contract = await makeContract(app, teachers[0]!, demo.paris, demo.session);
  await knex('lesson_teachers').where({ lesson_id: lessons[0], teacher_id: teachers[0] }).update({ teacher_contract_id: contract });
  (await registerStartedAttendance(app))([lessons[0]!]);
  made = { group, rooms, teachers, lessons };
});
afterAll(() => app.close());

const as = demoClients(() => app.baseUrl);

/** A field of the schema as far as this test reads it (one copy of graphql or another: no instanceof). */
interface SchemaType { ofType?: SchemaType; getFields?: () => Record<string, { type: SchemaType }>; toString(): string }

/** Every leaf path of a type (`['rooms', 'building', 'name']`), with whether it and each field on its way may be null and is a list. */
function leafPaths(type: SchemaType, above: string[] = []): { path: string[]; nullable: boolean; list: boolean }[][] {
  return Object.entries(type.getFields!()).flatMap(([name, field]) => {
    let named = field.type;
    while (named.ofType) named = named.ofType;
    const step = { path: [...above, name], nullable: !String(field.type).endsWith('!'), list: String(field.type).replace(/!$/, '').startsWith('[') };
    return named.getFields ? leafPaths(named, step.path).map((steps) => [step, ...steps]) : [[step]];
  });
}

/** The selection of these paths: `rooms { building { name } }`. */
function selectionOf(paths: string[][]): string {
  const tree = new Map<string, string[][]>();
  for (const [first, ...rest] of paths) tree.set(first!, [...(tree.get(first!) ?? []), ...(rest.length ? [rest] : [])]);
  return [...tree].map(([name, below]) => (below.length ? `${name} { ${selectionOf(below)} }` : name)).join(' ');
}

/** EventLessonSchedule's leaf paths, from the schema the app serves. */
const schedulePaths = () => leafPaths(app.core.graphql.schema.getType('EventLessonSchedule') as unknown as SchemaType);
const all = () => selectionOf(schedulePaths().map((steps) => steps.at(-1)!.path));
const args = `campusList: $campusList, planningGroupsIdList: $planningGroupsIdList, roomsIdList: $roomsIdList, teachersIdList: $teachersIdList,
  schoolSubjectId: $schoolSubjectId, startDate: $startDate, endDate: $endDate, lessonType: $lessonType, remote: $remote`;
const variablesDefinition = `($campusList: [ID!], $planningGroupsIdList: [ID!], $roomsIdList: [ID!], $teachersIdList: [ID!], $schoolSubjectId: ID,
  $startDate: String, $endDate: String, $lessonType: String, $remote: String)`;

/** The document, and the same asked so that only the executor answers it (a directive on the field). */
const both = (selection: string, name = 'Week') => ({
  compiledWay: `query ${name}${variablesDefinition} { EventLessonSchedules(${args}) { ${selection} } }`,
  executorWay: `query ${name}${variablesDefinition} { EventLessonSchedules(${args}) @include(if: true) { ${selection} } }`,
});

/** The core's count of EventLessonSchedules answers: written as JSON text, and left to the executor by reason. */
const counted = () => app.core.graphql.compiled.counts().EventLessonSchedules!;
const answered = () => counted().answered;
const fallbacks = () => Object.values(counted().fallbacks).reduce((sum, count) => sum + count, 0);

/** Both ways' answers, and whether the first took the compiled way (else it was counted as a fallback). */
async function compare(client: ApiClient, selection: string, variables: Record<string, unknown>) {
  const documents = both(selection);
  const [answeredBefore, fallbacksBefore] = [answered(), fallbacks()];
  const first = await client.request('POST', '/api/graphql', { query: documents.compiledWay, variables, operationName: 'Week' });
  const tookCompiled = answered() === answeredBefore + 1;
  expect(fallbacks()).toBe(fallbacksBefore + (tookCompiled ? 0 : 1));
  const second = await client.graphql(documents.executorWay, variables);
  // The executor's way is no fallback: a directive on the field, asked as such.
  expect([answered(), fallbacks()]).toEqual([answeredBefore + (tookCompiled ? 1 : 0), fallbacksBefore + (tookCompiled ? 0 : 1) + 1]);
  return { first, second, tookCompiled };
}

/** The compiled answer is the executor's, byte for byte. */
function expectSame({ first, second, tookCompiled }: Awaited<ReturnType<typeof compare>>) {
  expect(tookCompiled).toBe(true);
  expect(first.status).toBe(200);
  expect(first.headers.get('content-type')).toBe(second.headers.get('content-type'));
  expect(first.json).toEqual(second.json);
  expect(first.text).toBe(second.text);
}

/** The value at a path in an answered lesson, each list's items flattened; undefined under a null object. */
function valuesAt(value: unknown, path: string[]): unknown[] {
  if (!path.length) return [value];
  if (value === null) return [];
  if (Array.isArray(value)) return value.flatMap((item) => valuesAt(item, path));
  return valuesAt((value as Record<string, unknown>)[path[0]!], path.slice(1));
}

/**
 * Optional fields an EventLessonSchedules answer holds only one way, and why: this test cannot set them the other way
 * without breaking a rule of the database.
 */
const oneWayOnly: Record<string, 'null' | 'set'> = {
  // lessons_cancellation CHECK: only a cancelled lesson has a cancellation type, and this read leaves them out (SPEC §4).
  lessonCancellationType: 'null',
  // school_subjects.color is NOT NULL (a default colour).
  'schoolSubject.color': 'set',
};

describe('EventLessonSchedules written as JSON text', () => {
  it('answers what the executor answers for every leaf path of EventLessonSchedule, on lessons with each optional field set and null', async () => {
    const client = await as('isd');
    const variables = { campusList: [demo.paris], ...week };
    const paths = schedulePaths();
    expect(paths.length).toBeGreaterThan(20);
    for (const steps of paths) expectSame(await compare(client, selectionOf([steps.at(-1)!.path]), variables));
    // Every optional field and list on the way to a leaf is null (or empty) in one of this test's lessons and set in another.
    const active = [made.lessons[0], made.lessons[1], made.lessons[3]];
    const lessons = (await compare(client, all(), variables)).second.json.data.EventLessonSchedules
      .filter((lesson: { uuid: string }) => active.includes(lesson.uuid));
    expect(lessons.length).toBe(3);
    const optional = new Map(paths.flat().filter((step) => step.nullable || step.list).map((step) => [step.path.join('.'), step]));
    expect([...optional.keys()]).toEqual(expect.arrayContaining(Object.keys(oneWayOnly)));
    for (const [name, step] of optional) {
      const values = lessons.flatMap((lesson: unknown) => valuesAt(lesson, step.path));
      const unset = (value: unknown) => value === null || (Array.isArray(value) && !value.length);
      const ways = [...new Set(values.map((value: unknown) => (unset(value) ? 'null' : 'set')))].sort();
      expect({ name, ways }).toEqual({ name, ways: oneWayOnly[name] ? [oneWayOnly[name]] : ['null', 'set'] });
    }
  });

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
      all(),
      // Aliases, another order, a list asked twice with different fields, a nested alias.
      `id: uuid at: startDate subject: schoolSubject { short: shortName uuid } a: teachers { uuid } b: teachers { lastName firstName }
        rooms { building { label: name } size } started: attendanceStarted`,
      'uuid teacherContracts { uuid } planningGroups { name }',
    ];
    let lessons = 0;
    for (const variables of filters) {
      for (const selection of selections) {
        const compared = await compare(client, selection, variables);
        expectSame(compared);
        const { first, second } = compared;
        expect(Object.keys(first.json.data.EventLessonSchedules[0] ?? {})).toEqual(Object.keys(second.json.data.EventLessonSchedules[0] ?? {}));
        lessons += first.json.data.EventLessonSchedules.length;
      }
    }
    // The filters did find lessons (the demo's and this test's), and this test's as written here.
    expect(lessons).toBeGreaterThan(20);
    const week0 = (await compare(client, all(), { ...base, planningGroupsIdList: [made.group] })).first.json.data.EventLessonSchedules;
    expect(week0.map((lesson: { uuid: string }) => lesson.uuid)).toEqual(made.lessons.slice(0, 2));
    expect(week0[0]).toMatchObject({
      description: 'Chapitre "1"\n\tés — \\ 🎓', cancelDesc: 'Reporté « 2 »', attendanceStarted: true, remote: 'both', lessonType: 'tutorial',
      teachers: [{ uuid: made.teachers[1], lastName: 'Ader' }, { uuid: made.teachers[0], lastName: 'Zola' }], teacherContracts: [{ uuid: expect.any(String) }],
      rooms: [{ uuid: made.rooms[0], size: 20 }, { uuid: made.rooms[1], size: 21 }], schoolSubject: { uuid: demo.subjects.ANG },
    });
    expect(week0[1]).toMatchObject({ schoolSubject: null, teachers: [], rooms: [], teacherContracts: [], attendanceStarted: false, description: null, cancelDesc: null });
  });

  it('keeps the executor\'s refusals and campus checks: another campus, bad dates and bad ids answer as before', async () => {
    const lyon = await as('campus-manager');
    // Paris asked by a Lyon manager: nothing of Paris, either way.
    const paris = await compare(lyon, all(), { campusList: [demo.paris], ...week });
    expect(paris.first.json).toEqual(paris.second.json);
    expect(paris.first.json.data?.EventLessonSchedules ?? []).toEqual([]);
    const refusals: [ApiClient, Record<string, unknown>][] = [
      [await as('isd', 'en'), { campusList: [demo.paris], startDate: week.endDate, endDate: week.startDate }],
      [await as('isd'), { campusList: ['not-an-id'], ...week }],
      [await as('isd'), { campusList: [demo.paris], startDate: 'lundi', endDate: week.endDate }],
    ];
    for (const [client, variables] of refusals) {
      const refusedBefore = counted().fallbacks.refused ?? 0;
      const { first, second, tookCompiled } = await compare(client, all(), variables);
      expect(tookCompiled).toBe(false);
      expect(counted().fallbacks.refused).toBe(refusedBefore + 1);
      expect(first.json.errors?.length).toBeGreaterThan(0);
      expect(first.status).toBe(second.status);
      expect(first.json).toEqual(second.json);
    }
    // A Lyon manager reading every campus it may: none of Paris.
    const own = await compare(lyon, all(), { ...week });
    expect(own.tookCompiled).toBe(true);
    expect(own.first.json).toEqual(own.second.json);
    expect(own.first.json.data.EventLessonSchedules.every((lesson: { campus: { uuid: string } }) => lesson.campus.uuid === demo.lyon)).toBe(true);
    // Anonymous: the executor's "not logged in".
    const anonymous = new ApiClient(app.baseUrl, 'fr');
    const before = counted();
    const response = await anonymous.graphql(both(all()).compiledWay, { campusList: [demo.paris], ...week });
    expect(counted()).toEqual({ ...before, fallbacks: { ...before.fallbacks, refused: before.fallbacks.refused! + 1 } });
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
      const before = counted();
      const response = await client.request('POST', '/api/graphql', { query, variables });
      expect(counted()).toEqual({ ...before, fallbacks: { ...before.fallbacks, document: (before.fallbacks.document ?? 0) + 1 } });
      expect(response.status).toBe(200);
      expect(response.json.data.EventLessonSchedules.map((lesson: { uuid: string }) => lesson.uuid)).toEqual(made.lessons.slice(0, 2));
    }
    const before = counted();
    const wrongName = await client.request('POST', '/api/graphql', { query: both('uuid').compiledWay, variables, operationName: 'Other' });
    expect(counted()).toEqual({ ...before, fallbacks: { ...before.fallbacks, operation: (before.fallbacks.operation ?? 0) + 1 } });
    expect(app.core.graphql.compiled.unexpected()).toEqual([]);
    expect(wrongName.json.errors.length).toBe(1);
    expect(wrongName.json.data ?? null).toBeNull();
  });
});
