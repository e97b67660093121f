// Figures of the benchmarks: timings, medians and percentiles, and the closing table.

export const seconds = (ms: number) => ms / 1000;

/** Runs `fn` and answers its result with the milliseconds it took. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}

/** Milliseconds of `runs` calls after `warmup` untimed ones, one after the other. */
export async function sample(runs: number, warmup: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await timed(fn)).ms);
  return times;
}

/**
 * Milliseconds of `runs` calls of each function, taken in turn (a, b, a, b…) after `warmup` untimed rounds:
 * on a busy machine, both sides of a ratio then see the same background load.
 */
export async function interleaved(runs: number, warmup: number, fns: (() => Promise<unknown>)[]): Promise<number[][]> {
  for (let i = 0; i < warmup; i++) for (const fn of fns) await fn();
  const times = fns.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) for (const [f, fn] of fns.entries()) times[f]!.push((await timed(fn)).ms);
  return times;
}

/** The value below which `p` (0..1) of the sorted values lie (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

export const median = (values: number[]) => percentile(values, 0.5);

/** One line of the closing table: a figure against its baseline, and the target the ratio must meet. */
export interface Figure {
  name: string;
  /** What was measured, and what it is compared with (same run, same database server). */
  value: number | null;
  baseline: number | null;
  unit: 'ms' | 's' | 'MB' | 'messages' | 'points';
  target: number;
  /** Why the figure could not be measured (a server part not there yet, a failed run…). */
  missing?: string;
  note?: string;
}

const decimals: Record<string, number> = { s: 2, messages: 0 };
const format = (value: number | null, unit: string) => (value === null || !Number.isFinite(value) ? '—' : `${value.toFixed(decimals[unit] ?? 1)} ${unit}`);

export function ratioOf(figure: Figure): number | null {
  return figure.value !== null && figure.baseline ? figure.value / figure.baseline : null;
}

/** The table `npm run bench` ends with: figure, baseline, ratio, target, ok/over. */
export function table(figures: Figure[]): string {
  const rows = [['figure', 'value', 'baseline', 'ratio', 'target', 'verdict']];
  for (const f of figures) {
    const ratio = ratioOf(f);
    const verdict = f.missing ? `n/a: ${f.missing}` : ratio === null ? 'n/a' : ratio <= f.target ? 'ok' : 'over';
    rows.push([f.name, format(f.value, f.unit), format(f.baseline, f.unit), ratio === null ? '—' : `${ratio.toFixed(2)}x`, `≤ ${f.target}x`, verdict]);
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const line = (r: string[]) => r.map((cell, c) => cell.padEnd(widths[c]!)).join('  ').trimEnd();
  const notes = figures.filter((f) => f.note).map((f) => `  ${f.name}: ${f.note}`);
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line), ...(notes.length ? ['', ...notes] : [])].join('\n');
}
