// `npm test`: prepares what the tests need (PostgreSQL, the Temporal CLI, Chromium; scripts/ensure-dependencies.mjs
// has installed the dependencies before this runs), then typecheck, lint and the web build side by side, and every vitest
// project (unit, API against PostgreSQL and Temporal, e2e in Chromium). `npm test -- unit|api|e2e [files]` runs only
// those parts (and files). Prints the ten slowest files and the total time, and ends with one line
// `N passed, N failed` (checks + tests), also written to ALTERNA_TEST_SUMMARY when set.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath, postgresHostPort, postgresServer, preparationSteps, testPlan, vitestRuns, type Check, type VitestRun, type Command, type MachineFacts, type Step } from './test-preparation.js';
import { referenceWorkMs } from './reference-work.js';
import { formatDuration, reportCounts, slowestFiles, slowestTimings, type FileTiming, type VitestReport } from './test-report.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// The suite's own duration, measured on the machine's clock (the run may be set at another instant, ALTERNA_NOW).
const started = performance.now();
let passed = 0;
let failed = 0;
const failures: string[] = [];

function step(name: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const stepStarted = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  console.log(`=== ${name}: ${ok ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${formatDuration(performance.now() - stepStarted)}`);
  return ok;
}

function finish(): never {
  if (failures.length) console.log(`\nFailed:\n  ${failures.join('\n  ')}`);
  const total = performance.now() - started;
  console.log(`\nTotal: ${formatDuration(total)} (${Math.round(total / referenceMs)} times the reference work, ${referenceMs} ms here)`);
  const summary = `${passed} passed, ${failed} failed`;
  if (process.env.ALTERNA_TEST_SUMMARY) fs.writeFileSync(process.env.ALTERNA_TEST_SUMMARY, `${summary}\n`);
  console.log(`\n${summary}`);
  process.exit(failed ? 1 : 0);
}

// --- Preparation ---------------------------------------------------------------------------------------------------

function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true)).once('timeout', () => done(false)).once('error', () => done(false));
  });
}

function onPath(name: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && fs.existsSync(path.join(dir, name)));
}

function postgresClusters(): string[] {
  const etc = '/etc/postgresql';
  if (!fs.existsSync(etc)) return [];
  return fs.readdirSync(etc).flatMap((version) => fs.readdirSync(path.join(etc, version)).map((name) => `${version}/${name}`));
}

async function machineFacts(): Promise<MachineFacts> {
  const { host, port } = postgresHostPort(postgresServer(process.env).url);
  return {
    env: process.env,
    isRoot: process.getuid?.() === 0,
    commands: new Set(['pg_ctlcluster', 'apt-get'].filter(onPath)),
    postgresAnswers: await answers(host, port),
    postgresClusters: postgresClusters(),
    chromiumExists: fs.existsSync(chromiumPath(process.env)),
  };
}

function runCommands(what: string, commands: Command[]): boolean {
  return commands.every(({ command, args, env }) => step(what, command, args, env));
}

async function waitForPostgres(): Promise<boolean> {
  const { host, port } = postgresHostPort(postgresServer(process.env).url);
  for (let attempt = 0; attempt < 30; attempt += 1) {
    if (await answers(host, port)) return true;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return false;
}

/** Carries a step out; the reason it could not, if any. */
async function prepare(prepStep: Step): Promise<string | null> {
  switch (prepStep.action) {
    case 'ready':
      console.log(`[test] ${prepStep.what}: ${prepStep.detail}`);
      return null;
    case 'fail':
      return prepStep.message;
    case 'run': {
      console.log(`[test] ${prepStep.what}: ${prepStep.detail}`);
      const commandLine = prepStep.commands.map((c) => [c.command, ...c.args].join(' ')).join(' && ');
      if (!runCommands(prepStep.what, prepStep.commands)) return `${prepStep.what}: \`${commandLine}\` failed; run it yourself to see why.`;
      if (prepStep.thenWaitForPostgres && !(await waitForPostgres())) return `${prepStep.what}: started with \`${commandLine}\` but not answering after 30 s.`;
      return null;
    }
    case 'obtain-temporal-cli': {
      // The way `npm start` obtains it: PATH, else ~/.cache/alterna, else built there with `go install` (minutes, once).
      const { obtainTemporalCli } = await import('@alterna/dev');
      try {
        console.log(`[test] ${prepStep.what}: ${await obtainTemporalCli({ log: (message) => console.log(`[temporal] ${message}`) })}`);
        return null;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    }
  }
}

// Timed first, while nothing else runs: the run's total is printed as a multiple of it, comparable across machines.
const referenceMs = referenceWorkMs();
console.log(`[test] machine: ${os.availableParallelism()} cores, reference work ${referenceMs} ms (scripts/reference-work.ts)`);
const plan = testPlan(process.argv.slice(2));
console.log(`[test] parts: ${plan.parts.join(', ')}${plan.filters.length ? `; files: ${plan.filters.join(' ')}` : ''}`);
const facts = await machineFacts();
for (const prepStep of preparationSteps(plan.parts, facts)) {
  const problem = await prepare(prepStep);
  if (problem) {
    console.error(`\n[test] cannot run the tests: ${problem}`);
    failed += 1;
    failures.push(`preparing ${prepStep.what}`);
    finish();
  }
}
// The server the preparation checked is the one the tests use (tests/support/global-setup.ts).
const testEnv = { TEST_POSTGRES_URL: postgresServer(process.env).url };

// --- Checks and tests ----------------------------------------------------------------------------------------------

/** A command run beside others, its output kept and shown by `show` (not mixed into the others'). */
function backgroundStep(name: string, command: string, args: string[], env: Record<string, string> = {}): Promise<{ ok: boolean; show: () => void }> {
  const stepStarted = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env } });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code, signal) => {
      const ok = code === 0;
      const took = formatDuration(performance.now() - stepStarted);
      resolve({
        ok,
        show: () => {
          console.log(`\n=== ${name}: ${command} ${args.join(' ')}\n${Buffer.concat(output).toString().trimEnd()}`);
          console.log(`=== ${name}: ${ok ? 'ok' : `FAILED (exit ${code ?? signal})`} in ${took}`);
        },
      });
    });
  });
}

/** A command whose output goes straight to the console; unlike step(), the event loop keeps serving the others. */
function foregroundStep(name: string, command: string, args: string[], env: Record<string, string>): Promise<boolean> {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const stepStarted = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code, signal) => {
      console.log(`=== ${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code ?? signal})`} in ${formatDuration(performance.now() - stepStarted)}`);
      resolve(code === 0);
    });
  });
}

// Each check is mostly one thread: two cores take two at once.
const checkScripts: Record<Check, string> = { typecheck: 'typecheck', lint: 'lint', 'web build': 'build:web' };
const checked = await Promise.all(plan.checks.map((check) => backgroundStep(check, npm, ['run', checkScripts[check]])));
for (const [index, { ok, show }] of checked.entries()) {
  show();
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(plan.checks[index]!);
  }
}

interface VitestOutcome {
  name: string;
  ok: boolean;
  report: string;
  timings: string;
}

const runs = vitestRuns(plan.parts);
/** One vitest process, its JSON report and each file's whole time (tests/support/timing-reporter.ts) in a folder of its own. */
async function runVitest(run: VitestRun): Promise<VitestOutcome & { show: () => void }> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'alterna-test-'));
  const outcome = { name: run.name, report: path.join(folder, 'vitest.json'), timings: path.join(folder, 'test-timings.json') };
  const args = ['vitest', 'run', '--config', 'tests/vitest.config.ts', ...run.projects.flatMap((project) => ['--project', project]), ...plan.filters];
  // Files named may all be in one of the processes; a run with no test at all still fails (below).
  if (plan.filters.length && runs.length > 1) args.push('--passWithNoTests');
  const env = { ...testEnv, VITEST_JSON: outcome.report, VITEST_TIMINGS: outcome.timings };
  if (run.beside) return { ...outcome, ...(await backgroundStep(run.name, 'npx', args, env)) };
  return { ...outcome, ok: await foregroundStep(run.name, 'npx', args, env), show: () => undefined };
}

const outcomes = await Promise.all(runs.map(runVitest));
let testsRun = 0;
const fileTimings: FileTiming[] = [];
for (const outcome of outcomes) {
  outcome.show();
  if (!fs.existsSync(outcome.report)) {
    failed += 1;
    failures.push(`${outcome.name} (no report)`);
    continue;
  }
  const results = JSON.parse(fs.readFileSync(outcome.report, 'utf8')) as VitestReport;
  const counts = reportCounts(results, root, { mayBeEmpty: outcomes.length > 1 });
  testsRun += results.numTotalTests;
  passed += counts.passed;
  failed += counts.failed;
  failures.push(...counts.failures);
  if (fs.existsSync(outcome.timings)) fileTimings.push(...(JSON.parse(fs.readFileSync(outcome.timings, 'utf8')) as FileTiming[]));
  else {
    console.log(`\nSlowest test files of ${outcome.name} (first test start to last test end):`);
    for (const { file, ms } of slowestFiles(results, root)) console.log(`  ${formatDuration(ms).padStart(12)}  ${file}`);
  }
  if (!outcome.ok && counts.failed === 0) {
    failed += 1;
    failures.push(`${outcome.name} exited with an error`);
  }
}
if (testsRun === 0 && outcomes.length > 1) {
  failed += 1;
  failures.push('vitest ran no test');
}
if (fileTimings.length) {
  console.log(`\nSlowest test files (whole time: import, set-up and tests; ${outcomes.map((o) => o.timings).join(', ')}):`);
  for (const line of slowestTimings(fileTimings)) console.log(`  ${line}`);
}
finish();
