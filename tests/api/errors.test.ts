import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineModule, yup } from '@alterna/core';
import { ApiClient, demo, startTestApp, type TestApp } from '../support/app.js';

// A module of the tests only: it proves the module contract's route table, permission and body checks.
const probe = defineModule({
  name: 'probe',
  dependsOn: ['identity'],
  permissions: [{ id: 'probe.thing.update', kind: 'change', typologies: ['pedagogy'] }],
  routes: [
    {
      name: 'probe_update', method: 'post', path: { en: '/probe/things/:id', fr: '/probe/choses/:id' }, permission: 'probe.thing.update',
      uuidParams: ['id'], body: yup.object({ name: yup.string().required().max(5) }),
      handler: ({ body, params }) => ({ id: params.id, name: body.name }),
    },
    { name: 'probe_crash', method: 'get', path: '/probe/crash', permission: 'public', handler: () => { throw new Error('secret internals at line 42'); } },
  ],
  graphql: {
    permissions: { Query: { probeCrash: 'public' } },
    typeDefs: 'extend type Query { probeCrash: String }',
    resolvers: () => ({ Query: { probeCrash: () => { throw new Error('secret resolver internals'); } } }),
  },
});

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, [probe]);
});
afterAll(() => app.close());

const id = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

describe('route tables of modules', () => {
  it('runs a route for an actor holding its permission, under both language paths', async () => {
    const client = new ApiClient(app.baseUrl);
    await client.login(demo('pedagogy'));
    expect((await client.post(`/api/probe/things/${id}`, { name: 'abc' })).json).toEqual({ id, name: 'abc' });
    expect((await client.post(`/api/probe/choses/${id}`, { name: 'abc' })).json).toEqual({ id, name: 'abc' });
  });

  it('refuses read-only and others with Access Denied., and anonymous users as not logged in', async () => {
    const reader = new ApiClient(app.baseUrl);
    await reader.login(demo('read-only'));
    const denied = await reader.post(`/api/probe/things/${id}`, { name: 'abc' });
    expect(denied.status).toBe(403);
    // What a person reads is in their language; the SPEC's string stays for the client's login check.
    expect(denied.json).toEqual({ errors: [{ path: '', message: "Accès refusé : vous n'avez pas le droit de faire cela.", reason: 'Access Denied.' }] });
    const anonymous = await new ApiClient(app.baseUrl).post(`/api/probe/things/${id}`, { name: 'abc' });
    expect(anonymous.status).toBe(401);
  });

  it('answers a non-UUID id and a bad body with 422 and messages in the user language', async () => {
    const client = new ApiClient(app.baseUrl, 'en');
    await client.login(demo('pedagogy'));
    const badId = await client.post('/api/probe/things/12', { name: 'abc' });
    expect(badId.status).toBe(422);
    expect(badId.json).toEqual({ errors: [{ path: 'id', message: 'The id "12" is not a valid UUID.' }] });
    const badBody = await client.post(`/api/probe/things/${id}`, { name: 'much too long' });
    expect(badBody.status).toBe(422);
    expect(badBody.json).toEqual({ errors: [{ path: 'name', message: 'This value should have 5 character(s) or less.' }] });
  });

  it('answers malformed JSON with 422, not a 500', async () => {
    const client = new ApiClient(app.baseUrl, 'fr');
    await client.login(demo('pedagogy'));
    const response = await client.request('POST', `/api/probe/things/${id}`, '{"name": ', { 'content-type': 'application/json' });
    expect(response.status).toBe(422);
    expect(response.json).toEqual({ errors: [{ path: '', message: "Le corps de la requête n'est pas un JSON valide." }] });
  });

  it('answers a crash with the SPEC 500 message and no stack trace', async () => {
    const response = await new ApiClient(app.baseUrl, 'fr').get('/api/probe/crash');
    expect(response.status).toBe(500);
    expect(response.json).toEqual({ errors: [{ path: '', message: 'Une erreur 500 est survenue, veuillez contacter le support pour leur informer du problème' }] });
    expect(response.text).not.toContain('secret');
    const graphql = await new ApiClient(app.baseUrl).graphql('{ probeCrash }');
    expect(graphql.json.errors[0]).toMatchObject({ extensions: { code: 'INTERNAL' } });
    expect(graphql.text).not.toContain('secret');
  });

  it('answers an unknown API path with a JSON 404, and a non-API path with the web client', async () => {
    const response = await new ApiClient(app.baseUrl, 'en').get('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ errors: [{ path: '', message: 'Not found.' }] });
  });

  it('reports health of the database and Temporal', async () => {
    const response = await new ApiClient(app.baseUrl).get('/api/health');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ status: 'ok', db: 'ok', temporal: 'ok', version: '0.1.0' });
  });
});

describe('module loading', () => {
  it('refuses to start with a missing dependency or a cycle, naming the modules', async () => {
    const lonely = defineModule({ name: 'lonely', dependsOn: ['absent'] });
    await expect(startTestApp({}, [lonely])).rejects.toThrow('"lonely" depends on "absent", which is not installed');
    const a = defineModule({ name: 'aa', dependsOn: ['bb'] });
    const b = defineModule({ name: 'bb', dependsOn: ['aa'] });
    await expect(startTestApp({}, [a, b])).rejects.toThrow('Module dependency cycle: aa -> bb -> aa');
  });

  it('refuses a route naming a permission nobody declared', async () => {
    const sloppy = defineModule({ name: 'sloppy', dependsOn: [], routes: [{ name: 'x', method: 'get', path: '/x', permission: 'sloppy.nothing', handler: () => ({}) }] });
    await expect(startTestApp({}, [sloppy])).rejects.toThrow('Route x names the unknown permission "sloppy.nothing"');
  });
});
