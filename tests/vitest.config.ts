import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { fixRunClock } from './support/clock.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
fixRunClock();

// Three projects: unit tests beside the code; API and e2e tests against real PostgreSQL and Temporal,
// prepared once by the global setup (a fresh database, an in-memory Temporal dev server).
export default defineConfig({
  test: {
    root,
    setupFiles: ['tests/support/clock-setup.ts'],
    reporters: process.env.VITEST_JSON ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]] : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['core/src/**/*.test.ts', 'modules/*/src/**/*.test.ts', 'workflows/src/**/*.test.ts', 'web/src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
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
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
