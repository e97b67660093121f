// Docker Compose v2, to validate docker-compose.yml as `docker compose config` does (the compose-spec schema, then
// interpolation and references): `docker compose` when the plugin is installed, else a `docker-compose` v2 binary on
// PATH or in the cache, else built there from the Go module proxy (minutes, once) like the Temporal CLI.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cachedToolPath, findOnPath, goInstall, isExecutableFile, resolveGo, type GoTool, type Log } from '../go-tools.js';

export const COMPOSE_VERSION = 'v2.29.7';
const composeTool: GoTool = { label: 'Docker Compose', pkg: `github.com/docker/compose/v2/cmd@${COMPOSE_VERSION}`, built: 'cmd', name: 'docker-compose' };
const run = promisify(execFile);

/** A command line that runs Compose v2: its program and the arguments before Compose's own. */
export interface ComposeCli {
  command: string;
  prefix: string[];
}

async function answersV2(command: string, prefix: string[]): Promise<boolean> {
  try {
    const { stdout } = await run(command, [...prefix, 'version', '--short']);
    return /^v?2\./.test(stdout.trim()) || stdout.trim() === 'dev';
  } catch {
    return false;
  }
}

/** Compose v2 as installed or cached, else built into the cache with `go install`. */
export async function obtainComposeCli(opts: { log: Log; env?: NodeJS.ProcessEnv }): Promise<ComposeCli> {
  const env = opts.env ?? process.env;
  const docker = await findOnPath('docker', env);
  if (docker && (await answersV2(docker, ['compose']))) return { command: docker, prefix: ['compose'] };
  for (const candidate of [await findOnPath('docker-compose', env), cachedToolPath('docker-compose', env)]) {
    if (candidate && (await isExecutableFile(candidate)) && (await answersV2(candidate, []))) return { command: candidate, prefix: [] };
  }
  const go = await resolveGo(undefined, env);
  if (!go) throw new Error('Docker Compose v2 is not installed and Go is not on PATH to build it (https://docs.docker.com/compose/install/)');
  return { command: await goInstall(go, composeTool, env, opts.log), prefix: [] };
}

/** `docker compose -f <file> config --quiet`: resolves when the file is valid, rejects with Compose's message. */
export async function validateComposeFile(cli: ComposeCli, file: string): Promise<void> {
  try {
    await run(cli.command, [...cli.prefix, '-f', file, 'config', '--quiet']);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`docker compose config refused ${file}: ${stderr || (error as Error).message}`);
  }
}

/** The file as Compose resolves it (`config --format json`). */
export async function resolvedComposeFile(cli: ComposeCli, file: string): Promise<{ services: Record<string, Record<string, unknown>>; volumes?: Record<string, unknown> }> {
  const { stdout } = await run(cli.command, [...cli.prefix, '-f', file, 'config', '--format', 'json'], { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as { services: Record<string, Record<string, unknown>>; volumes?: Record<string, unknown> };
}
