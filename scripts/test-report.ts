// Reading vitest's JSON report (`npm test` asks for one): the counts for the summary line and the slowest files.
import path from 'node:path';

export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numTotalTests: number;
  testResults: {
    name: string;
    status: string;
    startTime: number;
    endTime: number;
    assertionResults: { fullName: string; status: string }[];
  }[];
}

/** Passed and failed tests, and what failed, with file names relative to `root`. */
export function reportCounts(report: VitestReport, root: string, options: { mayBeEmpty?: boolean } = {}): { passed: number; failed: number; failures: string[] } {
  let failed = report.numFailedTests;
  const failures: string[] = [];
  for (const file of report.testResults) {
    const name = path.relative(root, file.name);
    for (const test of file.assertionResults) if (test.status === 'failed') failures.push(`${name} > ${test.fullName}`);
    // A file that failed to load has no assertion results: count it, or it would vanish from the total.
    if (file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed')) {
      failed += 1;
      failures.push(`${name} (did not run)`);
    }
  }
  // One of several processes may hold none of the files named; the caller then checks the run as a whole.
  if (report.numTotalTests === 0 && !options.mayBeEmpty) {
    failed += 1;
    failures.push('vitest ran no test');
  }
  return { passed: report.numPassedTests, failed, failures };
}

/**
 * The `count` slowest files, slowest first. A file's time runs from its first test's start to its last test's end
 * (what the report has): its imports and its beforeAll before the first test are not in it.
 */
export function slowestFiles(report: VitestReport, root: string, count = 10): { file: string; ms: number }[] {
  return report.testResults
    .map((file) => ({ file: path.relative(root, file.name), ms: file.endTime - file.startTime }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);
}

/** A test file's whole time (tests/support/timing-reporter.ts writes them). */
export interface FileTiming {
  file: string;
  project: string;
  /** From a worker taking it to its end (imports, beforeAll and tests), in ms. */
  wallMs: number;
  importMs: number;
  testsMs: number;
}

/** The `count` slowest files by whole time, as lines, then each project's sum (what two workers share). */
export function slowestTimings(timings: FileTiming[], count = 10): string[] {
  const lines = [...timings].sort((a, b) => b.wallMs - a.wallMs).slice(0, count)
    .map((t) => `${formatDuration(t.wallMs).padStart(12)}  ${t.file} (import ${formatDuration(t.importMs)})`);
  const projects = [...new Set(timings.map((t) => t.project))];
  const sum = (list: FileTiming[], pick: (t: FileTiming) => number) => formatDuration(list.reduce((total, t) => total + pick(t), 0));
  return [...lines, ...projects.map((project) => {
    const files = timings.filter((t) => t.project === project);
    return `${project}: ${files.length} file${files.length === 1 ? '' : 's'}, ${sum(files, (t) => t.wallMs)} in all (imports ${sum(files, (t) => t.importMs)})`;
  })];
}

/** 754_000 → '12 min 34 s'; under a minute, '41.2 s'. */
export function formatDuration(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}
