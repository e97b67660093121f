// What `npm test` runs and prepares, decided from the arguments and from facts about the machine. Nothing here
// touches the machine: scripts/test.ts gathers the facts and carries the steps out, and
// tests/unit/test-preparation.test.ts checks the decisions.

export const PARTS = ['unit', 'api', 'e2e'] as const;
export type Part = (typeof PARTS)[number];
export type Check = 'typecheck' | 'lint' | 'web build';

export interface TestPlan {
  checks: Check[];
  parts: Part[];
  /** vitest's file filters, passed on as they are. */
  filters: string[];
}

const isPart = (arg: string): arg is Part => (PARTS as readonly string[]).includes(arg);

/**
 * `npm test` alone: the checks, then every part. `npm test -- api e2e tests/e2e/timetable.e2e.ts`: those parts
 * (every part when only files are named), with only the web build among the checks, when a part reads the built client.
 */
export function testPlan(args: string[]): TestPlan {
  const named = args.filter(isPart);
  const parts = named.length ? PARTS.filter((part) => named.includes(part)) : [...PARTS];
  const filters = args.filter((arg) => !isPart(arg));
  // tests/unit/web-bundle.test.ts measures the built client and the e2e tests are served it.
  const readsWebBuild = parts.includes('unit') || parts.includes('e2e');
  const checks: Check[] = args.length === 0 ? ['typecheck', 'lint', 'web build'] : readsWebBuild ? ['web build'] : [];
  return { checks, parts, filters };
}

/** The vitest projects of a part (tests/vitest.config.ts): the API's files that must run alone are a project of their own. */
export function vitestProjects(part: Part): string[] {
  return part === 'api' ? ['api', 'api-serial'] : [part];
}

/** One vitest process: its projects, and whether it runs beside the main one (its output shown when it ends). */
export interface VitestRun {
  name: string;
  projects: string[];
  beside: boolean;
}

/**
 * The vitest processes of a run. The API files that run alone (api-serial) spend most of their time waiting on
 * Temporal's timeouts and a killed worker's restart, so they run in a process of their own beside the others,
 * one file at a time, instead of after them: the cores the others keep busy are what they wait beside.
 */
export function vitestRuns(parts: Part[]): VitestRun[] {
  const projects = parts.flatMap(vitestProjects);
  const alone = projects.filter((project) => project === 'api-serial');
  const together = projects.filter((project) => project !== 'api-serial');
  const runs: VitestRun[] = [];
  if (together.length) runs.push({ name: 'vitest', projects: together, beside: false });
  if (alone.length) runs.push({ name: 'vitest (api-serial)', projects: alone, beside: together.length > 0 });
  return runs;
}

export interface Command {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

export type Step =
  | { what: string; action: 'ready'; detail: string }
  | { what: string; action: 'run'; commands: Command[]; detail: string; thenWaitForPostgres?: boolean }
  | { what: string; action: 'obtain-temporal-cli' }
  | { what: string; action: 'fail'; message: string };

export interface MachineFacts {
  env: NodeJS.ProcessEnv;
  isRoot: boolean;
  /** Which of pg_ctlcluster and apt-get are on PATH. */
  commands: ReadonlySet<string>;
  /** Whether the tests' PostgreSQL server (postgresServer) accepts connections. */
  postgresAnswers: boolean;
  /** The machine's PostgreSQL clusters as `version/name` (Debian: /etc/postgresql/15/main is '15/main'). */
  postgresClusters: string[];
  /** Whether chromiumPath(env) exists. */
  chromiumExists: boolean;
}

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The server where the API and e2e runs create their databases (tests/support/global-setup.ts reads TEST_POSTGRES_URL):
 * TEST_POSTGRES_URL, else a PostgreSQL DATABASE_URL, else the machine's own.
 */
export function postgresServer(env: NodeJS.ProcessEnv): { url: string; configured: boolean } {
  const fromDatabaseUrl = /^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '') ? env.DATABASE_URL : undefined;
  const configured = env.TEST_POSTGRES_URL || fromDatabaseUrl;
  return { url: configured || DEFAULT_POSTGRES_URL, configured: Boolean(configured) };
}

/** host:port of a PostgreSQL URL, for messages (a URL may carry a password). */
export function postgresHostPort(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || 5432) };
}

export function chromiumPath(env: NodeJS.ProcessEnv): string {
  return env.CHROMIUM_PATH || '/usr/bin/chromium';
}

export function postgresStep(facts: MachineFacts): Step {
  const what = 'PostgreSQL';
  const { url, configured } = postgresServer(facts.env);
  const { host, port } = postgresHostPort(url);
  if (facts.postgresAnswers) return { what, action: 'ready', detail: `answering on ${host}:${port}` };
  // A server someone named is theirs to start.
  if (configured) return { what, action: 'fail', message: `PostgreSQL does not answer on ${host}:${port} (TEST_POSTGRES_URL or DATABASE_URL): start that server, or unset the variable to use 127.0.0.1:5432.` };
  const [version, name] = (facts.postgresClusters[0] ?? '').split('/');
  if (facts.commands.has('pg_ctlcluster') && version && name) {
    return {
      what, action: 'run', detail: `starting the machine's cluster ${version}/${name}`, thenWaitForPostgres: true,
      commands: [{ command: 'pg_ctlcluster', args: ['--skip-systemctl-redirect', version, name, 'start'] }],
    };
  }
  return {
    what, action: 'fail',
    message: 'PostgreSQL does not answer on 127.0.0.1:5432 and this machine has no cluster to start. The tests need a server there '
      + "with user postgres and trust authentication; on Debian: `sudo apt-get install -y postgresql`, then "
      + '`sudo pg_ctlcluster --skip-systemctl-redirect <version> main start`. Or set TEST_POSTGRES_URL to a server where the tests may create databases.',
  };
}

/** The API and e2e runs start a dev server unless given TEMPORAL_ADDRESS; a unit test runs the CLI itself (dev/src/temporal/dev-server.test.ts). */
export function temporalStep(parts: Part[], env: NodeJS.ProcessEnv): Step {
  if (env.TEMPORAL_ADDRESS && !parts.includes('unit')) return { what: 'Temporal', action: 'ready', detail: `TEMPORAL_ADDRESS=${env.TEMPORAL_ADDRESS}` };
  return { what: 'Temporal CLI', action: 'obtain-temporal-cli' };
}

export function chromiumStep(facts: MachineFacts): Step {
  const what = 'Chromium';
  const path = chromiumPath(facts.env);
  if (facts.chromiumExists) return { what, action: 'ready', detail: path };
  if (facts.env.CHROMIUM_PATH) return { what, action: 'fail', message: `CHROMIUM_PATH is ${path}, which does not exist.` };
  if (facts.isRoot && facts.commands.has('apt-get')) {
    return {
      what, action: 'run', detail: "installing Debian's chromium package",
      commands: [
        { command: 'apt-get', args: ['update'] },
        { command: 'apt-get', args: ['install', '-y', 'chromium'], env: { DEBIAN_FRONTEND: 'noninteractive' } },
      ],
    };
  }
  return {
    what, action: 'fail',
    message: `Chromium is missing at ${path}. Install Debian's package: \`sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y chromium\`, or set CHROMIUM_PATH to a Chromium binary.`,
  };
}

/** What the parts need, in order: every part the Temporal CLI, the API and e2e tests a PostgreSQL server, the e2e tests Chromium. */
export function preparationSteps(parts: Part[], facts: MachineFacts): Step[] {
  const steps: Step[] = [];
  if (parts.includes('api') || parts.includes('e2e')) steps.push(postgresStep(facts));
  steps.push(temporalStep(parts, facts.env));
  if (parts.includes('e2e')) steps.push(chromiumStep(facts));
  return steps;
}
