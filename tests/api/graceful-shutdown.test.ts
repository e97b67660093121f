// Issue #28: a restart drains. The API, compiled as production runs it (npm run build:server, then node), is
// sent SIGTERM while requests are in flight: they all complete, new connections are refused from then on, and the
// process exits 0; a request that never ends is cut once SHUTDOWN_TIMEOUT_MS has passed, and the exit is still 0.
import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startTestApp, testDatabaseUrl } from '../support/app.js';
import { buildServer, startApiProcess, type ApiProcess } from '../support/deployment.js';
import { eventually } from '../support/worker.js';
import { freePort } from '../support/ports.js';

let build: Awaited<ReturnType<typeof buildServer>>;
const apis: ApiProcess[] = [];

beforeAll(async () => {
  build = await buildServer();
}, 180_000);
afterAll(() => {
  for (const api of apis) if (api.child.exitCode === null && api.child.signalCode === null) api.child.kill('SIGKILL');
  build?.remove();
});

/** The compiled API on this file's database; Temporal unreachable (a closed port), which the API serves without. */
async function startApi(env: Record<string, string> = {}): Promise<ApiProcess> {
  const api = await startApiProcess(build.dir, {
    NODE_ENV: 'test', DATABASE_URL: await testDatabaseUrl(),
    TEMPORAL_ADDRESS: `127.0.0.1:${await freePort()}`, TEMPORAL_TASK_QUEUE: `test-${crypto.randomUUID()}`, LOG_LEVEL: 'warn', ...env,
  });
  apis.push(api);
  return api;
}

interface SlowLogin {
  /** Sends the rest of the body; resolves with the answer. */
  finish(): Promise<{ status: number; body: string }>;
  /** Resolves when the connection ends without an answer. */
  cut: Promise<string>;
}

/**
 * A login whose body comes in two parts: `Expect: 100-continue` makes the server say it has the request (it is
 * in flight there) before half the body is sent; the rest waits for finish().
 */
function slowLogin(port: number): Promise<SlowLogin> {
  const body = Buffer.from(JSON.stringify({ email: demo('pedagogy'), password: 'alterna-demo' }));
  const half = Math.floor(body.length / 2);
  return new Promise((resolve, reject) => {
    let answered: (answer: { status: number; body: string }) => void;
    const answer = new Promise<{ status: number; body: string }>((done) => (answered = done));
    let cutOff: (reason: string) => void;
    const cut = new Promise<string>((done) => (cutOff = done));
    const request = http.request({
      host: '127.0.0.1', port, method: 'POST', path: '/api/auth/login', agent: false,
      headers: { 'content-type': 'application/json', 'content-length': body.length, expect: '100-continue', 'accept-language': 'en' },
    });
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => answered({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', (error) => {
      cutOff(error.message);
      reject(error);
    });
    request.on('continue', () => {
      request.write(body.subarray(0, half), () => resolve({
        finish() {
          request.end(body.subarray(half));
          return answer;
        },
        cut,
      }));
    });
  });
}

/** Whether a new connection is refused (the server no longer listens). */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('a restart (SIGTERM)', () => {
  it('finishes the requests in flight, refuses new connections, then exits 0', async () => {
    const api = await startApi({ SHUTDOWN_TIMEOUT_MS: '120000' });
    const inFlight = await Promise.all(Array.from({ length: 5 }, () => slowLogin(api.port)));
    api.child.kill('SIGTERM');
    await eventually(() => refused(api.port), 60_000, 100);
    const answers = await Promise.all(inFlight.map((login) => login.finish()));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.every((a) => JSON.parse(a.body).actor.email === demo('pedagogy'))).toBe(true);
    expect(await api.exited, api.output()).toBe(0);
  });

  it('cuts a request that does not end once SHUTDOWN_TIMEOUT_MS has passed, and still exits 0', async () => {
    const api = await startApi({ SHUTDOWN_TIMEOUT_MS: '500' });
    const stuck = await slowLogin(api.port);
    api.child.kill('SIGTERM');
    expect(await api.exited, api.output()).toBe(0);
    expect(await stuck.cut).toBeTruthy();
  });
});

describe('readiness during the drain', () => {
  it('says stopping at once (probes get 503), while a request in flight still completes', async () => {
    const app = await startTestApp();
    const port = Number(new URL(app.baseUrl).port);
    const login = await slowLogin(port);
    expect((await app.core.health()).status).not.toBe('stopping');
    const closing = app.core.close();
    expect(await app.core.health()).toMatchObject({ status: 'stopping', db: 'ok' });
    expect((await login.finish()).status).toBe(200);
    await closing;
  });
});
