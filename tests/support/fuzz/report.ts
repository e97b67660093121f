import { fuzzKinds, type FuzzCase } from './cases.js';
import type { FuzzAnswer, FuzzRequest } from './http.js';
import { judge, type Finding } from './oracles.js';

// What a fuzz run saw: every answer judged, the statuses, the slowest answers, the changes answered 2xx; and the
// figures the test prints.

export class FuzzRun {
  readonly findings: Finding[] = [];
  readonly statuses = new Map<number, number>();
  /** Changes a route answered 2xx although their input is malformed (the row counts say whether one wrote). */
  readonly accepted: FuzzCase[] = [];
  private readonly durations: [number, FuzzCase][] = [];

  record(fuzzCase: FuzzCase, request: FuzzRequest, answer: FuzzAnswer, ms: number): void {
    this.durations.push([ms, fuzzCase]);
    this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
    if (request.method !== 'GET' && answer.status >= 200 && answer.status < 300 && !fuzzCase.target.startsWith('graphql')) this.accepted.push(fuzzCase);
    this.findings.push(...judge(fuzzCase, answer));
  }

  get answered(): number {
    return this.durations.length;
  }

  count(...problems: Finding['problem'][]): number {
    return this.findings.filter((f) => problems.includes(f.problem)).length;
  }

  /** The run's figures, sent from the client process to the test. */
  figures(seed: number, cases: FuzzCase[]): FuzzFigures {
    const byKind = fuzzKinds.map((kind) => [kind, cases.filter((c) => c.kind === kind).length] as const).filter(([, n]) => n > 0);
    return {
      seed,
      cases: cases.length,
      byKind: byKind.map(([k, n]) => `${k} ${n}`).join(', '),
      anonymous: cases.filter((c) => !c.actor).length,
      routes: new Set(cases.filter((c) => !c.target.startsWith('graphql')).map((c) => c.target)).size,
      fields: new Set(cases.filter((c) => c.target.startsWith('graphql ')).map((c) => c.target)).size,
      serverErrors: this.count('5xx'),
      leaks: this.count('stack trace', 'SQL'),
      untranslated: this.count('untranslated'),
      raw: this.count('raw answer', 'no answer'),
      statuses: [...this.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' '),
    };
  }

  slowest(n: number): string {
    return [...this.durations].sort((a, b) => b[0] - a[0]).slice(0, n).map(([ms, c]) => `#${c.id} ${c.kind} ${c.target} ${c.input.slice(0, 60)} ${Math.round(ms)} ms`).join('; ');
  }

  /** The first findings, one line each: case, problem, kind, target, actor, input, status, answer excerpt. */
  report(limit = 25): string[] {
    return this.findings.slice(0, limit).map((f) =>
      `#${f.fuzzCase.id} ${f.problem} [${f.fuzzCase.kind}] ${f.fuzzCase.target} as ${f.fuzzCase.actor ?? 'anonymous'}: ${f.fuzzCase.input} → ${f.status} ${f.excerpt.slice(0, 240)}`);
  }

  /** The environment that replays the reported cases. */
  replay(seed: number, limit = 25): string {
    return `FUZZ_SEED=${seed} FUZZ_CASES=${[...new Set(this.findings.slice(0, limit).map((f) => f.fuzzCase.id))].join(',')}`;
  }
}

export interface FuzzFigures {
  seed: number;
  cases: number;
  byKind: string;
  anonymous: number;
  routes: number;
  fields: number;
  serverErrors: number;
  leaks: number;
  untranslated: number;
  raw: number;
  statuses: string;
}

/** `fuzzing: seed S, N cases (by kind …), 0 answers 5xx, 0 stack traces/SQL, 0 rows changed` and the rest. */
export function summaryLine(f: FuzzFigures, changed: string[], tables: number): string {
  return `fuzzing: seed ${f.seed}, ${f.cases} cases (by kind ${f.byKind}; ${f.anonymous} anonymous; ${f.routes} routes, ${f.fields} GraphQL fields), ` +
    `${f.serverErrors} answers 5xx, ${f.leaks} stack traces/SQL, ${changed.length} rows changed (${tables} tables counted); ` +
    `also ${f.untranslated} untranslated, ${f.raw} raw or missing answers; statuses ${f.statuses}`;
}
