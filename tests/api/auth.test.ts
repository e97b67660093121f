import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demo, startTestApp, type TestApp } from '../support/app.js';
import { hashPassword } from '@alterna/identity';
import { nowMs } from '@alterna/core/clock';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ LOGIN_MAX_ATTEMPTS: '3' });
});
afterAll(() => app.close());

describe('login and sessions', () => {
  it('logs in with e-mail and password and sets an httpOnly SameSite=Lax session cookie', async () => {
    const response = await fetch(`${app.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demo('pedagogy'), password: 'alterna-demo' }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('alterna_session='));
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).not.toMatch(/secure/i);
    const { actor } = await response.json();
    expect(actor).toMatchObject({ firstName: 'Claire', lastName: 'Martin', space: 'staff', typologies: ['pedagogy'] });
    expect(actor.campuses.map((c: { name: string }) => c.name)).toEqual(['Lyon', 'Paris']);
    expect(actor.permissions).toContain('core.operations.cancel');
  });

  it('answers a wrong password with a form-level message in the request language, and opens no session', async () => {
    const fr = new ApiClient(app.baseUrl, 'fr-FR');
    const wrong = await fr.post('/api/auth/login', { email: demo('teacher'), password: 'wrong' });
    expect(wrong.status).toBe(422);
    expect(wrong.json).toEqual({ errors: [{ path: '', message: 'Adresse e-mail ou mot de passe incorrect.' }] });
    expect(fr.hasCookie('alterna_session')).toBe(false);
    const en = new ApiClient(app.baseUrl, 'en-GB');
    const unknown = await en.post('/api/auth/login', { email: 'nobody@demo.alterna.school', password: 'x' });
    expect(unknown.json).toEqual({ errors: [{ path: '', message: 'Invalid e-mail address or password.' }] });
  });

  it('validates the fields with a violation per field', async () => {
    const client = new ApiClient(app.baseUrl, 'fr');
    const response = await client.post('/api/auth/login', { email: 'not-an-email' });
    expect(response.status).toBe(422);
    expect(response.json.errors).toEqual([
      { path: 'email', message: "Cette valeur n'est pas une adresse e-mail valide." },
      { path: 'password', message: 'Cette valeur ne doit pas être vide.' },
    ]);
  });

  it('rate-limits repeated failures for one e-mail and address, then still refuses the right password', async () => {
    const email = `locked-${nowMs()}@example.test`;
    await app.core.db.knex('actors').insert({ first_name: 'Lock', last_name: 'Ed', email, password_hash: await hashPassword('alterna-demo') });
    const client = new ApiClient(app.baseUrl, 'en');
    for (let i = 0; i < 3; i += 1) expect((await client.post('/api/auth/login', { email, password: 'bad' })).status).toBe(422);
    const blocked = await client.post('/api/auth/login', { email, password: 'alterna-demo' });
    expect(blocked.status).toBe(429);
    expect(blocked.json.errors[0].message).toBe('Too many login attempts. Try again in 15 minute(s).');
    // Another account from the same address is not blocked.
    expect((await client.post('/api/auth/login', { email: demo('tutor'), password: 'alterna-demo' })).status).toBe(200);
  });

  it('tells whether one is logged in, and logs out for good', async () => {
    const client = new ApiClient(app.baseUrl);
    const before = await client.graphql('query IsLogged { IsLogged { isLogged } }');
    expect(before.json.data.IsLogged.isLogged).toBe(false);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    // The web's session probe: a visitor is an answer, not an error (no 401 on the login page).
    expect(await client.get('/api/auth/session')).toMatchObject({ status: 200, json: { actor: null } });
    await client.login(demo('student'));
    expect((await client.get('/api/auth/session')).json.actor).toMatchObject({ space: 'student', typologies: ['student'] });
    expect((await client.graphql('query IsLogged { IsLogged { isLogged } }')).json.data.IsLogged.isLogged).toBe(true);
    const me = await client.get('/api/auth/me');
    expect(me.json.actor).toMatchObject({ space: 'student', typologies: ['student'] });
    expect((await client.post('/api/auth/logout')).status).toBe(204);
    const after = await client.get('/api/auth/me');
    expect(after.status).toBe(401);
    expect(after.json).toEqual({ errors: [{ path: '', message: "Vous n'êtes pas connecté.", reason: 'User is not logged in' }] });
  });

  it.each([
    ['isd', 'staff'], ['management', 'staff'], ['campus-manager', 'staff'], ['read-only', 'staff'], ['referent', 'staff'],
    ['teacher', 'teacher'], ['trainer', 'teacher'], ['coach', 'coach'], ['tutor', 'tutor'], ['corporation-contact', 'corporation'],
  ])('lands the %s demo login in the %s space', async (typology, space) => {
    const client = new ApiClient(app.baseUrl);
    const actor = await client.login(demo(typology));
    expect(actor.space).toBe(space);
  });

  it("keeps the user's language choice over the browser's", async () => {
    const client = new ApiClient(app.baseUrl, 'fr');
    expect((await client.post('/api/language', { language: 'en' })).status).toBe(204);
    const response = await client.post('/api/auth/login', { email: demo('isd'), password: 'nope' });
    expect(response.json.errors[0].message).toBe('Invalid e-mail address or password.');
    const bad = await client.post('/api/language', { language: 'de' });
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0].path).toBe('language');
  });

  it('serves the French variant of a route too', async () => {
    const client = new ApiClient(app.baseUrl);
    const response = await client.post('/api/auth/connexion', { email: demo('management'), password: 'alterna-demo' });
    expect(response.status).toBe(200);
    expect(app.core.routes.map((r) => r.name)).toEqual(expect.arrayContaining(['pepal_core_login.en', 'pepal_core_login.fr']));
  });
});
