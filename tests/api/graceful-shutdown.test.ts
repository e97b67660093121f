// Issue #28: a restart drains. The API, compiled as production runs it (npm run build:server, then node), is
// sent SIGTERM while requests are in flight: they all complete, new connections are refused from then on, and the
// process exits 0; a request that never ends is cut once SHUTDOWN_TIMEOUT_MS has passed, and the exit is still 0.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '@alterna/core';
import { demo, startTestApp, testDatabaseUrl } from '../support/app.js';
import { eventually } from '../support/worker.js';
import { freePort } from '../support/ports.js';

const build = `dist/test-server-${crypto.randomUUID().slice(0, 8)}`;
const children: ChildProcess[] = [];

beforeAll(async () => {
  await promisify(execFile)(process.execPath, ['scripts/build-server.mjs', '--outdir', build, '--no-workflow-bundle'], { cwd: repoRoot });
}, 180_000);
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(path.join(repoRoot, build), { recursive: true, force: true });
});

interface Api {
  port: number;
  exited: Promise<number | null>;
  output: () => string;
}

/** The compiled API on this file's database; Temporal unreachable (a closed port), which the API serves without. */
async function startApi(env: Record<string, string> = {}): Promise<Api> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(build, 'api.js')], {
    cwd: repoRoot,
    env: {
      ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: await testDatabaseUrl(),
      TEMPORAL_ADDRESS: `127.0.0.1:${await freePort()}`, TEMPORAL_TASK_QUEUE: `test-${crypto.randomUUID()}`, LOG_LEVEL: 'warn', ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // Waited for, not timed: a loaded machine may take a minute to start it.
  await eventually(async () => (await fetch(`http://127.0.0.1:${port}/api/health/live`).catch(() => null))?.ok, 150_000, 250);
  return { port, exited, output: () => output };
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
    process.kill(children.at(-1)!.pid!, 'SIGTERM');
    await eventually(() => refused(api.port), 60_000, 100);
    const answers = await Promise.all(inFlight.map((login) => login.finish()));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.every((a) => JSON.parse(a.body).actor.email === demo('pedagogy'))).toBe(true);
    expect(await api.exited, api.output()).toBe(0);
  });

  it('cuts a request that does not end once SHUTDOWN_TIMEOUT_MS has passed, and still exits 0', async () => {
    const api = await startApi({ SHUTDOWN_TIMEOUT_MS: '500' });
    const stuck = await slowLogin(api.port);
    process.kill(children.at(-1)!.pid!, 'SIGTERM');
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
