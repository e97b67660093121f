import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createCore, createLogger, discoverModules, loadConfig, type Core } from '@alterna/core';
import { managerEmail, managerPassword, type GeneratedCentre } from './generate.js';
import { benchVideoMaxMegabytes } from './measure-upload.js';

/** A tiny HTTP client that keeps the session cookie and speaks JSON, as the web client does. */
export class BenchClient {
  private cookies = new Map<string, string>();
  constructor(private readonly baseUrl: string) {}

  async request(method: string, path: string, body?: unknown): Promise<{ status: number; json: any; text: string }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        'accept-language': 'fr',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [name = '', value = ''] = (cookie.split(';')[0] ?? '').split('=');
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
    return { status: response.status, json, text };
  }

  async graphql(query: string, variables: Record<string, unknown> = {}) {
    return this.request('POST', '/api/graphql', { query, variables });
  }

  /** The session's cookies as a `cookie` header (for requests made by another program, curl). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async login(email: string, password: string): Promise<void> {
    const response = await this.request('POST', '/api/auth/login', { email, password });
    if (response.status !== 200) throw new Error(`login ${email} failed: ${response.status} ${response.text}`);
  }
}

export interface BenchApp {
  centre: GeneratedCentre;
  core: Core;
  baseUrl: string;
  /** Logged in as the centre's manager (management on every campus). */
  manager: BenchClient;
  close(): Promise<void>;
}

/** The real core (every module) against a generated database, listening on a free loopback port. */
export async function startBenchApp(centre: GeneratedCentre, temporalAddress: string): Promise<BenchApp> {
  const config = loadConfig({
    NODE_ENV: 'test', DATABASE_URL: centre.url, TEMPORAL_ADDRESS: temporalAddress, LOG_LEVEL: 'error',
    TEMPORAL_TASK_QUEUE: `bench-${crypto.randomUUID()}`, LOGIN_MAX_ATTEMPTS: '1000',
    // As in production (tests turn it off).
    SESSION_CACHE_MS: '2000',
  });
  // The files module reads its typologies' sizes when the core is made: the upload figure's video limit (its default is 50 MB).
  process.env.FILES_VIDEO_MAX_MB ??= String(benchVideoMaxMegabytes);
  const core = await createCore({ config, modules: await discoverModules(), log: createLogger('error') });
  const server = await core.listen(0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const manager = new BenchClient(baseUrl);
  await manager.login(managerEmail, managerPassword);
  return { centre, core, baseUrl, manager, close: () => core.close() };
}
