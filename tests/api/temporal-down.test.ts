// Issue #28: with Temporal down, what needs it answers a clear 503 within the request deadline, and everything
// else (reads, attendance, the calendar, readiness) goes on serving from PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demo, startTestApp, type TestApp } from '../support/app.js';
import { makePerson, makePlanningGroup, makeRooms, planningDemo } from '../support/planning/fixtures.js';
import { seriesBody } from '../support/planning/bulk-fixtures.js';
import { freePort } from '../support/ports.js';

let app: TestApp;
let ids: Awaited<ReturnType<typeof planningDemo>>;

beforeAll(async () => {
  app = await startTestApp({ TEMPORAL_ADDRESS: `127.0.0.1:${await freePort()}`, TEMPORAL_REQUEST_TIMEOUT_MS: '1500' });
  ids = await planningDemo(app);
}, 120_000);
afterAll(async () => {
  await app.close();
});

async function seriesFor(campusId: string) {
  const [room] = await makeRooms(app, campusId, 1);
  const teacher = await makePerson(app, [campusId]);
  const group = await makePlanningGroup(app, campusId);
  const subject = Object.values(ids.subjects)[0];
  return seriesBody({
    days: [1], campuses: [campusId], startDate: '2027-03-15', endDate: '2027-03-29',
    lines: [{ planningGroups: [group], teachers: [teacher], rooms: [room], schoolSubject: subject, lessonType: 'course', remote: 'present' }],
  });
}

describe('Temporal down', () => {
  it('answers a bulk start 503 in the person\'s language, and records no run that does not exist', async () => {
    const body = await seriesFor(ids.paris);
    const messages = {
      fr: 'Les opérations groupées sont indisponibles pour le moment, veuillez réessayer dans quelques minutes.',
      en: 'Bulk operations are unavailable for the moment, please try again in a few minutes.',
    };
    for (const language of ['fr', 'en'] as const) {
      const planner = new ApiClient(app.baseUrl, language);
      await planner.login(demo('isd'));
      const started = await planner.post('/api/planning/planning/create/many', { ...body, requestId: crypto.randomUUID() });
      expect(started.status).toBe(503);
      expect(started.json).toEqual({ errors: [{ path: '', message: messages[language] }] });
      // The operations page lists nothing for a run Temporal never received, and still answers.
      const operations = await planner.get('/api/operations');
      expect(operations.status).toBe(200);
      expect(operations.json.operations.filter((o: { kind: string }) => o.kind === 'planning.bulkCreateLessons')).toEqual([]);
    }
    const lessons = await app.core.db.knex('lessons').where('creation_key', 'like', 'planning-bulk-create:%').count({ n: '*' }).first();
    expect(Number(lessons?.n)).toBe(0);
  });

  it('answers a GraphQL cancellation with the same message, in the person\'s language', async () => {
    const [isd] = await app.core.db.knex('actors').where({ email: demo('isd') }).select('id');
    // A run recorded while Temporal was up: cancelling it now needs Temporal.
    const [operation] = await app.core.db.knex('operations').insert({
      workflow_id: `planning-bulk-create:${crypto.randomUUID()}`, workflow_type: 'planning.bulkCreateLessons',
      kind: 'planning.bulkCreateLessons', subject: 'Série', campus_id: ids.paris, started_by: isd.id,
    }).returning('id');
    for (const [language, message] of [['fr', 'Les opérations groupées sont indisponibles'], ['en', 'Bulk operations are unavailable']] as const) {
      const planner = new ApiClient(app.baseUrl, language);
      await planner.login(demo('isd'));
      const answer = await planner.graphql('mutation($id: ID!) { cancelOperation(id: $id) { id } }', { id: operation.id });
      expect(answer.json.errors[0].message).toContain(message);
      expect(answer.json.errors[0].extensions.code).toBe('TEMPORAL_UNAVAILABLE');
    }
  });

  it('keeps serving attendance and the calendar', async () => {
    const pedagogy = new ApiClient(app.baseUrl, 'en');
    await pedagogy.login(demo('pedagogy'));
    const sheets = await pedagogy.get('/api/attendance/sheets');
    expect(sheets.status).toBe(200);
    expect(sheets.json.campuses.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['Paris', 'Lyon']));
    const week = await pedagogy.graphql(`query { EventLessonSchedules(campusList: ["${ids.paris}"]) { uuid } }`);
    expect(week.status).toBe(200);
    expect(week.json.errors).toBeUndefined();
    expect(Array.isArray(week.json.data.EventLessonSchedules)).toBe(true);
    const student = new ApiClient(app.baseUrl, 'en');
    await student.login(demo('student'));
    expect((await student.get('/api/my-attendance')).status).toBe(200);
  });

  // The API's entry boots with schedulesInBackground (core/src/bin/api.ts): it listens without waiting for the
  // schedules' Temporal call to reach its deadline; a boot that waits (the worker's) ends after it.
  it('boots without waiting for Temporal when the schedules are checked in the background', async () => {
    const order: string[] = [];
    await Promise.all([
      app.core.bootstrap().then(() => order.push('waited for the schedules')),
      app.core.bootstrap({ schedulesInBackground: true }).then(() => order.push('schedules in the background')),
    ]);
    expect(order).toEqual(['schedules in the background', 'waited for the schedules']);
  });

  it('stays ready (PostgreSQL answers) and reports Temporal down; liveness answers', async () => {
    for (const path of ['/api/health/ready', '/api/health']) {
      const ready = await fetch(`${app.baseUrl}${path}`);
      expect(ready.status, path).toBe(200);
      const body = await ready.json();
      expect(body, path).toMatchObject({ status: 'degraded', db: 'ok', version: '0.1.0' });
      expect(body.temporal, path).not.toBe('ok');
      expect(body.temporal, path).toEqual(expect.any(String));
    }
    const live = await fetch(`${app.baseUrl}/api/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok', version: '0.1.0' });
  });
});
