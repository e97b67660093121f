import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { deploymentProblems, loadConfig, repoRoot, requiredInProduction } from '@alterna/core';
import { obtainComposeCli, resolvedComposeFile, validateComposeFile, type ComposeCli } from '@alterna/dev';

// No Docker engine runs here: the file is validated by Docker Compose itself (`docker compose config`), then checked
// for what the app needs instead of being started.
const composeFile = path.join(repoRoot, 'docker-compose.yml');
const compose = parse(fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, {
    command?: string[]; environment?: Record<string, string>; image?: string; build?: { dockerfile: string };
    restart?: string; stop_grace_period?: string; healthcheck?: { test: string[] };
    volumes?: string[]; configs?: { source: string; target: string }[];
    depends_on?: Record<string, { condition: string }> | string[];
    deploy?: { replicas?: number }; ports?: string[]; networks?: Record<string, { ipv4_address?: string } | null>;
  }>;
  networks?: Record<string, { ipam?: { config: { subnet: string; ip_range?: string }[] } }>;
  volumes: Record<string, unknown>;
  configs?: Record<string, { content?: string }>;
};

describe('docker-compose.yml', () => {
  // Issue #28: "`docker compose config` validates the compose file". Compose v2 is obtained as the Temporal CLI is
  // (installed, else cached in ~/.cache/alterna, else built there once from the Go module proxy: minutes).
  describe('docker compose config', () => {
    let cli: ComposeCli;
    beforeAll(async () => {
      cli = await obtainComposeCli({ log: (line) => console.log(`[compose] ${line}`) });
    }, 20 * 60_000);

    it('accepts the file, and refuses a broken copy (so the check is real)', async () => {
      await validateComposeFile(cli, composeFile);
      const broken = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'compose-')), 'docker-compose.yml');
      fs.writeFileSync(broken, fs.readFileSync(composeFile, 'utf8').replace('restart: unless-stopped', 'restart: sometimes\n    replicas: two'));
      await expect(validateComposeFile(cli, broken)).rejects.toThrow(/docker compose config refused/);
    });

    it('resolves two API replicas behind the proxy, two workers, and the proxy as the only way in', async () => {
      const resolved = await resolvedComposeFile(cli, composeFile);
      expect(resolved.services.api!.deploy).toMatchObject({ replicas: 2 });
      expect(resolved.services.worker!.deploy).toMatchObject({ replicas: 2 });
      expect(resolved.services.api!.ports, 'no port of its own: only the proxy reaches it').toBeUndefined();
      expect(resolved.services.proxy!.ports).toEqual([expect.objectContaining({ target: 80, published: '3000' })]);
      expect((resolved.services.api!.environment as Record<string, string>).TRUSTED_PROXIES).toBe('172.28.0.200');
    });
  });

  it('has PostgreSQL, a Temporal server with its UI, an SMTP sink, a proxy, and the API and worker as separate services', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'mail', 'postgres', 'proxy', 'storage', 'storage-init', 'temporal', 'temporal-ui', 'worker']);
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
    // Only the proxy's X-Forwarded-For is believed: a client's own header must not choose the address the login
    // limit counts.
    expect(config.trustedProxies).toEqual([compose.services.proxy!.networks!.default!.ipv4_address]);
  });

  describe('two API replicas behind a reverse proxy (issue #28)', () => {
    it('runs Caddy in front, on a fixed address outside the range the other containers get, the only published app port', () => {
      const proxy = compose.services.proxy!;
      expect(proxy.image).toMatch(/^caddy:2\.\d+\.\d+-alpine$/);
      expect(proxy.restart).toBe('unless-stopped');
      expect(proxy.ports).toEqual(['3000:80']);
      expect(compose.services.api!.ports).toBeUndefined();
      const address = proxy.networks!.default!.ipv4_address!;
      const [range] = compose.networks!.default!.ipam!.config;
      expect(address.startsWith(range!.subnet.replace(/0\/24$/, ''))).toBe(true);
      // ip_range 172.28.0.0/25 hands out .0–.127: the proxy's .200 is never given to another container.
      expect(range!.ip_range).toBe('172.28.0.0/25');
      expect(Number(address.split('.').at(-1))).toBeGreaterThan(127);
    });

    it('spreads requests over every API replica, looked up again, and retries a refused one on another', () => {
      const caddyfile = compose.configs!.caddyfile!.content!;
      expect(caddyfile).toMatch(/dynamic a api 3000 \{\s*refresh 5s\s*\}/);
      expect(caddyfile).toContain('lb_try_duration 15s');
      expect(compose.services.api!.deploy).toEqual({ replicas: 2 });
      expect(compose.services.worker!.deploy).toEqual({ replicas: 2 });
    });
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
