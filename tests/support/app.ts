import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { expect, inject } from 'vitest';
import { clockEnv } from './clock.js';
import { createCore, createLogger, createPostgresDatabase, discoverModules, loadConfig, type Core, type ModuleDefinition } from '@alterna/core';

export interface TestApp {
  core: Core;
  baseUrl: string;
  close(): Promise<void>;
}

// Each test file's own copy of the run's database, by file: the files a worker runs may share this module.
const fileDatabases = new Map<string, Promise<string>>();

/** This test file's database: a copy of the run's seeded one, so no other file's data is ever in sight. */
export function testDatabaseUrl(): Promise<string> {
  const file = expect.getState().testPath ?? '';
  if (!fileDatabases.has(file)) {
    fileDatabases.set(file, createPostgresDatabase(inject('postgresServerUrl'), `${inject('databaseName')}_f${crypto.randomUUID().slice(0, 8)}`, inject('databaseName')));
  }
  return fileDatabases.get(file)!;
}

/** The real core against the file's copy of the run's database and the Temporal server, listening on a free port. */
export async function startTestApp(env: Record<string, string> = {}, extraModules: ModuleDefinition<any>[] = []): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: await testDatabaseUrl(),
    TEMPORAL_ADDRESS: inject('temporalAddress'),
    // Each test file gets its own task queue, so its workers never pick up another file's work.
    TEMPORAL_TASK_QUEUE: `test-${crypto.randomUUID()}`,
    LOG_LEVEL: 'error',
    // Production answers 503 after 3 s without Temporal; a loaded test machine can take longer to start a run.
    TEMPORAL_REQUEST_TIMEOUT_MS: '20000',
    ...clockEnv(),
    // WEB_DIST serves a client built elsewhere (a helper's own build) to every e2e file; web/dist by default.
    ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    ...env,
  });
  const core = await createCore({ config, modules: [...(await discoverModules()), ...extraModules], log: createLogger(config.logLevel) });
  await core.migrate();
  const server = await core.listen(0, '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  return {
    core, baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await core.close();
      assertNoUnexpectedFallback(core);
    },
  };
}

/**
 * Every test file runs with the compiled answers counted: one its module's writer failed to answer (a selection it
 * does not write, an error that is no refusal) fails the file, where the executor's answer would have hidden it.
 */
export function assertNoUnexpectedFallback(core: Core): void {
  const unexpected = core.graphql.compiled.unexpected();
  if (unexpected.length) {
    throw new Error(`Compiled answers fell back to the executor unexpectedly (see the log): ${unexpected.map((u) => `${u.field} ${u.reason} ×${u.count}`).join(', ')}`);
  }
}

/** A tiny browser-like client: keeps the session cookie, speaks JSON. */
export class ApiClient {
  private cookies = new Map<string, string>();
  constructor(private readonly baseUrl: string, private readonly language = 'fr') {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        'accept-language': this.language,
        // A FormData body sets its own multipart content type, boundary included.
        ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' || body instanceof FormData ? body : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
    const text = await response.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: response.status, json, text, headers: response.headers };
  }

  get(path: string) {
    return this.request('GET', path);
  }

  post(path: string, body?: unknown) {
    return this.request('POST', path, body ?? {});
  }

  async graphql(query: string, variables: Record<string, unknown> = {}) {
    return this.request('POST', '/api/graphql', { query, variables });
  }

  async login(email: string, password = 'alterna-demo') {
    const response = await this.post('/api/auth/login', { email, password });
    if (response.status !== 200) throw new Error(`login ${email} failed: ${response.status} ${response.text}`);
    return response.json.actor;
  }

  hasCookie(name: string) {
    return this.cookies.has(name);
  }
}

export const demo = (typology: string) => `${typology}@demo.alterna.school`;

/** Demo users logged in once per typology and language: `const as = demoClients(() => app.baseUrl)`, then `await as('isd')`. */
export function demoClients(baseUrl: () => string, defaultLanguage = 'fr'): (typology: string, language?: string) => Promise<ApiClient> {
  const clients = new Map<string, Promise<ApiClient>>();
  return (typology, language = defaultLanguage) => {
    const key = `${typology}|${language}`;
    if (!clients.has(key)) {
      clients.set(key, (async () => {
        const client = new ApiClient(baseUrl(), language);
        await client.login(demo(typology));
        return client;
      })());
    }
    return clients.get(key)!;
  };
}

/** The SPEC's machine string of a refusal ('Access Denied.', 'User is not logged in'): GraphQL extensions or HTTP error item. */
export function reasonOf(error: unknown): unknown {
  const refusal = error as { reason?: unknown; extensions?: { reason?: unknown } } | undefined;
  return refusal?.extensions?.reason ?? refusal?.reason;
}
