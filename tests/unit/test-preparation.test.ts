import { describe, expect, it } from 'vitest';
import { dependenciesStale } from '../../scripts/ensure-dependencies.mjs';
import { DEFAULT_POSTGRES_URL, postgresServer, preparationSteps, testPlan, vitestProjects, vitestRuns, type MachineFacts, type Step } from '../../scripts/test-preparation.js';
import { formatDuration, reportCounts, slowestFiles, slowestTimings, type VitestReport } from '../../scripts/test-report.js';
import { referenceWork } from '../../scripts/reference-work.js';

// `npm test`'s decisions from facts about a machine; nothing here touches this one.
const debian = (facts: Partial<MachineFacts> = {}): MachineFacts => ({
  env: {},
  isRoot: true,
  commands: new Set(['pg_ctlcluster', 'apt-get']),
  postgresAnswers: true,
  postgresClusters: ['15/main'],
  chromiumExists: true,
  ...facts,
});
const actions = (steps: Step[]) => steps.map((s) => `${s.what}: ${s.action}`);
const commandLines = (step: Step | undefined) => (step?.action === 'run' ? step.commands.map((c) => [c.command, ...c.args].join(' ')) : []);
const message = (step: Step | undefined) => (step?.action === 'fail' ? step.message : '');

describe('what npm test runs', () => {
  it('runs the checks and every part when given nothing', () => {
    expect(testPlan([])).toEqual({ checks: ['typecheck', 'lint', 'web build'], parts: ['unit', 'api', 'e2e'], filters: [] });
  });

  it('runs only the parts named, in the usual order, building the web client only for the parts that read it', () => {
    expect(testPlan(['api'])).toEqual({ checks: [], parts: ['api'], filters: [] });
    expect(testPlan(['e2e', 'unit'])).toEqual({ checks: ['web build'], parts: ['unit', 'e2e'], filters: [] });
  });

  it('passes other arguments to vitest as file filters, over every part when none is named', () => {
    expect(testPlan(['e2e', 'tests/e2e/timetable.e2e.ts'])).toEqual({ checks: ['web build'], parts: ['e2e'], filters: ['tests/e2e/timetable.e2e.ts'] });
    expect(testPlan(['tests/api/auth.test.ts']).parts).toEqual(['unit', 'api', 'e2e']);
  });

  it('runs both API projects for the API part', () => {
    expect(vitestProjects('api')).toEqual(['api', 'api-serial']);
    expect(vitestProjects('e2e')).toEqual(['e2e']);
  });

  it('runs the API files that run alone in a process beside the others, or alone when they are all there is', () => {
    expect(vitestRuns(['unit', 'api', 'e2e'])).toEqual([
      { name: 'vitest', projects: ['unit', 'api', 'e2e'], beside: false },
      { name: 'vitest (api-serial)', projects: ['api-serial'], beside: true },
    ]);
    expect(vitestRuns(['e2e'])).toEqual([{ name: 'vitest', projects: ['e2e'], beside: false }]);
    expect(vitestRuns(['api'])).toEqual([
      { name: 'vitest', projects: ['api'], beside: false },
      { name: 'vitest (api-serial)', projects: ['api-serial'], beside: true },
    ]);
  });
});

describe('what npm test prepares', () => {
  it('prepares for the unit tests only the Temporal CLI (a unit test runs it)', () => {
    expect(actions(preparationSteps(['unit'], debian({ postgresAnswers: false, chromiumExists: false })))).toEqual(['Temporal CLI: obtain-temporal-cli']);
  });

  it('needs PostgreSQL and Temporal for the API tests, and Chromium too for the e2e tests', () => {
    expect(actions(preparationSteps(['api'], debian()))).toEqual(['PostgreSQL: ready', 'Temporal CLI: obtain-temporal-cli']);
    expect(actions(preparationSteps(['e2e'], debian()))).toEqual(['PostgreSQL: ready', 'Temporal CLI: obtain-temporal-cli', 'Chromium: ready']);
  });

  it("starts the machine's stopped cluster and waits for it", () => {
    const [postgres] = preparationSteps(['api'], debian({ postgresAnswers: false }));
    expect(commandLines(postgres)).toEqual(['pg_ctlcluster --skip-systemctl-redirect 15 main start']);
    expect(postgres).toMatchObject({ thenWaitForPostgres: true });
  });

  it('names what to run when PostgreSQL does not answer and there is no cluster to start', () => {
    const [postgres] = preparationSteps(['api'], debian({ postgresAnswers: false, commands: new Set(), postgresClusters: [] }));
    expect(postgres?.action).toBe('fail');
    expect(message(postgres)).toContain('sudo apt-get install -y postgresql');
    expect(message(postgres)).toContain('TEST_POSTGRES_URL');
  });

  it('uses TEST_POSTGRES_URL or a PostgreSQL DATABASE_URL as given, and never starts a cluster for it', () => {
    expect(postgresServer({})).toEqual({ url: DEFAULT_POSTGRES_URL, configured: false });
    expect(postgresServer({ DATABASE_URL: 'postgres://u:secret@db:5433/x' })).toEqual({ url: 'postgres://u:secret@db:5433/x', configured: true });
    expect(postgresServer({ DATABASE_URL: '.data/pglite' }).configured).toBe(false);
    expect(postgresServer({ TEST_POSTGRES_URL: 'postgres://a@t/postgres', DATABASE_URL: 'postgres://b@d/x' }).url).toBe('postgres://a@t/postgres');
    const [postgres] = preparationSteps(['api'], debian({ env: { DATABASE_URL: 'postgres://u:secret@db:5433/x' }, postgresAnswers: false }));
    expect(postgres?.action).toBe('fail');
    expect(message(postgres)).toContain('db:5433');
    expect(message(postgres)).not.toContain('secret');
  });

  it("installs Debian's Chromium as root, and otherwise names the command", () => {
    const install = preparationSteps(['e2e'], debian({ chromiumExists: false }))[2];
    expect(commandLines(install)).toEqual(['apt-get update', 'apt-get install -y chromium']);
    expect(install?.action === 'run' && install.commands[1]?.env).toEqual({ DEBIAN_FRONTEND: 'noninteractive' });
    const asUser = preparationSteps(['e2e'], debian({ chromiumExists: false, isRoot: false }))[2];
    expect(message(asUser)).toContain('sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y chromium');
    const named = preparationSteps(['e2e'], debian({ chromiumExists: false, env: { CHROMIUM_PATH: '/opt/chrome' } }))[2];
    expect(message(named)).toContain('/opt/chrome');
  });

  it('leaves Temporal to TEMPORAL_ADDRESS when given, unless a unit test needs the CLI', () => {
    const env = { TEMPORAL_ADDRESS: '127.0.0.1:7233' };
    expect(actions(preparationSteps(['api'], debian({ env })))).toEqual(['PostgreSQL: ready', 'Temporal: ready']);
    expect(actions(preparationSteps(['unit', 'api'], debian({ env })))).toContain('Temporal CLI: obtain-temporal-cli');
  });

  it('installs the dependencies when missing or older than package-lock.json', () => {
    expect(dependenciesStale({ lockMtimeMs: 100, installedMtimeMs: null })).toBe(true);
    expect(dependenciesStale({ lockMtimeMs: 200, installedMtimeMs: 100 })).toBe(true);
    expect(dependenciesStale({ lockMtimeMs: 100, installedMtimeMs: 200 })).toBe(false);
  });
});

describe("reading vitest's report", () => {
  const file = (name: string, ms: number, statuses: string[], status = 'passed') => ({
    name: `/repo/${name}`, status, startTime: 1000, endTime: 1000 + ms, assertionResults: statuses.map((s, i) => ({ fullName: `test ${i}`, status: s })),
  });
  const report: VitestReport = {
    numPassedTests: 3, numFailedTests: 1, numTotalTests: 4,
    testResults: [file('a.test.ts', 500, ['passed', 'failed'], 'failed'), file('b.test.ts', 90_000, ['passed', 'passed']), file('c.test.ts', 0, [], 'failed')],
  };

  it('counts a file that did not load as a failure', () => {
    expect(reportCounts(report, '/repo')).toEqual({ passed: 3, failed: 2, failures: ['a.test.ts > test 1', 'c.test.ts (did not run)'] });
  });

  it('lists the slowest files first', () => {
    expect(slowestFiles(report, '/repo', 2)).toEqual([{ file: 'b.test.ts', ms: 90_000 }, { file: 'a.test.ts', ms: 500 }]);
    expect([formatDuration(41_234), formatDuration(754_000)]).toEqual(['41.2 s', '12 min 34 s']);
  });

  it('lists the slowest files by their whole time, then what each project took', () => {
    const timings = [
      { file: 'tests/api/a.test.ts', project: 'api', wallMs: 12_000, importMs: 3_000, testsMs: 8_000 },
      { file: 'tests/api/b.test.ts', project: 'api', wallMs: 30_000, importMs: 2_000, testsMs: 27_000 },
      { file: 'tests/e2e/c.e2e.ts', project: 'e2e', wallMs: 95_000, importMs: 4_000, testsMs: 90_000 },
    ];
    expect(slowestTimings(timings, 2)).toEqual([
      '  1 min 35 s  tests/e2e/c.e2e.ts (import 4.0 s)',
      '      30.0 s  tests/api/b.test.ts (import 2.0 s)',
      'api: 2 files, 42.0 s in all (imports 5.0 s)',
      'e2e: 1 file, 1 min 35 s in all (imports 4.0 s)',
    ]);
  });
});

describe('the reference work', () => {
  it('does the same work on every machine (its checksum is fixed), so its time compares machines', () => {
    expect(referenceWork(1000)).toBe(462_996_794);
    expect(referenceWork()).toBe(558_022_661);
  });
});
