import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertDeployable, ConfigError, deploymentProblems, loadConfig, repoRoot } from './config.js';

describe('loadConfig', () => {
  it('works with no configuration at all: port 3000, embedded database under .data, no Temporal address', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.join(repoRoot, '.data'));
    expect(config.temporalAddress).toBeUndefined();
    expect(config.cookieSecure).toBe(false);
    expect(config.seedDemo).toBe(true);
  });

  it('reads the public address (mail links and assets) and the signing key, refusing a short key', () => {
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(loadConfig({ PUBLIC_URL: 'https://cfa.example/' }).publicUrl).toBe('https://cfa.example');
    expect(loadConfig({}).appSecret).toBeUndefined();
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL/);
  });

  it('reads the metrics token and the worker\'s metrics port, both off unless set', () => {
    expect(loadConfig({})).toMatchObject({ metricsToken: undefined, workerMetricsPort: undefined });
    expect(loadConfig({ METRICS_TOKEN: 'a-token-of-16-chars', WORKER_METRICS_PORT: '9464' })).toMatchObject({ metricsToken: 'a-token-of-16-chars', workerMetricsPort: 9464 });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: 'a token with spaces' })).toThrow(/METRICS_TOKEN must not contain spaces/);
    expect(() => loadConfig({ WORKER_METRICS_PORT: '0' })).toThrow(/WORKER_METRICS_PORT must be a whole number from 1 to 65535/);
  });

  it('makes cookies Secure and stops seeding in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@db:5432/alterna' });
    expect(config.cookieSecure).toBe(true);
    expect(config.seedDemo).toBe(false);
  });

  it('reports every bad value at once, by variable name', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', TEMPORAL_ADDRESS: 'nowhere', COOKIE_SECURE: 'maybe', NODE_ENV: 'staging' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems;
    expect(problems).toEqual([
      'PORT must be a whole number from 0 to 65535 (got "eighty")',
      'DATABASE_URL must be a URL starting with postgres:// or postgresql:// (got "mysql://x")',
      'COOKIE_SECURE must be true or false (got "maybe")',
      'NODE_ENV must be development, production or test (got "staging")',
      'TEMPORAL_ADDRESS must be host:port (got "nowhere")',
    ].sort((a, b) => problems.indexOf(a) - problems.indexOf(b)));
    expect(problems).toHaveLength(5);
    expect((caught as Error).message).toContain('Invalid configuration:');
  });

  it('believes no proxy by default, and reads TRUSTED_PROXIES as addresses and CIDR ranges', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.1, 172.16.0.0/12,::1' }).trustedProxies).toEqual(['10.0.0.1', '172.16.0.0/12', '::1']);
    expect(() => loadConfig({ TRUSTED_PROXIES: 'proxy.local,10.0.0.0/33' })).toThrow(
      /TRUSTED_PROXIES must list IP addresses or CIDR ranges separated by commas \(got "proxy.local"\)[\s\S]*got "10.0.0.0\/33"/,
    );
  });
  it('limits failed logins per e-mail and address, and per address at five times that unless set', () => {
    expect(loadConfig({})).toMatchObject({ loginMaxAttempts: 10, loginMaxAttemptsPerAddress: 50 });
    expect(loadConfig({ LOGIN_MAX_ATTEMPTS: '4' })).toMatchObject({ loginMaxAttempts: 4, loginMaxAttemptsPerAddress: 20 });
    expect(loadConfig({ LOGIN_MAX_ATTEMPTS: '4', LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '200' }).loginMaxAttemptsPerAddress).toBe(200);
    expect(() => loadConfig({ LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '0' })).toThrow(/LOGIN_MAX_ATTEMPTS_PER_ADDRESS must be a whole number from 1 to 100000 \(got "0"\)/);
  });

  it('stores files in a folder under the data directory by default, or in an S3 store whose settings are all checked', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'local', dir: path.join(repoRoot, '.data', 'files'), shared: false });
    expect(loadConfig({ DATA_DIR: '/srv/alterna' }).storage).toEqual({ driver: 'local', dir: '/srv/alterna/files', shared: false });
    expect(loadConfig({ STORAGE_DIR: '/mnt/files' }).storage).toEqual({ driver: 'local', dir: '/mnt/files', shared: false });
    expect(loadConfig({
      STORAGE_DRIVER: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'alterna', S3_ACCESS_KEY_ID: 'ak', S3_SECRET_ACCESS_KEY: 'sk',
    }).storage).toEqual({ driver: 's3', endpoint: 'http://127.0.0.1:9000', bucket: 'alterna', region: 'us-east-1', accessKeyId: 'ak', secretAccessKey: 'sk' });
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER must be local or s3 \(got "ftp"\)/);
    let caught: ConfigError | undefined;
    try {
      loadConfig({ STORAGE_DRIVER: 's3', S3_ENDPOINT: 'minio:9000', S3_BUCKET: 'My_Bucket', S3_REGION: 'EU West' });
    } catch (error) {
      caught = error as ConfigError;
    }
    expect(caught?.problems).toEqual([
      'S3_ENDPOINT must be a URL starting with http:// or https:// (got "minio:9000")',
      'S3_BUCKET must be 3 to 63 lowercase letters, digits, dots or dashes (got "My_Bucket")',
      'S3_REGION must be lowercase letters, digits and dashes (got "EU West")',
      'S3_ACCESS_KEY_ID must be set when STORAGE_DRIVER is s3',
      'S3_SECRET_ACCESS_KEY must be set when STORAGE_DRIVER is s3',
    ]);
  });

  it('refuses a production start whose files would stay in a folder of its own process (issue #28), in one line naming the variables', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://u@db:5432/alterna' };
    const problem = (env: Record<string, string>) => {
      try {
        assertDeployable(loadConfig(env));
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return error as ConfigError;
      }
    };
    for (const env of [production, { ...production, STORAGE_DIR: '/srv/files' }, { ...production, STORAGE_DIR: '/srv/files', STORAGE_SHARED: 'false' }]) {
      const refused = problem(env);
      expect(refused?.problems).toHaveLength(1);
      const line = refused!.problems[0]!;
      expect(line).not.toContain('\n');
      for (const name of ['STORAGE_DRIVER', 'STORAGE_DIR', 'STORAGE_SHARED', 'S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) expect(line).toContain(name);
      // What the entry points print (ConfigError's message): the problem, no stack trace.
      expect(refused!.message).toBe(`Invalid configuration:\n  - ${line}`);
    }
    // Declared shared (a volume every API and worker mounts), or an S3 store: it starts.
    expect(problem({ ...production, STORAGE_DIR: '/srv/files', STORAGE_SHARED: 'true' })).toBeNull();
    expect(loadConfig({ ...production, STORAGE_DIR: '/srv/files', STORAGE_SHARED: 'TRUE' }).storage).toEqual({ driver: 'local', dir: '/srv/files', shared: true });
    expect(problem({
      ...production, STORAGE_DRIVER: 's3', S3_ENDPOINT: 'http://garage:3900', S3_BUCKET: 'alterna', S3_ACCESS_KEY_ID: 'ak', S3_SECRET_ACCESS_KEY: 'sk',
    })).toBeNull();
    // Outside production a local folder is the default, shared or not.
    expect(deploymentProblems(loadConfig({}))).toEqual([]);
    expect(deploymentProblems(loadConfig({ NODE_ENV: 'test' }))).toEqual([]);
    // A shared folder must be named, and the flag be a boolean.
    expect(() => loadConfig({ ...production, STORAGE_SHARED: 'true' })).toThrow(/STORAGE_SHARED=true needs STORAGE_DIR/);
    expect(() => loadConfig({ STORAGE_SHARED: 'maybe' })).toThrow(/STORAGE_SHARED must be true or false \(got "maybe"\)/);
  });
});
