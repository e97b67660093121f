import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports.js';

// A real S3-compatible server for the s3 driver's tests: gofakes3 (path-style PUT/GET/DELETE, in memory).
// It does not check signatures; tests of the signing are in core/src/storage/s3-driver.test.ts.
const gofakes3Package = 'github.com/johannesboyne/gofakes3/cmd/gofakes3@v1.2.0';

const cacheBin = () => path.join(process.env.ALTERNA_CACHE_DIR || path.join(os.homedir(), '.cache', 'alterna'), 'bin');

async function executable(file: string): Promise<boolean> {
  return fs.access(file, fs.constants.X_OK).then(() => true, () => false);
}

async function onPath(name: string, extra: string[] = []): Promise<string | null> {
  for (const dir of [...(process.env.PATH ?? '').split(path.delimiter), ...extra].filter(Boolean)) {
    if (await executable(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

/** gofakes3 on PATH or in the project's cache, else built there with `go install` (seconds, once). */
async function obtainGofakes3(): Promise<string> {
  const found = (await onPath('gofakes3')) ?? ((await executable(path.join(cacheBin(), 'gofakes3'))) ? path.join(cacheBin(), 'gofakes3') : null);
  if (found) return found;
  const go = await onPath('go', ['/usr/local/go/bin']);
  if (!go) throw new Error(`The s3 tests need gofakes3: install Go, or put gofakes3 on PATH (go install ${gofakes3Package})`);
  await fs.mkdir(cacheBin(), { recursive: true });
  await promisify(execFile)(go, ['install', gofakes3Package], { env: { ...process.env, GOBIN: cacheBin() }, timeout: 300_000 });
  return path.join(cacheBin(), 'gofakes3');
}

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  stop(): Promise<void>;
}

/** An in-memory S3 server on a free loopback port with one bucket, answering before this returns. */
export async function startS3Server(bucket = 'alterna-test'): Promise<S3TestServer> {
  const binary = await obtainGofakes3();
  const port = await freePort();
  const child: ChildProcess = spawn(binary, ['-backend', 'memory', '-host', `127.0.0.1:${port}`, '-initialbucket', bucket, '-quiet'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    const up = await fetch(`${endpoint}/${bucket}`).then(() => true, () => false);
    if (up) break;
    if (attempt >= 100 || child.exitCode !== null) {
      child.kill();
      throw new Error(`gofakes3 did not answer on ${endpoint}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    endpoint,
    bucket,
    async stop() {
      if (child.exitCode === null) child.kill();
      await exited;
    },
  };
}
