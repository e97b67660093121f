import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demoClients, startTestApp, type TestApp } from '../support/app.js';
import { makeApprentice, makeCompany, makeTraining } from '../support/booklets/fixtures.js';
import { makeRooms, planningDemo } from '../support/planning/fixtures.js';

// Issue #24, "Bad input": a NUL (and any C0 control but tab, CR and LF), a lone surrogate or a direction override in
// a string answers 422 on that field, in the person's language, wherever the string comes from (a JSON body, a
// multipart field, a query string, a GraphQL variable or literal) — never the 500 of PostgreSQL refusing 0x00.
// GraphQL list arguments take at most 1,000 items, like REST lists, refused before any query.

let app: TestApp;
let as: ReturnType<typeof demoClients>;
let paris: string;
beforeAll(async () => {
  // Sessions cached (as in production): a request then costs no session query, so a refusal's queries can be counted.
  app = await startTestApp({ SESSION_CACHE_MS: '60000' });
  as = demoClients(() => app.baseUrl);
  paris = (await app.core.db.knex('campuses').where({ name: 'Paris' }).first('id')).id;
});
afterAll(() => app?.close());

const fr = 'Cette valeur contient un caractère non autorisé.';
const en = 'This value contains a character that is not allowed.';
/** Each kind of text the core refuses, and a name for it. */
const refused: [string, string][] = [
  ['NUL', 'Rentrée\u0000'], ['bell', 'a\u0007b'], ['escape', '\u001b[31m'], ['vertical tab', 'a\u000bb'],
  ['lone high surrogate', 'x\ud800y'], ['lone low surrogate', '\udc00'], ['right-to-left override', 'fdp.exe\u202e'], ['left-to-right override', '\u202dabc'],
];

/** The tables' row counts, to show a refusal wrote nothing. */
const counts = async (...tables: string[]) => Object.fromEntries(await Promise.all(tables.map(async (t) => [t, Number((await app.core.db.knex(t).count({ n: '*' }).first())?.n)])));

describe('control characters in REST bodies', () => {
  it('a news item: 422 on the title (fr and en), on a block text hidden in free-form data too; nothing stored', async () => {
    const before = await counts('news');
    const news = { type: 'page', title: 'Rentrée\u0000', content: { blocks: [{ type: 'paragraph', data: { text: 'Bonjour' } }] }, recipients: ['student'], campusIds: [paris] };
    const french = await (await as('pedagogy')).post('/api/news/new', news);
    expect([french.status, french.json]).toEqual([422, { errors: [{ path: 'title', message: fr }] }]);
    const english = await (await as('pedagogy', 'en')).post('/api/actualites/nouvelle', { ...news, title: 'Rentrée', content: { blocks: [{ type: 'paragraph', data: { text: 'a\u0000b' } }] } });
    expect([english.status, english.json]).toEqual([422, { errors: [{ path: 'content.blocks[0].data.text', message: en }] }]);
    expect(await counts('news')).toEqual(before);
  });

  it('a student: every kind of refused character, each reported on its field; tab, CR and LF are text', async () => {
    const client = await as('pedagogy', 'en');
    const before = await counts('students');
    const name = () => `Nul${crypto.randomUUID().replace(/[^0-9]/g, '').slice(0, 6)}`;
    const student = (overrides: Record<string, unknown>) => {
      const lastName = name();
      return { firstName: 'Camille', lastName, email: `${lastName.toLowerCase()}@example.org`, dateOfBirth: '2000-01-15', birthCountry: 'FR', birthplace: 'Lyon', birthCityCode: '69123', campusId: paris, ...overrides };
    };
    for (const [kind, text] of refused) {
      const answer = await client.post('/api/students/new', student({ firstName: text, birthplace: `Ly${text}on` }));
      expect([kind, answer.status, answer.json]).toEqual([kind, 422, { errors: [{ path: 'firstName', message: en }, { path: 'birthplace', message: en }] }]);
    }
    expect(await counts('students')).toEqual(before);
    // Tab, CR and LF are ordinary text (a pasted address); left-to-right and right-to-left embeddings are left alone.
    const accepted = await client.post('/api/students/new', student({ birthplace: 'Saint-\u202bDenis\u202c\tde\r\nla Réunion 😀' }));
    expect(accepted.status, accepted.text).toBe(200);
  });

  it('a booklet form saved by the coach: 422 on the note and on one task (values are the apprentice\'s record)', async () => {
    const training = await makeTraining(app);
    const manager = await as('pedagogy');
    await manager.post(`/api/coaching/trainings/${training.trainingId}/booklet-items`, { title: 'Évaluation', startDate: '2027-03-01', endDate: '2027-03-15', modules: ['intermediate-evaluation'] });
    const apprentice = await makeApprentice(app, training, await makeCompany(app, training.campusId));
    const coach = new ApiClient(app.baseUrl, 'fr');
    await coach.login(apprentice.coachEmail);
    const [form] = (await coach.get(`/api/booklets/registration/${apprentice.id}`)).json.booklet.forms as { id: string }[];
    expect((await coach.post(`/api/booklet-forms/${form!.id}/set-lock`, {})).status).toBe(200);
    const saved = await coach.post(`/api/booklet-forms/${form!.id}`, { action: 'save', version: 0, values: { tasks: ['ok', 'Tâche\u0000'], note: 'Bien\u0000', skillMarks: [] } });
    expect([saved.status, saved.json]).toEqual([422, { errors: [{ path: 'values.tasks[1]', message: fr }, { path: 'values.note', message: fr }] }]);
    expect((await coach.get(`/api/booklet-forms/${form!.id}`)).json.form.version).toBe(0);
  });

  it('a booklet form saved by the tutor: 422 in the tutor\'s language on the note and a skill\'s comment; the same form saved clean is taken', async () => {
    const training = await makeTraining(app);
    const manager = await as('pedagogy');
    await manager.post(`/api/coaching/trainings/${training.trainingId}/booklet-items`, { title: 'Évaluation', startDate: '2027-03-01', endDate: '2027-03-15', modules: ['intermediate-evaluation'] });
    await manager.post(`/api/coaching/thesis-skill/new/${training.trainingId}`, { name: 'Communication' });
    const company = await makeCompany(app, training.campusId);
    const apprentice = await makeApprentice(app, training, company);
    const tutor = new ApiClient(app.baseUrl, 'en');
    await tutor.login(company.tutorEmail);
    const [form] = (await tutor.get(`/api/booklets/registration/${apprentice.id}`)).json.booklet.forms as { id: string }[];
    expect((await tutor.post(`/api/booklet-forms/${form!.id}/set-lock`, {})).status).toBe(200);
    const saved = await tutor.post(`/api/booklet-forms/${form!.id}`, {
      action: 'save', version: 0, values: { tasks: [], note: 'Très\u0000bien', skillMarks: [{ skill: 'Communication', mark: 14, comment: 'Clair \ud800' }] },
    });
    expect([saved.status, saved.json]).toEqual([422, { errors: [{ path: 'values.skillMarks[0].comment', message: en }, { path: 'values.note', message: en }] }]);
    expect((await tutor.get(`/api/booklet-forms/${form!.id}`)).json.form.version).toBe(0);
    // The tutor may save this form: the refusal is the text's, not a permission's.
    const clean = await tutor.post(`/api/booklet-forms/${form!.id}`, { action: 'save', version: 0, values: { tasks: [], note: 'Très bien', skillMarks: [{ skill: 'Communication', mark: 14, comment: 'Clair' }] } });
    expect(clean.status, clean.text).toBe(200);
    expect((await tutor.get(`/api/booklet-forms/${form!.id}`)).json.form.version).toBe(1);
  });

  it('a room booking: 422 on the title and description', async () => {
    const { paris: campus } = await planningDemo(app);
    const [room] = await makeRooms(app, campus, 1);
    const before = await counts('room_bookings');
    const answer = await (await as('pedagogy', 'en')).post(`/api/planning/booking/${campus}/${room}/2031-03-10/2031-03-16/create`, {
      title: 'Jury\u0000', description: '\u0001', startAt: '2031-03-12T13:00:00.000Z', endAt: '2031-03-12T15:00:00.000Z',
    });
    expect([answer.status, answer.json]).toEqual([422, { errors: [{ path: 'title', message: en }, { path: 'description', message: en }] }]);
    expect(await counts('room_bookings')).toEqual(before);
  });

  it('a query string and a path segment: 422 on their names, before the handler', async () => {
    const client = await as('pedagogy', 'en');
    const search = await client.get('/api/mailbox/mass-email/people?q=Du%00pont');
    expect([search.status, search.json]).toEqual([422, { errors: [{ path: 'q', message: en }] }]);
    const feed = await client.get('/api/calendar-feeds/ab%00cd.ics');
    expect(feed.status).toBe(422);
    expect(feed.json.errors[0].message).toBe(en);
  });
});

describe('control characters in GraphQL arguments', () => {
  const violation = (answer: { status: number; json: any }) => answer.json.errors?.[0]?.extensions;

  it('CreateSchoolSubject (a variable), ActorsByName and searchCorporations: BAD_USER_INPUT with the field\'s violation, in fr and en', async () => {
    const before = await counts('school_subjects');
    const create = await (await as('pedagogy')).graphql(
      'mutation ($input: CreateSchoolSubjectInput!) { CreateSchoolSubject(input: $input) { schoolSubject { id } } }',
      { input: { name: 'Maths\u0000', shortName: 'M\u202e', color: '#112233' } },
    );
    expect(violation(create)).toEqual({ code: 'BAD_USER_INPUT', violations: [{ path: 'input.name', message: fr }, { path: 'input.shortName', message: fr }] });
    expect(await counts('school_subjects')).toEqual(before);

    const staff = await as('pedagogy', 'en');
    const actors = await staff.graphql('query ($last: String!) { ActorsByName(lastName: $last, firstName: "x") { id } }', { last: 'Du\u0000pont' });
    expect(violation(actors)).toEqual({ code: 'BAD_USER_INPUT', violations: [{ path: 'lastName', message: en }] });
    // A literal in the document is the same argument: an escaped NUL gets the same refusal.
    const literal = await staff.graphql('{ searchCorporations(search: "Acme\\u0000") { id } }');
    expect(violation(literal)).toEqual({ code: 'BAD_USER_INPUT', violations: [{ path: 'search', message: en }] });
    const surrogate = await staff.graphql('query ($s: String!) { searchCorporations(search: $s) { id } }', { s: '\ud83d' });
    expect(violation(surrogate)).toEqual({ code: 'BAD_USER_INPUT', violations: [{ path: 'search', message: en }] });
    const fine = await staff.graphql('query ($s: String!) { searchCorporations(search: $s) { id } }', { s: 'Acme\tSA 😀' });
    expect(fine.json.errors).toBeUndefined();
  });
});

describe('GraphQL list arguments', () => {
  it('EventLessonSchedulesById takes 1,000 ids; 1,001 (or 100,000) are refused on the argument before any query', async () => {
    const staff = await as('pedagogy', 'en');
    const ids = (n: number) => Array.from({ length: n }, () => crypto.randomUUID());
    const read = (idList: string[]) => staff.graphql('query ($idList: [ID!]!) { EventLessonSchedulesById(idList: $idList) { uuid } }', { idList });
    const queries: string[] = [];
    const listen = (query: { sql: string }) => queries.push(query.sql);
    app.core.db.knex.on('query', listen);
    try {
      const thousand = await read(ids(1000));
      expect([thousand.status, thousand.json]).toEqual([200, { data: { EventLessonSchedulesById: [] } }]);
      // The listener hears the lessons' read…
      expect(queries.length).toBeGreaterThan(0);
      queries.length = 0;
      for (const n of [1001, 100_000]) {
        const answer = await read(ids(n));
        expect(answer.json).toEqual({
          data: null,
          errors: [expect.objectContaining({ extensions: { code: 'BAD_USER_INPUT', violations: [{ path: 'idList', message: 'This collection should contain 1000 elements or less.' }] } })],
        });
      }
      // …and nothing of the refusals.
      expect(queries).toEqual([]);
    } finally {
      app.core.db.knex.off('query', listen);
    }

    // Every list argument, in the person's language.
    const french = await (await as('pedagogy')).graphql('query ($c: [ID!]) { EventLessonSchedulesById(idList: [], campusList: $c) { uuid } }', { c: ids(1001) });
    expect(french.json.errors[0].extensions.violations).toEqual([{ path: 'campusList', message: 'Cette collection doit contenir 1000 éléments ou moins.' }]);
  });
});
