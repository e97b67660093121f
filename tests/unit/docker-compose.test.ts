import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { deploymentProblems, loadConfig, repoRoot, requiredInProduction } from '@alterna/core';

// No Docker engine runs here: the file is checked for what the app needs instead of being started.
const compose = parse(fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, {
    command?: string[]; environment?: Record<string, string>; image?: string; build?: { dockerfile: string };
    restart?: string; stop_grace_period?: string; healthcheck?: { test: string[] };
    volumes?: string[]; configs?: { source: string; target: string }[];
    depends_on?: Record<string, { condition: string }> | string[];
  }>;
  volumes: Record<string, unknown>;
  configs?: Record<string, { content?: string }>;
};

describe('docker-compose.yml', () => {
  it('has PostgreSQL, a Temporal server with its UI, an SMTP sink, and the API and worker as separate services', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'mail', 'postgres', 'storage', 'storage-init', 'temporal', 'temporal-ui', 'worker']);
    // node itself runs the compiled server: npm would not pass SIGTERM on, and nothing would drain.
    expect(compose.services.api!.command).toEqual(['node', 'dist/server/api.js']);
    expect(compose.services.worker!.command).toEqual(['node', 'dist/server/worker.js']);
    const seconds = (value: string) => Number(/^(\d+)s$/.exec(value)?.[1]);
    for (const service of ['api', 'worker']) {
      expect(compose.services[service]!.restart, service).toBe('unless-stopped');
      // Longer than the drain (SHUTDOWN_TIMEOUT_MS, 10 s by default), else Docker kills what is still finishing.
      expect(seconds(compose.services[service]!.stop_grace_period!), service).toBeGreaterThan(10);
    }
    expect(compose.services.api!.healthcheck!.test.join(' ')).toContain('/api/health/ready');
    expect(fs.existsSync(path.join(repoRoot, compose.services.api!.build!.dockerfile))).toBe(true);
  });

  it.each(['api', 'worker'])('sets every variable production requires for %s, with values the config accepts', (service) => {
    const environment = compose.services[service]!.environment!;
    for (const name of requiredInProduction) expect(environment[name], name).toBeTruthy();
    const config = loadConfig(environment);
    expect(config.env).toBe('production');
    expect(config.databaseUrl).toMatch(/^postgres:\/\/.+@postgres:5432\//);
    expect(config.temporalAddress).toBe('temporal:7233');
    expect(config.smtpUrl).toBe('smtp://mail:1025');
    // Exposed directly: a client's X-Forwarded-For must not choose the address the login limit counts.
    expect(config.trustedProxies).toEqual([]);
  });

  // Issue #28: one file store for the deployment. Each container writing a folder of its own lost files between APIs
  // and workers (a worker's zip "completed" and a 404 on every API) and at every container's recreation.
  describe('one S3-compatible file store for every API and worker', () => {
    const storage = compose.services.storage!;

    it('runs Garage, a maintained store, its data and metadata on a named volume, health-checked', () => {
      expect(storage.image).toMatch(/^dxflrs\/garage:v2\.\d+\.\d+$/);
      expect(storage.restart).toBe('unless-stopped');
      const mount = storage.volumes!.map((v) => v.split(':')).find(([, target]) => target === '/var/lib/garage');
      expect(mount, 'a volume on /var/lib/garage').toBeTruthy();
      // A named volume of the file, not a folder of the host nor the container's own layer.
      expect(Object.keys(compose.volumes)).toContain(mount![0]);
      const config = compose.configs![storage.configs!.find((c) => c.target === '/etc/garage.toml')!.source]!.content!;
      expect(config).toContain('metadata_dir = "/var/lib/garage/meta"');
      expect(config).toContain('data_dir = "/var/lib/garage/data"');
      expect(config).toMatch(/\[s3_api\][^[]*api_bind_addr = "\[::\]:3900"/);
      expect(config).toMatch(/\[admin\][^[]*api_bind_addr = "\[::\]:3903"/);
      expect(storage.environment!.GARAGE_RPC_SECRET).toMatch(/^[0-9a-f]{64}$/);
      expect(storage.healthcheck!.test).toEqual(['CMD', '/garage', 'status']);
    });

    it('creates the bucket and the app\'s key at start, in a one-shot service that waits for a healthy store', () => {
      const init = compose.services['storage-init']!;
      expect(init.restart).toBe('no');
      expect(init.depends_on).toEqual({ storage: { condition: 'service_healthy' } });
      const script = init.command!.join(' ');
      for (const operation of ['UpdateClusterLayout', 'ApplyClusterLayout', 'ImportKey', 'CreateBucket', 'AllowBucketKey']) expect(script).toContain(operation);
      expect(init.environment!.GARAGE_ADMIN_URL).toBe('http://storage:3903');
      expect(init.environment!.GARAGE_ADMIN_TOKEN).toBe(storage.environment!.GARAGE_ADMIN_TOKEN);
      // Compose reads `$${...}` as a literal `${...}`: the script's template strings must not be interpolated away.
      expect(script).not.toMatch(/(?<!\$)\$\{/);
      const app = compose.services.api!.environment!;
      for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) expect(init.environment![name], name).toBe(app[name]);
      // Garage's own formats for an imported key.
      expect(app.S3_ACCESS_KEY_ID).toMatch(/^GK[0-9a-f]{24}$/);
      expect(app.S3_SECRET_ACCESS_KEY).toMatch(/^[0-9a-f]{64}$/);
    });

    it.each(['api', 'worker'])('%s stores files through the S3 driver in that store, with no local folder, once the store is ready', (service) => {
      const { environment, depends_on: dependsOn, volumes } = compose.services[service]!;
      expect(environment!.STORAGE_DIR).toBeUndefined();
      expect(environment!.STORAGE_SHARED).toBeUndefined();
      const config = loadConfig(environment!);
      expect(config.storage).toEqual({
        driver: 's3', endpoint: 'http://storage:3900', bucket: 'alterna', region: 'garage',
        accessKeyId: environment!.S3_ACCESS_KEY_ID, secretAccessKey: environment!.S3_SECRET_ACCESS_KEY,
      });
      // The region Garage signs with is the one the app signs for.
      const garage = compose.configs!['garage-config']!.content!;
      expect(garage).toContain(`s3_region = "${config.storage.driver === 's3' ? config.storage.region : ''}"`);
      // Production starts with it (a local folder of its own would be refused).
      expect(deploymentProblems(config)).toEqual([]);
      expect(deploymentProblems(loadConfig({ ...environment!, STORAGE_DRIVER: 'local' }))).toHaveLength(1);
      expect(dependsOn).toMatchObject({ storage: { condition: 'service_healthy' }, 'storage-init': { condition: 'service_completed_successfully' } });
      expect(volumes, 'no folder of its own for files').toBeUndefined();
    });
  });
});
