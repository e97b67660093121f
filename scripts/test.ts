// `npm test`: typecheck, lint, build the web client, then every vitest project (unit, API against
// PostgreSQL and Temporal, e2e in Chromium). Ends with one line `N passed, N failed` (checks + tests).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let passed = 0;
let failed = 0;
const failures: string[] = [];

function step(name: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  console.log(`=== ${name}: ${ok ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return ok;
}

function check(name: string, command: string, args: string[]) {
  if (step(name, command, args)) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
}

check('typecheck', npm, ['run', 'typecheck']);
check('lint', npm, ['run', 'lint']);
check('web build', npm, ['run', 'build:web']);

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'alterna-test-')), 'vitest.json');
const projects = process.argv.slice(2);
const vitestOk = step('vitest', 'npx', ['vitest', 'run', '--config', 'tests/vitest.config.ts', ...projects.flatMap((p) => ['--project', p])], { VITEST_JSON: report });
if (fs.existsSync(report)) {
  const results = JSON.parse(fs.readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numFailedTestSuites: number;
    numTotalTests: number;
    testResults: { name: string; status: string; assertionResults: { fullName: string; status: string }[] }[];
  };
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  for (const file of results.testResults) {
    for (const test of file.assertionResults) if (test.status === 'failed') failures.push(`${path.relative(root, file.name)} > ${test.fullName}`);
    // A file that failed to load has no assertion results: count it, or it would vanish from the total.
    if (file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed')) {
      failed += 1;
      failures.push(`${path.relative(root, file.name)} (did not run)`);
    }
  }
  if (results.numTotalTests === 0) {
    failed += 1;
    failures.push('vitest ran no test');
  }
} else {
  failed += 1;
  failures.push('vitest (no report)');
}
if (!vitestOk && failed === 0) {
  failed += 1;
  failures.push('vitest exited with an error');
}

if (failures.length) console.log(`\nFailed:\n  ${failures.join('\n  ')}`);
const summary = `${passed} passed, ${failed} failed`;
if (process.env.ALTERNA_TEST_SUMMARY) fs.writeFileSync(process.env.ALTERNA_TEST_SUMMARY, `${summary}\n`);
console.log(`\n${summary}`);
process.exit(failed ? 1 : 0);
