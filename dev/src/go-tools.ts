// Command-line tools the project builds from the Go module proxy (`go install`) into a cache outside the checkout,
// so the build survives `git clean` and is shared by clones: the Temporal CLI, Docker Compose.
import { spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdir, rename, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { realNow } from '@alterna/core/clock';

export type Log = (msg: string) => void;

const EXE = process.platform === 'win32' ? '.exe' : '';
const TAIL_LINES = 30;
const HEARTBEAT_MS = 15_000;

/** Cache root outside the checkout (ALTERNA_CACHE_DIR, else ~/.cache/alterna). */
export function toolCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.ALTERNA_CACHE_DIR || join(homedir(), '.cache', 'alterna'));
}

/** Where a tool's binary is kept in the cache. */
export function cachedToolPath(name: string, env: NodeJS.ProcessEnv): string {
  return join(toolCacheDir(env), 'bin', `${name}${EXE}`);
}

export async function isExecutableFile(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

export async function findOnPath(name: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(dir, `${name}${EXE}`);
    if (await isExecutableFile(candidate)) return candidate;
  }
  return null;
}

/** Exit code, or a spawn error (e.g. ENOENT) as a rejection. */
export function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolveExit, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolveExit(code));
  });
}

/** Children must not outlive us; 'exit' handlers may only do synchronous work, and kill is. */
export function killOnExit(child: ChildProcess): () => void {
  const kill = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', kill);
  const untrack = (): void => {
    process.off('exit', kill);
  };
  child.once('exit', untrack);
  return untrack;
}

export function forEachLine(stream: Readable | null, onLine: (line: string) => void): void {
  if (stream) createInterface({ input: stream, crlfDelay: Infinity }).on('line', onLine);
}

export interface GoTool {
  /** What the log calls it ("the Temporal CLI"). */
  label: string;
  /** `module/path/cmd/x@version`. */
  pkg: string;
  /** The binary `go install` writes (the package path's last element). */
  built: string;
  /** The name it is kept under in the cache, when not `built`. */
  name?: string;
}

/** Builds a tool into the cache with `go install` (minutes the first time), logging go's lines and a heartbeat. */
export async function goInstall(go: string, tool: GoTool, env: NodeJS.ProcessEnv, log: Log): Promise<string> {
  const gobin = join(toolCacheDir(env), 'bin');
  await mkdir(gobin, { recursive: true });
  log(`Building ${tool.label}: GOBIN=${gobin} ${go} install ${tool.pkg} (the first build takes minutes)`);
  const started = realNow();
  const child = spawn(go, ['install', '-v', tool.pkg], { env: { ...env, GOBIN: gobin }, stdio: ['ignore', 'pipe', 'pipe'] });
  const untrack = killOnExit(child);
  const tail: string[] = [];
  const onLine = (line: string): void => {
    tail.push(line);
    if (tail.length > TAIL_LINES) tail.shift();
    log(`go: ${line}`);
  };
  forEachLine(child.stdout, onLine);
  forEachLine(child.stderr, onLine);
  // go is silent while compiling big packages: show it is still alive.
  const heartbeat = setInterval(() => log(`still building ${tool.label} (${secondsSince(started)} s)…`), HEARTBEAT_MS);
  try {
    const code = await exitCode(child);
    if (code !== 0) throw new Error(`go install ${tool.pkg} failed (exit ${code}):\n${tail.join('\n')}`);
    log(`Built ${tool.label} in ${secondsSince(started)} s`);
  } finally {
    clearInterval(heartbeat);
    untrack();
  }
  const target = cachedToolPath(tool.name ?? tool.built, env);
  if (tool.name) await rename(cachedToolPath(tool.built, env), target);
  if (!(await isExecutableFile(target))) throw new Error(`go install finished but ${target} is missing`);
  return target;
}

/** The Go toolchain: the one given, else `go` on PATH. */
export async function resolveGo(goBinary: string | undefined, env: NodeJS.ProcessEnv): Promise<string | null> {
  if (goBinary === undefined) return findOnPath('go', env);
  return (await isExecutableFile(goBinary)) ? goBinary : null;
}

export function secondsSince(start: number): number {
  return Math.round((realNow() - start) / 1000);
}
