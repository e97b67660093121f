import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createCore, createLogger, discoverModules, loadConfig } from '@alterna/core';
import { hashPassword } from '@alterna/identity';
import { ApiClient, demo, startTestApp, testDatabaseUrl, type TestApp } from '../support/app.js';

// Issue #28: the login limit is counted atomically, over every process on one database, per e-mail and address with
// a per-address limit beside it. Both apps share this file's database copy and believe the loopback's X-Forwarded-For
// (a reverse proxy), so each test speaks from addresses of its own.
const env = { LOGIN_MAX_ATTEMPTS: '10', LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '25', TRUSTED_PROXIES: '127.0.0.1/32,::1' };
const password = 'right-password';
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await startTestApp(env);
  second = await startTestApp(env);
});
afterAll(async () => {
  await first?.close();
  await second?.close();
});

async function newAccount(label: string): Promise<string> {
  const email = `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`;
  await first.core.db.knex('actors').insert({ first_name: 'Lim', last_name: 'It', email, password_hash: await hashPassword(password) });
  return email;
}

function login(app: TestApp, email: string, secret: string, address: string, language = 'en') {
  return new ApiClient(app.baseUrl, language).request('POST', '/api/auth/login', { email, password: secret }, { 'x-forwarded-for': address });
}

/** Statuses of simultaneous attempts, counted: { 422: n, 429: m }. */
async function simultaneous(attempts: (() => ReturnType<typeof login>)[]) {
  const responses = await Promise.all(attempts.map((attempt) => attempt()));
  const statuses: Record<number, number> = {};
  for (const response of responses) statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  return { statuses, responses };
}

const tooManyFr = 'Trop de tentatives de connexion. Réessayez dans 15 minute(s).';
const tooManyEn = 'Too many login attempts. Try again in 15 minute(s).';

describe('login limit under simultaneous attempts', () => {
  it('checks exactly the limit of 40 simultaneous wrong passwords at one app, and locks the account for that address only', async () => {
    const email = await newAccount('one-app');
    const { statuses, responses } = await simultaneous(Array.from({ length: 40 }, () => () => login(first, email, 'wrong', '198.51.100.10', 'fr')));
    expect(statuses).toEqual({ 422: 10, 429: 30 });
    for (const refused of responses.filter((response) => response.status === 429)) expect(refused.json).toEqual({ errors: [{ path: '', message: tooManyFr }] });
    expect(await first.core.db.knex('login_attempts').where({ key: `email:${email}|address:198.51.100.10` }).count({ n: '*' }).first()).toEqual({ n: 10 });

    // The right password waits too from that address; from another, the account is not locked.
    expect((await login(first, email, password, '198.51.100.10')).status).toBe(429);
    expect((await login(first, email, password, '198.51.100.11')).status).toBe(200);
    // Another client behind the same address logs in to another account.
    expect((await login(first, demo('tutor'), 'alterna-demo', '198.51.100.10')).status).toBe(200);
  });

  it('checks exactly the limit of 40 simultaneous wrong passwords over two apps on one database', async () => {
    const email = await newAccount('two-apps');
    const { statuses, responses } = await simultaneous(Array.from({ length: 40 }, (_, i) => () => login(i % 2 ? second : first, email, 'wrong', '198.51.100.20')));
    expect(statuses).toEqual({ 422: 10, 429: 30 });
    for (const refused of responses.filter((response) => response.status === 429)) expect(refused.json.errors[0].message).toBe(tooManyEn);
    expect((await login(second, email, password, '198.51.100.20')).status).toBe(429);
    expect((await login(second, demo('coach'), 'alterna-demo', '198.51.100.20')).status).toBe(200);
  });

  it('stops one address guessing many accounts at the per-address limit, over two apps', async () => {
    const { statuses } = await simultaneous(Array.from({ length: 40 }, (_, i) => () => login(i % 2 ? second : first, `nobody${i}@example.test`, 'x', '198.51.100.30')));
    expect(statuses).toEqual({ 422: 25, 429: 15 });
    expect((await login(first, demo('management'), 'alterna-demo', '198.51.100.30')).status).toBe(429);
    expect((await login(first, demo('management'), 'alterna-demo', '198.51.100.31')).status).toBe(200);
  });

  it('does not count successful logins against a shared address', async () => {
    // 30 logins from one address, over its limit of 25 failures, in rounds of 10 at once.
    for (let round = 0; round < 3; round += 1) {
      const { statuses } = await simultaneous(Array.from({ length: 10 }, (_, i) => () => login(i % 2 ? second : first, demo('teacher'), 'alterna-demo', '198.51.100.40')));
      expect(statuses).toEqual({ 200: 10 });
    }
    expect((await login(first, demo('teacher'), 'wrong', '198.51.100.40')).status).toBe(422);
  });
});

describe('forwarded addresses in production', () => {
  const production = async (extra: Record<string, string>) => {
    const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: await testDatabaseUrl(), TEMPORAL_ADDRESS: inject('temporalAddress'), LOG_LEVEL: 'silent', ...extra });
    const log = createLogger('silent');
    const warn = vi.spyOn(log, 'warn');
    const core = await createCore({ config, modules: await discoverModules(), log });
    await core.close();
    return warn.mock.calls;
  };

  it('warns at start, naming TRUSTED_PROXIES, when it is not set', async () => {
    const warnings = await production({});
    expect(warnings).toContainEqual([{ variable: 'TRUSTED_PROXIES' }, expect.stringMatching(/^TRUSTED_PROXIES is not set: .* 50 failed logins from anyone stop every login for 15 minute\(s\)/)]);
    expect(await production({ TRUSTED_PROXIES: '10.0.0.2' })).not.toContainEqual([{ variable: 'TRUSTED_PROXIES' }, expect.anything()]);
  });
});
