import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { fixRunClock } from './support/clock.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
fixRunClock();

// API files that run alone, one at a time, each in a process of its own (npm test runs them in a vitest process beside
// the others' — scripts/test-preparation.ts, vitestRuns — as they mostly wait): the worker kills aim at a batch under way
// and wait out Temporal's timeouts, the fuzzer's 10,000 requests take a core on their own, and the metrics test
// installs the Temporal runtime with its exporter (once per process, before any worker); the deployment test starts
// API, worker and Temporal processes of its own and kills some.
const apiAlone = [
  'tests/api/durability.test.ts',
  'tests/api/booklets/validation-durability.test.ts',
  'tests/api/mass-email/durability.test.ts',
  'tests/api/planning/bulk-reliability.test.ts',
  'tests/api/fuzzing.test.ts',
  'tests/api/metrics.test.ts',
  'tests/api/deployment.test.ts',
];

/** The console's, and for npm test (scripts/test.ts) the JSON report and each file's whole time (imports and beforeAll included). */
function reporters(): ('default' | string | ['json', { outputFile: string }])[] {
  const chosen: ('default' | string | ['json', { outputFile: string }])[] = ['default'];
  if (process.env.VITEST_JSON) chosen.push(['json', { outputFile: process.env.VITEST_JSON }]);
  if (process.env.VITEST_TIMINGS) chosen.push(path.join(root, 'tests/support/timing-reporter.ts'));
  return chosen;
}

// Unit tests beside the code; API and e2e tests against real PostgreSQL and Temporal, prepared once for the run by the
// global setup (a fresh database, an in-memory Temporal dev server, the workflow bundle). Order: unit, then the API
// files two at a time (each works on its own copy of the database and its own task queue, tests/support/app.ts),
// then the e2e files two at a time, each with its own app, database copy and browser; vitest runs the API files that
// run alone last, one at a time (npm test runs them in a second vitest process from the start instead).
// The files of a worker share its process and modules (isolate: false): each file imported the core, its seventeen
// modules and their libraries again, a third of a short API file's time and two thirds of the unit project's. A file
// leaves the process as it found it (its app closed, process.env restored); one that cannot goes to apiAlone.
export default defineConfig({
  test: {
    root,
    setupFiles: ['tests/support/clock-setup.ts'],
    reporters: reporters(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          isolate: false,
          include: ['core/src/**/*.test.ts', 'dev/src/**/*.test.ts', 'modules/*/src/**/*.test.ts', 'workflows/src/**/*.test.ts', 'web/src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          isolate: false,
          include: ['tests/api/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...apiAlone],
          globalSetup: ['tests/support/global-setup.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-serial',
          include: apiAlone,
          globalSetup: ['tests/support/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          isolate: false,
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
          // A person waits for the page: under two files at once on two cores, a second is not enough.
          expect: { poll: { timeout: 15_000 } },
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
