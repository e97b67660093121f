// A deployment on the loopback for tests/api/deployment.test.ts (issue #28): the API compiled as production runs it
// (scripts/build-server.mjs, then `node api.js`; graceful-shutdown.test.ts starts it so too), as many processes as
// asked, and a client-side balancer that sends a bounded load over them as a reverse proxy would.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '@alterna/core';
import { eventually } from './worker.js';
import { freePort } from './ports.js';

/** The API, the worker and the migrator compiled into a folder of dist/ of their own (no workflow bundle: the API needs none). */
export async function buildServer(): Promise<{ dir: string; remove(): void }> {
  const dir = `dist/test-deployment-${crypto.randomUUID().slice(0, 8)}`;
  await promisify(execFile)(process.execPath, ['scripts/build-server.mjs', '--outdir', dir, '--no-workflow-bundle'], { cwd: repoRoot });
  return { dir, remove: () => fs.rmSync(path.join(repoRoot, dir), { recursive: true, force: true }) };
}

export interface ApiProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** The exit code once it has exited. */
  exited: Promise<number | null>;
  output(): string;
  /** SIGTERM (a restart's stop), then its exit code. */
  stop(): Promise<number | null>;
}

/** One compiled API process listening on the loopback (a free port unless given), waited for until it answers. */
export async function startApiProcess(build: string, env: Record<string, string>, port?: number): Promise<ApiProcess> {
  const listening = port ?? (await freePort());
  const child = spawn(process.execPath, [path.join(build, 'api.js')], {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(listening), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${listening}`;
  let gone = false;
  void exited.then(() => (gone = true));
  // Waited for, not timed: a loaded machine may take a minute to start it.
  await eventually(async () => {
    if (gone) throw new Error(`the API on ${url} exited before answering:\n${output}`);
    return (await fetch(`${url}/api/health/live`).catch(() => null))?.ok;
  }, 150_000, 250);
  return {
    port: listening, url, child, exited, output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** The session cookie of a demo login on one API (`name=value`, for a Cookie header). */
export async function sessionCookie(url: string, email: string): Promise<string> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'alterna-demo' }),
  });
  if (login.status !== 200) throw new Error(`login ${email} on ${url}: ${login.status} ${await login.text()}`);
  return login.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

export interface Upstream {
  /** Who answers there now (a restarted process gets another name on the same port). */
  name: string;
  url: string;
}

export interface LoadResult {
  /** Requests answered 200, by the upstream that answered. */
  answered: Record<string, number>;
  /** Requests that got anything else, or no answer from any upstream. */
  failed: string[];
  /** Connections an upstream refused or reset before answering, sent again to the next one (a proxy's next upstream). */
  resent: number;
}

/**
 * A bounded GET load spread round-robin over the upstreams, as a reverse proxy does (nginx's default
 * `proxy_next_upstream error`): a request whose connection is refused or reset before any answer goes to the next
 * upstream, which takes the one refusing out of the rotation for a moment. One connection per request (no
 * keep-alive), `connections` at a time, each pausing `pauseMs` between two requests. Anything but a 200 fails.
 */
export function balancedLoad(options: { upstreams: () => Upstream[]; path: string; headers: Record<string, string>; connections: number; pauseMs: number }) {
  const result: LoadResult = { answered: {}, failed: [], resent: 0 };
  const downUntil = new Map<string, number>();
  let next = 0;
  let stopping = false;

  const once = (upstream: Upstream) => new Promise<{ status: number } | { refused: string }>((resolve) => {
    const request = http.get(`${upstream.url}${options.path}`, { agent: false, headers: options.headers }, (response) => {
      response.resume();
      response.once('end', () => resolve({ status: response.statusCode ?? 0 }));
      response.once('error', () => resolve({ status: -1 }));
    });
    request.once('error', (error: NodeJS.ErrnoException) => resolve({ refused: error.code ?? error.message }));
  });

  const send = async () => {
    const tried: string[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const all = options.upstreams();
      const up = all.filter((u) => (downUntil.get(u.url) ?? 0) <= performance.now());
      const upstream = (up.length ? up : all)[next++ % (up.length || all.length)]!;
      const outcome = await once(upstream);
      if ('status' in outcome) {
        if (outcome.status === 200) result.answered[upstream.name] = (result.answered[upstream.name] ?? 0) + 1;
        else result.failed.push(`${upstream.name}: ${outcome.status}`);
        return;
      }
      tried.push(`${upstream.name}: ${outcome.refused}`);
      result.resent += 1;
      downUntil.set(upstream.url, performance.now() + 200);
    }
    result.failed.push(`no upstream answered (${tried.join(', ')})`);
  };

  const loops = Array.from({ length: options.connections }, async () => {
    while (!stopping) {
      await send();
      await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
  });
  return {
    /** 200s so far from the upstream of that name. */
    answeredBy: (name: string) => result.answered[name] ?? 0,
    async stop(): Promise<LoadResult> {
      stopping = true;
      await Promise.all(loops);
      return result;
    },
  };
}
