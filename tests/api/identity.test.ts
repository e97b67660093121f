import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailTakenError, hashPassword, type IdentityServices } from '@alterna/identity';
import { ApiClient, startTestApp, type TestApp } from '../support/app.js';

// Sessions kept for a minute here (2 s in production) so that what the cache answers, and when it forgets, shows.
let app: TestApp;
let identity: IdentityServices;
let campusId: string;
beforeAll(async () => {
  app = await startTestApp({ SESSION_CACHE_MS: '60000' });
  identity = app.core.services<IdentityServices>('identity');
  campusId = (await app.core.db.knex('campuses').where({ name: 'Paris' }).first('id')).id;
});
afterAll(() => app.close());

async function newPerson(email: string) {
  const passwordHash = await hashPassword('cache-password');
  const [id] = await identity.accounts.create(app.core.db.knex, [{ firstName: 'Cache', lastName: 'Test', email, passwordHash, rules: [{ campusId, typology: 'teacher' }] }]);
  const client = new ApiClient(app.baseUrl);
  await client.login(email, 'cache-password');
  return { id: id!, client };
}

describe('the session cache', () => {
  it('answers from the cache until identity writes the actor or its rules, then asks the database again', async () => {
    const { id, client } = await newPerson('cache.rules@example.org');
    expect((await client.get('/api/auth/me')).json.actor.typologies).toEqual(['teacher']);

    // Behind identity's back (SQL by hand): the cached answer stands for its lifetime.
    await app.core.db.knex('actor_access_rules').where({ actor_id: id }).delete();
    expect((await client.get('/api/auth/me')).json.actor.typologies).toEqual(['teacher']);

    // Through identity's accounts: forgotten at once.
    await identity.accounts.grant(app.core.db.knex, [{ actorId: id, campusId, typology: 'coach' }]);
    expect((await client.get('/api/auth/me')).json.actor.typologies).toEqual(['coach']);

    await identity.accounts.update(app.core.db.knex, id, { archived: true });
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  it('forgets a session at logout: its cookie opens nothing afterwards', async () => {
    const { client } = await newPerson('cache.logout@example.org');
    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    const cookie = `alterna_session=${(await loginCookie('cache.logout@example.org'))}`;
    expect((await fetch(`${app.baseUrl}/api/auth/me`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${app.baseUrl}/api/auth/logout`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' })).status).toBe(204);
    expect((await fetch(`${app.baseUrl}/api/auth/me`, { headers: { cookie } })).status).toBe(401);
  });
});

async function loginCookie(email: string): Promise<string> {
  const response = await fetch(`${app.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'cache-password' }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('alterna_session='))!;
  return cookie.split(';')[0]!.split('=')[1]!;
}

describe("identity's accounts (how other modules write actors)", () => {
  it('refuses an e-mail another actor holds, whatever its case, on create and on update (the unique index, through the model)', async () => {
    const knex = app.core.db.knex;
    const [first] = await identity.accounts.create(knex, [{ firstName: 'Ann', lastName: 'One', email: 'taken@example.org', rules: [{ campusId, typology: 'teacher' }] }]);
    const [second] = await identity.accounts.create(knex, [{ firstName: 'Bob', lastName: 'Two', email: 'free@example.org', rules: [{ campusId, typology: 'teacher' }] }]);
    await expect(identity.accounts.create(knex, [{ firstName: 'Cy', lastName: 'Three', email: 'TAKEN@example.org', rules: [] }])).rejects.toBeInstanceOf(EmailTakenError);
    await expect(identity.accounts.update(knex, second!, { email: 'Taken@Example.org' })).rejects.toBeInstanceOf(EmailTakenError);
    expect(await knex('actors').where({ id: second }).first('email')).toEqual({ email: 'free@example.org' });
    expect(await identity.accounts.emailInUse(knex, 'TAKEN@example.org')).toBe(true);
    expect(await identity.accounts.emailInUse(knex, 'taken@example.org', first)).toBe(false);
  });

  it('grants a rule once: granting it again adds nothing', async () => {
    const knex = app.core.db.knex;
    const [id] = await identity.accounts.create(knex, [{ firstName: 'Dee', lastName: 'Four', email: 'grant@example.org', rules: [{ campusId, typology: 'teacher' }] }]);
    expect(await identity.accounts.grant(knex, [{ actorId: id!, campusId, typology: 'teacher' }])).toBe(0);
    expect(await identity.accounts.grant(knex, [{ actorId: id!, campusId, typology: 'coach' }])).toBe(1);
    expect(await knex('actor_access_rules').where({ actor_id: id }).orderBy('typology').pluck('typology')).toEqual(['coach', 'teacher']);
  });
});
