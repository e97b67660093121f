import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { offsetTo } from './clock.js';

/** Root of the checkout: embedded data and the built web client live relative to it. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** PostgreSQL URL; undefined means embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  temporalAddress: string | undefined;
  temporalNamespace: string;
  taskQueue: string;
  /** TEMPORAL_REQUEST_TIMEOUT_MS: how long a request waits on a Temporal call before answering 503 (connecting included). */
  temporalRequestTimeoutMs: number;
  /** SHUTDOWN_TIMEOUT_MS: on SIGTERM, how long requests in flight may take to finish before their connections are cut. */
  shutdownTimeoutMs: number;
  logLevel: string;
  webDist: string;
  cookieSecure: boolean;
  sessionTtlHours: number;
  /** How long a request's session and actor may be reused without asking the database (0: never; tests). */
  sessionCacheMs: number;
  /** Failed logins per e-mail and address in the window (LOGIN_MAX_ATTEMPTS). */
  loginMaxAttempts: number;
  /** Failed logins per address whatever the e-mail in the window (LOGIN_MAX_ATTEMPTS_PER_ADDRESS; five times the other by default). */
  loginMaxAttemptsPerAddress: number;
  loginWindowSeconds: number;
  /** Addresses or CIDR ranges of the reverse proxies whose X-Forwarded-* headers are believed; none by default. */
  trustedProxies: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * PUBLIC_URL: the address people reach the app at (no trailing slash), for links and images in mail, which are read
   * outside any request (default http://localhost:PORT).
   */
  publicUrl: string;
  /** APP_SECRET: the key of the links the app signs (unsubscribe links); unset, a module keeps a random one of its own. */
  appSecret: string | undefined;
  seedDemo: boolean;
  version: string;
  /** Where stored files' bytes go (STORAGE_DRIVER): a local folder, or an S3-compatible store. */
  storage: StorageConfig;
  /** The application clock's shift from real time (ms): ALTERNA_CLOCK_OFFSET_MS, or ALTERNA_NOW as an instant. */
  clockOffsetMs: number;
  /** METRICS_TOKEN: the bearer token of `GET /api/metrics` (Prometheus); unset, that address is a 404. */
  metricsToken: string | undefined;
  /** WORKER_METRICS_PORT: where the worker serves its metrics and the Temporal SDK's (`/metrics`); unset, nowhere. */
  workerMetricsPort: number | undefined;
}

export type StorageConfig =
  /** `shared`: STORAGE_SHARED=true, the folder is one volume every API and worker of the deployment mounts. */
  | { driver: 'local'; dir: string; shared: boolean }
  | { driver: 's3'; endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

/** Reads and validates the environment; every bad value is reported at once, by variable name. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const str = (name: string, fallback: string) => {
    const v = env[name];
    return v === undefined || v === '' ? fallback : v;
  };
  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return n;
  };
  const bool = (name: string, fallback: boolean) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
    if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };
  const url = (name: string, protocols: string[]) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    try {
      const u = new URL(raw);
      if (!protocols.includes(u.protocol)) throw new Error('protocol');
      return raw;
    } catch {
      problems.push(`${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')} (got "${raw}")`);
      return undefined;
    }
  };

  const rawEnv = str('NODE_ENV', 'development');
  if (!['development', 'production', 'test'].includes(rawEnv)) {
    problems.push(`NODE_ENV must be development, production or test (got "${rawEnv}")`);
  }
  const envName = (['development', 'production', 'test'].includes(rawEnv) ? rawEnv : 'development') as Config['env'];
  const temporalAddress = env.TEMPORAL_ADDRESS || undefined;
  if (temporalAddress && !/^[\w.-]+:\d+$/.test(temporalAddress)) {
    problems.push(`TEMPORAL_ADDRESS must be host:port (got "${temporalAddress}")`);
  }
  const logLevel = str('LOG_LEVEL', envName === 'test' ? 'warn' : 'info');
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "${logLevel}")`);
  }

  const trustedProxies = str('TRUSTED_PROXIES', '').split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const entry of trustedProxies) {
    if (!isAddressOrRange(entry)) problems.push(`TRUSTED_PROXIES must list IP addresses or CIDR ranges separated by commas (got "${entry}")`);
  }

  const dataDir = path.resolve(repoRoot, str('DATA_DIR', '.data'));
  const storage = storageConfig(env, dataDir, url, problems);

  const port = int('PORT', 3000, 0, 65535);
  const loginMaxAttempts = int('LOGIN_MAX_ATTEMPTS', 10, 1, 1000);
  const config: Config = {
    env: envName,
    host: str('HOST', '0.0.0.0'),
    port,
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    dataDir,
    temporalAddress,
    temporalNamespace: str('TEMPORAL_NAMESPACE', 'default'),
    taskQueue: str('TEMPORAL_TASK_QUEUE', 'alterna'),
    temporalRequestTimeoutMs: int('TEMPORAL_REQUEST_TIMEOUT_MS', 3000, 100, 60_000),
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    logLevel,
    webDist: path.resolve(repoRoot, str('WEB_DIST', 'web/dist')),
    cookieSecure: bool('COOKIE_SECURE', envName === 'production'),
    sessionTtlHours: int('SESSION_TTL_HOURS', 12, 1, 24 * 90),
    sessionCacheMs: int('SESSION_CACHE_MS', envName === 'test' ? 0 : 2000, 0, 60_000),
    loginMaxAttempts,
    loginMaxAttemptsPerAddress: int('LOGIN_MAX_ATTEMPTS_PER_ADDRESS', loginMaxAttempts * 5, 1, 100_000),
    loginWindowSeconds: int('LOGIN_WINDOW_SECONDS', 900, 1, 86400),
    trustedProxies,
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: str('MAIL_FROM', 'Alterna <no-reply@alterna.localhost>'),
    publicUrl: (url('PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    appSecret: secret('APP_SECRET', env.APP_SECRET, 32, problems),
    seedDemo: bool('SEED_DEMO', envName !== 'production'),
    version: str('ALTERNA_VERSION', '0.1.0'),
    storage,
    clockOffsetMs: clockOffsetOf(env, problems),
    metricsToken: bearerToken(env.METRICS_TOKEN, problems),
    workerMetricsPort: env.WORKER_METRICS_PORT ? int('WORKER_METRICS_PORT', 0, 1, 65535) : undefined,
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/** A secret, when set, is long enough to be a key (APP_SECRET: 32 characters at least; METRICS_TOKEN: 16). */
function secret(name: string, value: string | undefined, minLength: number, problems: string[]): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length < minLength) problems.push(`${name} must be at least ${minLength} characters long`);
  return value;
}

/** METRICS_TOKEN, when set: 16 characters at least, none of them a space (it travels as `Authorization: Bearer <token>`). */
function bearerToken(value: string | undefined, problems: string[]): string | undefined {
  const token = secret('METRICS_TOKEN', value, 16, problems);
  if (token && /\s/.test(token)) problems.push('METRICS_TOKEN must not contain spaces');
  return token;
}

/**
 * The clock's shift: ALTERNA_CLOCK_OFFSET_MS as given (a test run computes it once and hands it to every
 * process, so all see the same now), else ALTERNA_NOW ('2026-12-31T23:30', Paris unless it says its offset).
 */
function clockOffsetOf(env: Env, problems: string[]): number {
  const offset = env.ALTERNA_CLOCK_OFFSET_MS;
  if (offset !== undefined && offset !== '') {
    if (/^-?\d+$/.test(offset)) return Number(offset);
    problems.push(`ALTERNA_CLOCK_OFFSET_MS must be a whole number of milliseconds (got "${offset}")`);
    return 0;
  }
  const instant = env.ALTERNA_NOW;
  if (instant === undefined || instant === '') return 0;
  const shift = offsetTo(instant);
  if (shift === null) problems.push(`ALTERNA_NOW must be a date and time such as 2026-12-31T23:30 (Paris) or 2026-12-31T22:30Z (got "${instant}")`);
  return shift ?? 0;
}

/**
 * What a production process refuses to start with, beyond bad values (checked by bootCore, so by the API, the worker
 * and the migrator): a local storage folder that is this process's own. Another API or worker would not see its files
 * (a download 404, a worker's zip "completed" with no bytes anywhere), and recreating the container would lose them.
 */
export function deploymentProblems(config: Config): string[] {
  if (config.env !== 'production' || config.storage.driver !== 'local' || config.storage.shared) return [];
  return [
    'STORAGE_DRIVER=local keeps files in a folder of this process (STORAGE_DIR): in production set STORAGE_DRIVER=s3 with '
    + 'S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or STORAGE_SHARED=true if STORAGE_DIR is one volume every API and worker mounts',
  ];
}

/** Throws the ConfigError of deploymentProblems (one line per problem, no stack trace at the entry points). */
export function assertDeployable(config: Config): void {
  const problems = deploymentProblems(config);
  if (problems.length) throw new ConfigError(problems);
}

/** Variables a production deployment must set (checked against docker-compose.yml by a test). */
export const requiredInProduction = ['DATABASE_URL', 'TEMPORAL_ADDRESS', 'SMTP_URL', 'NODE_ENV'] as const;

/** STORAGE_DRIVER and its settings: the folder (STORAGE_DIR) or the S3 store, whose every setting is required. */
function storageConfig(env: Env, dataDir: string, url: (name: string, protocols: string[]) => string | undefined, problems: string[]): StorageConfig {
  const driver = env.STORAGE_DRIVER || 'local';
  if (driver !== 'local' && driver !== 's3') problems.push(`STORAGE_DRIVER must be local or s3 (got "${driver}")`);
  const shared = env.STORAGE_SHARED;
  if (shared && !['true', 'false'].includes(shared.toLowerCase())) problems.push(`STORAGE_SHARED must be true or false (got "${shared}")`);
  if (shared?.toLowerCase() === 'true' && driver !== 's3' && !env.STORAGE_DIR) problems.push('STORAGE_SHARED=true needs STORAGE_DIR, where the shared volume is mounted');
  if (driver !== 's3') {
    return { driver: 'local', dir: path.resolve(repoRoot, env.STORAGE_DIR || path.join(dataDir, 'files')), shared: shared?.toLowerCase() === 'true' };
  }
  const endpoint = url('S3_ENDPOINT', ['http:', 'https:']);
  const required = (name: string) => {
    const value = env[name];
    if (!value) problems.push(`${name} must be set when STORAGE_DRIVER is s3`);
    return value ?? '';
  };
  if (!env.S3_ENDPOINT) problems.push('S3_ENDPOINT must be set when STORAGE_DRIVER is s3');
  const bucket = required('S3_BUCKET');
  // S3's bucket naming rules: a path-style URL segment and a DNS label at once.
  if (bucket && !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    problems.push(`S3_BUCKET must be 3 to 63 lowercase letters, digits, dots or dashes (got "${bucket}")`);
  }
  const region = env.S3_REGION || 'us-east-1';
  if (!/^[a-z0-9-]+$/.test(region)) problems.push(`S3_REGION must be lowercase letters, digits and dashes (got "${region}")`);
  return {
    driver: 's3',
    endpoint: endpoint ?? '',
    bucket,
    region,
    accessKeyId: required('S3_ACCESS_KEY_ID'),
    secretAccessKey: required('S3_SECRET_ACCESS_KEY'),
  };
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n >= 0 && n <= (family === 4 ? 32 : 128);
}

const maxDelaySeconds = 366 * 24 * 3600;

/**
 * Delays of a module's own settings, in whole seconds from 1 s to a year: each variable's value, or its default when
 * unset or blank. Every bad value is reported at once, by variable name, as the core's configuration does.
 */
export function readDelaySeconds<Name extends string>(env: Env, defaults: Record<Name, number>): Record<Name, number> {
  const problems: string[] = [];
  const values = {} as Record<Name, number>;
  for (const [name, fallback] of Object.entries(defaults) as [Name, number][]) {
    const raw = env[name];
    const value = raw === undefined || raw.trim() === '' ? fallback : Number(raw);
    if (!Number.isInteger(value) || value < 1 || value > maxDelaySeconds) {
      problems.push(`${name} must be a whole number of seconds from 1 to ${maxDelaySeconds} (got "${raw}")`);
    }
    values[name] = value;
  }
  if (problems.length) throw new ConfigError(problems);
  return values;
}
