import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typologies } from '@alterna/core';
import { demo, startTestApp, type TestApp } from '../support/app.js';
import { controlCharsCoverage } from '../support/fuzz/coverage.js';
import { generateCases } from '../support/fuzz/generate.js';
import { FuzzHttp, inPool, loginCookie } from '../support/fuzz/http.js';
import { changedTables, rowCounts } from '../support/fuzz/oracles.js';
import { fuzzSeed } from '../support/fuzz/random.js';
import { FuzzRun, summaryLine } from '../support/fuzz/report.js';

// Issue #14, fuzzing: malformed input generated from the declarations for every mounted route and every GraphQL
// Query and Mutation field, sent as someone allowed to reach it (and some anonymously). Every case stays invalid,
// so nothing may be written: no answer 5xx, no stack trace or SQL in any answer, the row count of every table the
// same after the run. FUZZ_SEED=<n> draws other cases; FUZZ_CASES=<id,id> replays some of a seed;
// FUZZ_PROGRESS=1 prints progress and more of the slowest answers.

/** Requests in flight at once: the server always has work waiting, the loaded machine is not flooded. */
const concurrency = 12;

let app: TestApp;
beforeAll(async () => {
  // Sessions cached for the run as in production (2 s there): each case then costs no session query.
  app = await startTestApp({ SESSION_CACHE_MS: '60000' });
});
afterAll(() => app?.close());

describe('bodies the parser cannot take as they are', () => {
  it('refuses JSON that is not UTF-8 (nothing stored with U+FFFD in it), an unknown encoding, a gzip that is not', async () => {
    const client = new FuzzHttp(app.baseUrl);
    const cookie = await loginCookie(client, demo('management'), 'alterna-demo');
    const post = (body: Buffer, headers: Record<string, string> = {}) => client.send({
      method: 'POST', path: '/api/corporations/new', body,
      headers: { cookie, 'accept-language': 'en', 'content-type': 'application/json', ...headers },
    });
    const before = await rowCounts(app.core.db.knex);
    const name = Buffer.concat([Buffer.from('{"name":"Fuzz '), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
    const notUtf8 = await post(name);
    expect([notUtf8.status, JSON.parse(notUtf8.text)]).toEqual([422, { errors: [{ path: '', message: 'The request body is not valid JSON.' }] }]);
    expect((await post(Buffer.from('{"name":"Fuzz"}'), { 'content-encoding': 'x-fuzz' })).status).toBe(415);
    expect((await post(Buffer.from('{"name":"Fuzz"}'), { 'content-encoding': 'gzip' })).status).toBe(422);
    // GraphQL reads its own body: the same refusal, and UTF-8 text still reads as it was sent.
    const graphql = (variable: Buffer) => client.send({
      method: 'POST', path: '/api/graphql', headers: { cookie, 'accept-language': 'en', 'content-type': 'application/json' },
      body: Buffer.concat([Buffer.from('{"query":"{ __typename }","variables":{"x":"'), variable, Buffer.from('"}}')]),
    });
    const broken = await graphql(Buffer.from([0xc3, 0x28]));
    expect([broken.status, JSON.parse(broken.text)]).toEqual([422, { errors: [{ path: '', message: 'The request body is not valid JSON.' }] }]);
    const french = await graphql(Buffer.from('Écoles supérieures'));
    expect([french.status, JSON.parse(french.text)]).toEqual([200, { data: { __typename: 'Query' } }]);
    expect(changedTables(before, await rowCounts(app.core.db.knex))).toEqual([]);
    client.close();
  });
});

describe('schema-driven fuzzing of every route and GraphQL operation', () => {
  it('answers at least 10,000 malformed requests without a 5xx, a stack trace or SQL, and writes no row', async () => {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const seed = fuzzSeed();
    const all = await generateCases(app.core, seed);
    const only = process.env.FUZZ_CASES ? new Set(process.env.FUZZ_CASES.split(',').map(Number)) : null;
    const cases = only ? all.filter((c) => only.has(c.id)) : all;
    const generatedIn = performance.now() - started;
    const generationCpu = process.cpuUsage(cpuStarted);

    // Each demo login once: its cookie goes with every case of that typology (logins count toward a rate limit).
    const client = new FuzzHttp(app.baseUrl);
    const cookies = new Map<string, string>();
    for (const typology of typologies) cookies.set(typology, await loginCookie(client, demo(typology), 'alterna-demo'));
    const before = await rowCounts(app.core.db.knex);
    const run = new FuzzRun();
    const sendStarted = performance.now();
    await inPool(cases, concurrency, async (fuzzCase) => {
      const request = fuzzCase.request();
      if (fuzzCase.actor) request.headers.cookie = cookies.get(fuzzCase.actor)!;
      const sent = performance.now();
      const answer = await client.send(request);
      run.record(fuzzCase, request, answer, performance.now() - sent);
      if (process.env.FUZZ_PROGRESS && run.answered % 500 === 0) console.log(`${run.answered} sent, ${Math.round(performance.now() - sendStarted)} ms`);
    });
    const sentIn = performance.now() - sendStarted;
    client.close();
    const changed = changedTables(before, await rowCounts(app.core.db.knex));
    const health = await fetch(`${app.baseUrl}/api/health`);

    const cpu = process.cpuUsage(cpuStarted);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `${summaryLine(run.figures(seed, cases), changed, before.size)}; generated in ${seconds(generatedIn)}, sent in ${seconds(sentIn)} ` +
      `(${Math.round(cases.length / (sentIn / 1000))}/s, ${concurrency} in flight); CPU of this process (client and server) ` +
      `${seconds((cpu.user + cpu.system) / 1000)}, ${seconds((generationCpu.user + generationCpu.system) / 1000)} of it generating`,
    );
    if (changed.length) console.log(`rows changed: ${changed.join(', ')}`);
    if (run.accepted.length) console.log(`${run.accepted.length} changes answered 2xx: ${run.accepted.slice(0, 30).map((c) => `#${c.id} ${c.kind} ${c.target} ${c.input.slice(0, 50)}`).join('; ')}`);
    console.log(`slowest answers: ${run.slowest(process.env.FUZZ_PROGRESS ? 25 : 3)}`);
    const report = run.report();
    if (report.length) console.log(`first findings (replay: ${run.replay(seed)}):\n${report.join('\n')}`);

    if (!only) {
      expect(cases.length).toBeGreaterThanOrEqual(10_000);
      // Issue #24: the texts no string may hold (a NUL answered 500) reach every kind of input, each case one at least.
      const control = controlCharsCoverage(cases);
      expect(control.count).toBeGreaterThan(500);
      expect(control.withoutAny).toEqual([]);
      expect(control.kinds).toEqual({
        'route body': ['nul', 'otherControl', 'loneSurrogate', 'rightToLeftOverride', 'leftToRightOverride'],
        // A URL cannot carry half a surrogate pair (encodeURIComponent refuses it), nor can a GraphQL document's literal.
        'route URL': ['nul', 'otherControl', 'rightToLeftOverride', 'leftToRightOverride'],
        'graphql variable': ['nul', 'otherControl', 'loneSurrogate', 'rightToLeftOverride', 'leftToRightOverride'],
        'graphql document': ['nul'],
      });
    }
    expect(report).toEqual([]);
    expect(changed, 'tables whose row count changed').toEqual([]);
    expect(health.status).toBe(200);
    expect((await health.json()).db).toBe('ok');
  }, 240_000);
});
