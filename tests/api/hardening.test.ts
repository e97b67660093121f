import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineModule, yup } from '@alterna/core';
import { ApiClient, demo, startTestApp, type TestApp } from '../support/app.js';
import { startTestWorker } from '../support/worker.js';
import { now, nowMs } from '@alterna/core/clock';

// Issue #9: what a client sends must never take the server down, nor be read as something else.

// A module of the tests only: a route whose body has every JSON type.
const probe = defineModule({
  name: 'probe',
  dependsOn: ['identity'],
  permissions: [{ id: 'probe.thing.update', kind: 'change', typologies: ['pedagogy'] }],
  routes: [{
    name: 'probe_types', method: 'post', path: '/probe/types', permission: 'probe.thing.update',
    body: yup.object({
      name: yup.string().trim().required(),
      hours: yup.number().min(0),
      remote: yup.boolean(),
      items: yup.array(yup.object({ label: yup.string().trim().required() })),
    }),
    handler: ({ body }) => body,
  }],
});

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, [probe]);
});
afterAll(() => app.close());

/** `{ CampusesInfo { sites { buildings { site { buildings { … } } } } } }`, `levels` pairs deep. */
function nestedCampusQuery(levels: number): string {
  let inner = 'id';
  for (let i = 0; i < levels; i += 1) inner = `buildings { site { ${inner} } }`;
  return `{ CampusesInfo { sites { ${inner} } } }`;
}

async function healthy(): Promise<boolean> {
  const response = await fetch(`${app.baseUrl}/api/health`);
  return (await response.json()).db === 'ok';
}

describe('GraphQL documents past the limits', () => {
  it('refuses a query nested 1,000 levels deep in the user language, and the server goes on', async () => {
    const fr = new ApiClient(app.baseUrl, 'fr');
    await fr.login(demo('pedagogy'));
    const deep = await fr.graphql(nestedCampusQuery(1000));
    expect(deep.status).toBe(400);
    expect(deep.json.errors).toEqual([{ message: 'La requête GraphQL est trop longue (au plus 3000 éléments).', extensions: { code: 'QUERY_TOO_LARGE', limit: 'tokens' } }]);
    expect(await healthy()).toBe(true);
    const en = new ApiClient(app.baseUrl, 'en');
    await en.login(demo('pedagogy'));
    const hundred = await en.graphql(nestedCampusQuery(100));
    expect(hundred.status).toBe(400);
    expect(hundred.json.errors[0]).toMatchObject({ message: 'The GraphQL query is nested too deeply (at most 10 levels).', extensions: { limit: 'depth' } });
    const forty = await en.graphql(nestedCampusQuery(20));
    expect(forty.json.errors[0].extensions.limit).toBe('depth');
    // The web's own reads still answer.
    expect((await en.graphql(nestedCampusQuery(1))).json.data.CampusesInfo.length).toBeGreaterThan(0);
  });

  it('refuses thousands of aliases and of directives', async () => {
    const client = new ApiClient(app.baseUrl, 'en');
    await client.login(demo('pedagogy'));
    const aliases = Array.from({ length: 20_000 }, (_, i) => `a${i}: IsLogged { isLogged }`).join(' ');
    const manyAliases = await client.graphql(`{ ${aliases} }`);
    expect(manyAliases.status).toBe(400);
    expect(manyAliases.json.errors[0].extensions.code).toBe('QUERY_TOO_LARGE');
    const someAliases = Array.from({ length: 30 }, (_, i) => `a${i}: IsLogged { isLogged }`).join(' ');
    expect((await client.graphql(`{ ${someAliases} }`)).json.errors[0]).toMatchObject({ message: 'The GraphQL query has too many aliases (at most 15).' });
    const directives = Array.from({ length: 30 }, () => '@include(if: true)').join(' ');
    expect((await client.graphql(`{ IsLogged ${directives} { isLogged } }`)).json.errors[0]).toMatchObject({ extensions: { limit: 'directives' } });
    expect(await healthy()).toBe(true);
  });

  it('keeps the schema to staff in production: introspection is refused to anonymous users and students', async () => {
    const production = await startTestApp({ NODE_ENV: 'production', COOKIE_SECURE: 'false', SEED_DEMO: 'false' });
    try {
      const introspection = '{ __schema { queryType { name } } }';
      const anonymous = await new ApiClient(production.baseUrl, 'en').graphql(introspection);
      expect(anonymous.json.errors[0].message).toBe('The GraphQL schema description is for signed-in staff only.');
      expect(anonymous.json.data ?? null).toBeNull();
      const student = new ApiClient(production.baseUrl, 'en');
      await student.login(demo('student'));
      expect((await student.graphql(introspection)).json.errors[0].message).toBe('The GraphQL schema description is for signed-in staff only.');
      const staff = new ApiClient(production.baseUrl, 'en');
      await staff.login(demo('read-only'));
      const seen = await staff.graphql(introspection);
      expect(seen.json.data.__schema.queryType.name).toBe('Query');
      // The same document, found valid for staff (validation is then cached), is still refused to others.
      const french = await new ApiClient(production.baseUrl, 'fr').graphql(introspection);
      expect(french.json.errors[0].message).toBe('La description du schéma GraphQL est réservée au personnel connecté.');
      expect(french.json.data ?? null).toBeNull();
    } finally {
      await production.close();
    }
  });
});

describe('bodies of the wrong JSON type', () => {
  it('answers an array where the login expects a string with a 422 naming the field, anonymously', async () => {
    const client = new ApiClient(app.baseUrl, 'en');
    const response = await client.post('/api/auth/login', { email: ['x'], password: { $ne: '' } });
    expect(response.status).toBe(422);
    expect(response.json.errors).toEqual([
      { path: 'email', message: 'This value should be a text.' },
      { path: 'password', message: 'This value should be a text.' },
    ]);
  });

  it('never coerces: a number is no name, a string no number, "true" no boolean; nested paths are named', async () => {
    const client = new ApiClient(app.baseUrl, 'fr');
    await client.login(demo('pedagogy'));
    const response = await client.post('/api/probe/types', { name: 123, hours: '12', remote: 'true', items: [{ label: 'ok' }, { label: ['x'] }, 'x'] });
    expect(response.status).toBe(422);
    expect(response.json.errors).toEqual([
      { path: 'name', message: 'Cette valeur doit être un texte.' },
      { path: 'hours', message: 'Cette valeur doit être un nombre.' },
      { path: 'remote', message: 'Cette valeur doit être vrai ou faux.' },
      { path: 'items[1].label', message: 'Cette valeur doit être un texte.' },
      { path: 'items[2]', message: 'Cette valeur doit être un objet.' },
    ]);
    expect((await client.post('/api/probe/types', { name: 'x', items: 'x' })).json.errors).toEqual([{ path: 'items', message: 'Cette valeur doit être une liste.' }]);
    const fine = await client.post('/api/probe/types', { name: ' Salle ', hours: 2, remote: false, items: [{ label: 'a' }] });
    expect(fine.json).toEqual({ name: 'Salle', hours: 2, remote: false, items: [{ label: 'a' }] });
  });

  it('answers a body over 5 MB with 413 and a message, GraphQL in another content type with 415 and the usual shape', async () => {
    const client = new ApiClient(app.baseUrl, 'en');
    const big = await client.request('POST', '/api/auth/login', JSON.stringify({ email: 'a'.repeat(6 * 1024 * 1024), password: 'x' }), { 'content-type': 'application/json' });
    expect(big.status).toBe(413);
    expect(big.json).toEqual({ errors: [{ path: '', message: 'The request is too large (at most 5 Mo).' }] });
    const bigQuery = await client.request('POST', '/api/graphql', JSON.stringify({ query: `{ IsLogged { isLogged } } #${'x'.repeat(6 * 1024 * 1024)}` }));
    expect(bigQuery.status).toBe(413);
    const text = await client.request('POST', '/api/graphql', JSON.stringify({ query: '{ IsLogged { isLogged } }' }), { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    expect(text.json).toEqual({ errors: [{ path: '', message: 'Unsupported content type: send JSON (application/json).' }] });
    expect(await healthy()).toBe(true);
  });

  it('answers GraphQL on GET and POST only (it is dispatched before the router, which still refuses the other methods)', async () => {
    const client = new ApiClient(app.baseUrl, 'en');
    expect((await client.request('GET', `/api/graphql?query=${encodeURIComponent('{ IsLogged { isLogged } }')}`)).json).toEqual({ data: { IsLogged: { isLogged: false } } });
    expect((await client.graphql('{ IsLogged { isLogged } }')).json).toEqual({ data: { IsLogged: { isLogged: false } } });
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const refused = await client.request(method, '/api/graphql', { query: '{ IsLogged { isLogged } }' });
      expect(refused.status).toBe(405);
      expect(refused.headers.get('allow')).toContain('POST');
    }
  });
});

describe('requests from other sites', () => {
  it('refuses form posts, and posts another site makes the browser send, changing nothing', async () => {
    const client = new ApiClient(app.baseUrl, 'en');
    await client.login(demo('isd'));
    const form = await client.request('POST', '/api/language', 'language=en', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    const formGraphql = await client.request('POST', '/api/graphql', 'query=%7BIsLogged%7BisLogged%7D%7D', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(formGraphql.status).toBe(415);
    const crossSite = await client.request('POST', '/api/language', { language: 'en' }, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.json.errors[0].message).toBe('Request refused: it does not come from the application.');
    const otherOrigin = await client.request('POST', '/api/auth/logout', {}, { origin: 'https://evil.example' });
    expect(otherOrigin.status).toBe(403);
    // Still logged in: the cross-site logout did nothing.
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect((await client.request('POST', '/api/language', { language: 'en' }, { 'sec-fetch-site': 'same-origin', origin: app.baseUrl })).status).toBe(204);
  });

  it('sends the security headers on pages and API answers', async () => {
    for (const path of ['/', '/api/health']) {
      const response = await fetch(`${app.baseUrl}${path}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('login rate limit and forwarded addresses', () => {
  const failures = async (client: ApiClient, email: string, count: number, forwardedFor: (i: number) => string) => {
    for (let i = 0; i < count; i += 1) {
      const response = await client.request('POST', '/api/auth/login', { email, password: 'wrong' }, { 'x-forwarded-for': forwardedFor(i) });
      expect(response.status).toBe(422);
    }
  };

  it('believes no X-Forwarded-For by default: a new address per guess does not reset the limit', async () => {
    const limited = await startTestApp({ LOGIN_MAX_ATTEMPTS: '3' });
    try {
      const client = new ApiClient(limited.baseUrl, 'en');
      await failures(client, demo('tutor'), 3, (i) => `198.51.100.${i + 1}`);
      const blocked = await client.request('POST', '/api/auth/login', { email: demo('tutor'), password: 'alterna-demo' }, { 'x-forwarded-for': '198.51.100.99' });
      expect(blocked.status).toBe(429);
      // Every guess was the socket's address: the e-mail's count from it stops the right password too.
      const attempts = await limited.core.db.knex('login_attempts').pluck('key');
      expect(attempts).not.toContain('address:198.51.100.1');
      expect(attempts).toContain('address:127.0.0.1');
    } finally {
      await limited.close();
    }
  });

  it('believes X-Forwarded-For from a configured proxy only, and counts per e-mail and address and per address', async () => {
    const proxied = await startTestApp({ LOGIN_MAX_ATTEMPTS: '2', TRUSTED_PROXIES: '127.0.0.1/32,::1' });
    try {
      const client = new ApiClient(proxied.baseUrl, 'en');
      // Two guesses "from" one address stop a third from it; the account is not locked for people elsewhere (issue #28).
      await failures(client, demo('coach'), 2, () => '203.0.113.1');
      const coach = (address: string) => client.request('POST', '/api/auth/login', { email: demo('coach'), password: 'alterna-demo' }, { 'x-forwarded-for': address });
      expect((await coach('203.0.113.1')).status).toBe(429);
      expect((await coach('203.0.113.50')).status).toBe(200);
      // One address trying many e-mails is stopped at five times the limit; another address is not.
      for (let i = 0; i < 10; i += 1) {
        const response = await client.request('POST', '/api/auth/login', { email: `nobody${i}@example.test`, password: 'x' }, { 'x-forwarded-for': '192.0.2.7, 127.0.0.1' });
        expect(response.status).toBe(422);
      }
      expect((await client.request('POST', '/api/auth/login', { email: demo('management'), password: 'alterna-demo' }, { 'x-forwarded-for': '192.0.2.7' })).status).toBe(429);
      expect((await client.request('POST', '/api/auth/login', { email: demo('management'), password: 'alterna-demo' }, { 'x-forwarded-for': '192.0.2.8' })).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('purges expired sessions and attempts past the window, on an hourly schedule', async () => {
    const knex = app.core.db.knex;
    const [actor] = await knex('actors').where({ email: demo('teacher') }).pluck('id');
    const token = (label: string) => crypto.createHash('sha256').update(`${label}-${crypto.randomUUID()}`).digest('hex');
    const [expired, live] = [token('expired'), token('live')];
    await knex('sessions').insert([
      { token_hash: expired, actor_id: actor, expires_at: new Date(nowMs() - 1000) },
      { token_hash: live, actor_id: actor, expires_at: new Date(nowMs() + 3600_000) },
    ]);
    await knex('login_attempts').insert([
      { key: 'email:old@example.test', attempted_at: new Date(nowMs() - 2 * 3600_000) },
      { key: 'email:recent@example.test', attempted_at: now() },
    ]);
    // Run as the schedule runs it: the workflow on a worker, calling the identity module's activity.
    const worker = await startTestWorker(app.core);
    try {
      const client = await app.core.temporal.client();
      const purged = await client.workflow.execute('identity.purgeLoginRecords', { taskQueue: app.core.config.taskQueue, workflowId: `purge-${crypto.randomUUID()}` });
      expect(purged.sessions).toBeGreaterThanOrEqual(1);
    } finally {
      await worker.stop();
    }
    expect(await knex('sessions').whereIn('token_hash', [expired, live]).pluck('token_hash')).toEqual([live]);
    expect(await knex('login_attempts').whereIn('key', ['email:old@example.test', 'email:recent@example.test']).pluck('key')).toEqual(['email:recent@example.test']);
    const identity = app.core.modules.find((m) => m.name === 'identity')!;
    expect(identity.schedules).toEqual([{ id: 'identity-purge-login-records', workflowType: 'identity.purgeLoginRecords', cron: '17 * * * *' }]);
  });
});

describe('refusals a person reads', () => {
  it('says not found in the user language over GraphQL, where it said a raw word', async () => {
    const fr = new ApiClient(app.baseUrl, 'fr');
    await fr.login(demo('pedagogy'));
    const query = 'query($id: ID!) { trainingGroup(trainingGroupId: $id) { id } }';
    const missing = crypto.randomUUID();
    expect((await fr.graphql(query, { id: missing })).json.errors[0]).toMatchObject({ message: 'Ressource introuvable.', extensions: { code: 'NOT_FOUND' } });
    const en = new ApiClient(app.baseUrl, 'en');
    await en.login(demo('pedagogy'));
    expect((await en.graphql(query, { id: missing })).json.errors[0]).toMatchObject({ message: 'Not found.', extensions: { code: 'NOT_FOUND' } });
    const training = 'query($id: ID!) { training(trainingId: $id) { id } }';
    expect((await fr.graphql(training, { id: missing })).json.errors[0].message).toBe('Ressource introuvable.');
  });

  it('translates Access Denied. and not logged in, keeping the SPEC strings in extensions.reason', async () => {
    const teacher = new ApiClient(app.baseUrl, 'fr');
    await teacher.login(demo('teacher'));
    const denied = (await teacher.graphql('{ trainings { id } }')).json.errors[0];
    expect(denied).toMatchObject({ message: "Accès refusé : vous n'avez pas le droit de faire cela.", extensions: { code: 'FORBIDDEN', reason: 'Access Denied.' } });
    const anonymous = (await new ApiClient(app.baseUrl, 'en').graphql('{ trainings { id } }')).json.errors[0];
    expect(anonymous).toMatchObject({ message: 'You are not logged in.', extensions: { code: 'UNAUTHENTICATED', reason: 'User is not logged in' } });
  });
});
