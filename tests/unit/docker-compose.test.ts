import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig, repoRoot, requiredInProduction } from '@alterna/core';

// No Docker engine runs here: the file is checked for what the app needs instead of being started.
const compose = parse(fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, {
    command?: string[]; environment?: Record<string, string>; image?: string; build?: { dockerfile: string };
    restart?: string; stop_grace_period?: string; healthcheck?: { test: string[] };
  }>;
};

describe('docker-compose.yml', () => {
  it('has PostgreSQL, a Temporal server with its UI, an SMTP sink, and the API and worker as separate services', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'mail', 'postgres', 'temporal', 'temporal-ui', 'worker']);
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
});
