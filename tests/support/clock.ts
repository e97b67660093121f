// Time is an input of the suite. `ALTERNA_NOW=2026-12-31T23:30 npm test` runs every file at that instant (Paris
// unless it names its offset): the config turns it into one ALTERNA_CLOCK_OFFSET_MS for every process of the run
// (vitest's workers, the apps they start, worker processes, the browser's clock), so all see the same now.
// A relative import: the vitest config imports this file too, and only bundles relative imports.
import { offsetTo, setClockOffset } from '../../core/src/clock.js';

/** In the vitest main process, before any worker starts: ALTERNA_NOW as the run's one offset. */
export function fixRunClock(env: NodeJS.ProcessEnv = process.env): void {
  if (!env.ALTERNA_NOW || env.ALTERNA_CLOCK_OFFSET_MS) return;
  const offset = offsetTo(env.ALTERNA_NOW);
  if (offset === null) throw new Error(`ALTERNA_NOW must be a date and time such as 2026-12-31T23:30 (Paris) or 2026-12-31T22:30Z (got "${env.ALTERNA_NOW}")`);
  env.ALTERNA_CLOCK_OFFSET_MS = String(offset);
}

/** The run's offset for a config (loadConfig with an explicit environment). */
export const clockEnv = (): Record<string, string> =>
  process.env.ALTERNA_CLOCK_OFFSET_MS ? { ALTERNA_CLOCK_OFFSET_MS: process.env.ALTERNA_CLOCK_OFFSET_MS } : {};

/** In every test file (setupFiles): fixtures read the same now as the app they fill. */
export function setTestClock(): void {
  setClockOffset(Number(process.env.ALTERNA_CLOCK_OFFSET_MS ?? 0));
}
