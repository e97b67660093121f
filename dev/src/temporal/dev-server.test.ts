import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connection } from '@temporalio/client';
import {
  ensureTemporalServer,
  findTemporalCli,
  freePort,
  obtainTemporalCli,
  startTemporalDevServer,
} from './dev-server.js';

const quiet = (): void => {};
const tempDirs: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'alterna-temporal-test-'));
  tempDirs.push(dir);
  return dir;
}

async function writeScript(path: string, mode: number): Promise<void> {
  await writeFile(path, '#!/bin/sh\necho fake temporal\n');
  await chmod(path, mode);
}

function portIsOpen(port: number): Promise<boolean> {
  return new Promise((resolveOpen) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolveOpen(true);
    });
    socket.once('error', () => resolveOpen(false));
  });
}

afterAll(async () => {
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('findTemporalCli', () => {
  it('finds an executable `temporal` put first on PATH', async () => {
    const binDir = await tempDir();
    const notExecutableDir = await tempDir();
    await writeScript(join(binDir, 'temporal'), 0o755);
    await writeScript(join(notExecutableDir, 'temporal'), 0o644);
    const env = {
      PATH: [notExecutableDir, binDir, process.env.PATH].join(delimiter),
      ALTERNA_CACHE_DIR: await tempDir(),
    };

    expect(await findTemporalCli({ env })).toBe(join(binDir, 'temporal'));
  });

  it('falls back to <ALTERNA_CACHE_DIR>/bin/temporal', async () => {
    const cacheDir = await tempDir();
    await mkdir(join(cacheDir, 'bin'));
    await writeScript(join(cacheDir, 'bin', 'temporal'), 0o755);
    const env = { PATH: await tempDir(), ALTERNA_CACHE_DIR: cacheDir };

    expect(await findTemporalCli({ env })).toBe(join(cacheDir, 'bin', 'temporal'));
    // Found in the cache: no build is attempted even without Go.
    expect(await obtainTemporalCli({ env, log: quiet, goBinary: '/nonexistent/go' })).toBe(join(cacheDir, 'bin', 'temporal'));
  });
});

describe('when nothing can provide a Temporal CLI', () => {
  it('finds nothing and explains what to do', async () => {
    const env = { PATH: await tempDir(), ALTERNA_CACHE_DIR: await tempDir() };
    const goBinary = join(await tempDir(), 'missing', 'go');

    expect(await findTemporalCli({ env })).toBeNull();
    const failure = obtainTemporalCli({ env, log: quiet, goBinary });
    await expect(failure).rejects.toThrow(/install Go \(https:\/\/go\.dev\/dl\/\) and rerun/);
    await expect(failure).rejects.toThrow(/put a `temporal` binary on PATH/);
    await expect(failure).rejects.toThrow(/set TEMPORAL_ADDRESS/);
    await expect(failure).rejects.toThrow(join(env.ALTERNA_CACHE_DIR, 'bin', 'temporal'));
  });
});

describe('ensureTemporalServer', () => {
  it('uses a given address as is, without managing it', async () => {
    const server = await ensureTemporalServer({ address: 'temporal.example:7233', log: quiet });

    expect(server).toMatchObject({ address: 'temporal.example:7233', managed: false });
    await server.stop();
  });
});

describe('startTemporalDevServer with the real binary', () => {
  let binary: string;

  // On a clean machine with Go this builds the CLI once (minutes); CI runs `npm run temporal -- --obtain-only` first.
  beforeAll(async () => {
    binary = await obtainTemporalCli({ log: (msg) => console.log(msg) });
  }, 15 * 60_000);

  it('serves the default namespace in memory on a free port, then stops', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const server = await startTemporalDevServer({ binary, port, log: quiet });
    expect(server.address).toBe(`127.0.0.1:${port}`);

    const connection = await Connection.connect({ address: server.address });
    try {
      const { namespaces } = await connection.workflowService.listNamespaces({});
      expect(namespaces.map((ns) => ns.namespaceInfo?.name)).toContain('default');
    } finally {
      await connection.close();
    }

    await server.stop();
    expect(await portIsOpen(port)).toBe(false);
  });

  it('persists to a SQLite file whose folder it creates', { timeout: 120_000 }, async () => {
    const dbFile = join(await tempDir(), 'nested', '.data', 'temporal.db');
    const server = await startTemporalDevServer({ binary, dbFile, namespace: 'alterna-test', log: quiet });
    try {
      expect((await stat(dbFile)).isFile()).toBe(true);
      const connection = await Connection.connect({ address: server.address });
      const { namespaceInfo } = await connection.workflowService.describeNamespace({ namespace: 'alterna-test' });
      await connection.close();
      expect(namespaceInfo?.name).toBe('alterna-test');
    } finally {
      await server.stop();
    }
  });

  it('rejects with the stderr tail when the server exits early', { timeout: 120_000 }, async () => {
    const blocker: Server = createServer();
    await new Promise<void>((listening) => blocker.listen(0, '127.0.0.1', listening));
    const { port } = blocker.address() as { port: number };
    try {
      await expect(startTemporalDevServer({ binary, port, log: quiet })).rejects.toThrow(/exited early[\s\S]*address already in use/);
    } finally {
      blocker.close();
    }
  });
});
