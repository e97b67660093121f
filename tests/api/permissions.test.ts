import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demo, startTestApp, type TestApp } from '../support/app.js';

let app: TestApp;
let campuses: Record<string, string>;
beforeAll(async () => {
  app = await startTestApp();
  campuses = Object.fromEntries((await app.core.db.knex('campuses').select('id', 'name')).map((c) => [c.name, c.id]));
});
afterAll(() => app.close());

const campusQuery = 'query($actorId: ID!) { CampusPermissionWithOpenDays(actorId: $actorId) { uuid name openDays } }';
const grantQuery = 'query($granted: String!, $type: String!, $subject: String) { IsSubjectGranted(granted: $granted, type: $type, subject: $subject) { isGranted } }';

describe('CampusPermissionWithOpenDays', () => {
  it('lists the campuses where the actor holds a staff rule, with open days', async () => {
    const client = new ApiClient(app.baseUrl);
    const me = await client.login(demo('management'));
    const response = await client.graphql(campusQuery, { actorId: me.id });
    expect(response.json.data.CampusPermissionWithOpenDays).toEqual([
      { uuid: campuses.Lyon, name: 'Lyon', openDays: [1, 2, 3, 4, 5, 6] },
      { uuid: campuses.Paris, name: 'Paris', openDays: [1, 2, 3, 4, 5] },
    ]);
  });

  it('lists nothing for a teacher, whose rules are not staff rules', async () => {
    const client = new ApiClient(app.baseUrl);
    const me = await client.login(demo('teacher'));
    expect((await client.graphql(campusQuery, { actorId: me.id })).json.data.CampusPermissionWithOpenDays).toEqual([]);
  });

  it('shows a user of campus Lyon nothing of a Paris-only colleague', async () => {
    const isd = await new ApiClient(app.baseUrl).login(demo('isd'));
    const lyonManager = new ApiClient(app.baseUrl);
    await lyonManager.login(demo('campus-manager'));
    expect((await lyonManager.graphql(campusQuery, { actorId: isd.id })).json.data.CampusPermissionWithOpenDays).toEqual([]);
  });

  it('refuses a student asking about someone else, and anyone not logged in', async () => {
    const isd = await new ApiClient(app.baseUrl).login(demo('isd'));
    const student = new ApiClient(app.baseUrl);
    await student.login(demo('student'));
    const denied = await student.graphql(campusQuery, { actorId: isd.id });
    expect(denied.json.errors[0]).toMatchObject({ extensions: { code: 'FORBIDDEN', reason: 'Access Denied.' } });
    const anonymous = await new ApiClient(app.baseUrl).graphql(campusQuery, { actorId: isd.id });
    expect(anonymous.json.errors[0]).toMatchObject({ extensions: { code: 'UNAUTHENTICATED', reason: 'User is not logged in' } });
  });

  it('answers a non-UUID id with a violation in the error extensions', async () => {
    const client = new ApiClient(app.baseUrl, 'en');
    await client.login(demo('pedagogy'));
    const response = await client.graphql(campusQuery, { actorId: '42' });
    expect(response.json.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', violations: [{ path: 'actorId', message: 'The id "42" is not a valid UUID.' }] });
  });
});

describe('IsSubjectGranted', () => {
  it('grants a campus manager changes on its own campus only', async () => {
    const client = new ApiClient(app.baseUrl);
    await client.login(demo('campus-manager'));
    const ask = async (subject: string) =>
      (await client.graphql(grantQuery, { granted: 'training-centre.campus.update', type: 'campus', subject })).json.data.IsSubjectGranted.isGranted;
    expect(await ask(campuses.Lyon!)).toBe(true);
    expect(await ask(campuses.Paris!)).toBe(false);
  });

  it('lets read-only read and never change', async () => {
    const client = new ApiClient(app.baseUrl);
    await client.login(demo('read-only'));
    const ask = async (granted: string) => (await client.graphql(grantQuery, { granted, type: 'campus', subject: campuses.Paris })).json.data.IsSubjectGranted.isGranted;
    expect(await ask('training-centre.campus.read')).toBe(true);
    expect(await ask('training-centre.campus.update')).toBe(false);
    expect(await ask('core.operations.cancel')).toBe(false);
  });

  it('says no for unknown permissions or subject types, and when logged out', async () => {
    const client = new ApiClient(app.baseUrl);
    expect((await client.graphql(grantQuery, { granted: 'training-centre.campus.read', type: 'campus', subject: campuses.Paris })).json.data.IsSubjectGranted.isGranted).toBe(false);
    await client.login(demo('pedagogy'));
    expect((await client.graphql(grantQuery, { granted: 'no.such.permission', type: 'campus', subject: campuses.Paris })).json.data.IsSubjectGranted.isGranted).toBe(false);
    expect((await client.graphql(grantQuery, { granted: 'training-centre.campus.read', type: 'planet', subject: campuses.Paris })).json.data.IsSubjectGranted.isGranted).toBe(false);
    expect((await client.graphql(grantQuery, { granted: 'training-centre.campus.read', type: 'campus' })).json.data.IsSubjectGranted.isGranted).toBe(true);
  });
});
