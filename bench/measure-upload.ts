import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { defineModule } from '@alterna/core';
import type { BenchApp } from './app.js';
import { managerEmail, managerPassword } from './generate.js';
import type { Figure } from './stats.js';

const SIZE = 200 * 1024 * 1024;

/** An upload route as modules declare one (streamed to a temporary copy, then stored by core.files). */
export const uploadBenchModule = defineModule({
  name: 'upload-bench',
  dependsOn: ['identity'],
  routes: [{
    name: 'upload_bench', method: 'post', path: '/upload-bench', permission: 'authenticated',
    upload: { maxBytes: 300 * 1024 * 1024, accept: ['application/pdf'], required: true },
    handler: async ({ file, core, actor }) => ({ file: await core.files.save(file!, { module: 'upload-bench', actorId: actor!.id }) }),
  }],
});

/** A PDF-headed file of `size` bytes on disk, written in 1 MB chunks (the client never holds it either). */
async function bigFile(size: number): Promise<string> {
  const file = path.join(os.tmpdir(), `alterna-bench-upload-${crypto.randomUUID()}.pdf`);
  const handle = await fs.open(file, 'w');
  const header = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  await handle.write(header);
  for (let written = header.length; written < size; written += 1024 * 1024) await handle.write(crypto.randomBytes(Math.min(1024 * 1024, size - written)));
  await handle.close();
  return file;
}

/**
 * Sends the file as one multipart part with curl, in another process: this process (the server's) counts only what
 * the server holds. Answers the stored size.
 */
async function upload(baseUrl: string, cookie: string, file: string): Promise<number> {
  const child = spawn('curl', [
    '-sS', '-H', `cookie: ${cookie}`, '-H', 'X-Requested-With: XMLHttpRequest', '-F', `file=@${file};filename=gros.pdf;type=application/pdf`,
    '-w', '\n%{http_code}', `${baseUrl}/api/upload-bench`,
  ]);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => { out += chunk.toString(); });
  const [code] = (await once(child, 'close')) as [number];
  const status = out.slice(out.lastIndexOf('\n') + 1);
  if (code !== 0 || status !== '200') throw new Error(`upload answered ${status} (curl ${code}): ${out.slice(0, 300)}`);
  return (JSON.parse(out.slice(0, out.lastIndexOf('\n'))) as { file: { size: number } }).file.size;
}

/**
 * A 200 MB upload (issue #13): the process's peak resident memory growth while it is received and stored, against
 * a 50 MB budget. The server runs in this process; curl sends the file from disk in another one.
 */
export async function measureUpload(app: BenchApp): Promise<Figure[]> {
  const login = await fetch(`${app.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: managerEmail, password: managerPassword }) });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const small = await bigFile(1024 * 1024);
  const large = await bigFile(SIZE);
  try {
    await upload(app.baseUrl, cookie, small);
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 5);
    const started = performance.now();
    const stored = await upload(app.baseUrl, cookie, large);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (stored !== SIZE) throw new Error(`stored ${stored} bytes of ${SIZE}`);
    return [{
      name: 'upload of a 200 MB file: peak RSS growth while received and stored vs a 50 MB budget',
      value: (peak - before) / 1024 / 1024, baseline: 50, unit: 'MB', target: 1,
      note: `${(SIZE / 1024 / 1024 / seconds).toFixed(0)} MB/s through a temporary copy to the local store`,
    }];
  } finally {
    await fs.rm(small, { force: true });
    await fs.rm(large, { force: true });
  }
}
