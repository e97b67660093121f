// A vitest reporter that writes each test file's whole time (VITEST_TIMINGS, JSON): from the moment a worker takes
// it to its end, with the parts vitest measures (import, setup file, tests and hooks, beforeAll included). The JSON
// report's times run from a file's first test to its last, leaving out its imports and its app's start.
import fs from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';
import type { FileTiming } from '../../scripts/test-report.js';

export default class TimingReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly timings: FileTiming[] = [];

  // Queued: a worker took the file and is about to import its setup file and itself.
  onTestModuleQueued(module: TestModule): void {
    this.started.set(module.moduleId, performance.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const diagnostic = module.diagnostic();
    const start = this.started.get(module.moduleId) ?? performance.now();
    this.timings.push({
      file: module.relativeModuleId,
      project: module.project.name,
      wallMs: Math.round(performance.now() - start),
      importMs: Math.round(diagnostic.collectDuration),
      testsMs: Math.round(diagnostic.duration),
    });
  }

  onTestRunEnd(): void {
    if (process.env.VITEST_TIMINGS) fs.writeFileSync(process.env.VITEST_TIMINGS, JSON.stringify(this.timings, null, 1));
  }
}
