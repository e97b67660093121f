import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import { Worker } from 'node:worker_threads';

// argon2id takes a few hundred milliseconds of CPU per password. On the event loop, fifty students logging in at
// 8:30 would hold every other request for seconds; in worker threads the server keeps answering while they wait.

// OWASP's argon2id baseline (19 MiB, 2 passes). WebAssembly (hash-wasm), so no native build on install.
const argon2Cost = { parallelism: 1, iterations: 2, memorySize: 19456, hashLength: 32 } as const;

// The worker's code as plain CommonJS (no TypeScript loader is needed inside it); hash-wasm by its resolved path.
const workerCode = `
const { parentPort, workerData } = require('node:worker_threads');
const { argon2id, argon2Verify } = require(workerData.hashWasm);
parentPort.on('message', async ({ id, password, salt, hash }) => {
  try {
    const value = hash ? await argon2Verify({ password, hash }) : await argon2id({ password, salt, ...workerData.cost, outputType: 'encoded' });
    parentPort.postMessage({ id, value });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});`;

interface Job {
  id: number;
  password: string;
  salt?: Uint8Array;
  hash?: string;
  resolve(value: string | boolean): void;
  reject(error: Error): void;
}

const size = Math.max(1, Math.min(4, os.availableParallelism()));
const hashWasm = createRequire(import.meta.url).resolve('hash-wasm');
const idle: Worker[] = [];
const busy = new Map<Worker, Job>();
const queue: Job[] = [];
let workers = 0;
let nextId = 1;

function spawn(): Worker {
  const worker = new Worker(workerCode, { eval: true, workerData: { hashWasm, cost: argon2Cost } });
  workers += 1;
  worker.on('message', (answer: { id: number; value?: string | boolean; error?: string }) => {
    const job = busy.get(worker);
    busy.delete(worker);
    if (job?.id === answer.id) {
      if (answer.error !== undefined) job.reject(new Error(answer.error));
      else job.resolve(answer.value!);
    }
    give(worker);
  });
  // A worker that dies (out of memory) fails its job; the next job starts a new one.
  worker.on('error', (error) => {
    busy.get(worker)?.reject(error);
    busy.delete(worker);
  });
  worker.on('exit', () => {
    workers -= 1;
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
    busy.get(worker)?.reject(new Error('the password hashing thread stopped'));
    busy.delete(worker);
    drain();
  });
  return worker;
}

function give(worker: Worker): void {
  const job = queue.shift();
  if (!job) {
    // An idle thread never keeps the process alive; a busy one does, until its answer is in.
    worker.unref();
    idle.push(worker);
    return;
  }
  worker.ref();
  busy.set(worker, job);
  worker.postMessage({ id: job.id, password: job.password, salt: job.salt, hash: job.hash });
}

function drain(): void {
  while (queue.length && (idle.length || workers < size)) give(idle.pop() ?? spawn());
}

function run(job: Omit<Job, 'id' | 'resolve' | 'reject'>): Promise<string | boolean> {
  return new Promise((resolve, reject) => {
    queue.push({ ...job, id: nextId++, resolve, reject });
    drain();
  });
}

/** An encoded argon2id hash ($argon2id$v=19$m=…,t=…,p=…$salt$hash) with a fresh random salt. */
export async function hashPassword(password: string): Promise<string> {
  return (await run({ password, salt: crypto.randomBytes(16) })) as string;
}

/** Whether `password` is the one `hash` was made from. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  return (await run({ password, hash })) as boolean;
}
