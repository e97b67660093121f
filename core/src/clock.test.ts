import { afterEach, describe, expect, it } from 'vitest';
import { clockOffset, now, nowMs, offsetTo, setClockOffset } from './clock.js';
import { loadConfig } from './config.js';
import { todayIn } from './dates.js';

const from = Date.parse('2026-11-29T03:00:00Z');

describe('the clock', () => {
  afterEach(() => setClockOffset(0));

  it('reads a Paris wall-clock time, an explicit offset and UTC', () => {
    expect(from + offsetTo('2026-11-29T00:30', 'Europe/Paris', from)!).toBe(Date.parse('2026-11-28T23:30:00Z'));
    expect(from + offsetTo('2027-07-01T08:00:00', 'Europe/Paris', from)!).toBe(Date.parse('2027-07-01T06:00:00Z'));
    expect(from + offsetTo('2026-12-31T23:30:00+01:00', 'Europe/Paris', from)!).toBe(Date.parse('2026-12-31T22:30:00Z'));
    expect(from + offsetTo('2026-12-31T22:30Z', 'Europe/Paris', from)!).toBe(Date.parse('2026-12-31T22:30:00Z'));
  });

  it('knows the spring change: 01:45 and 03:15 exist in Paris on 28 March 2027, 02:30 does not', () => {
    expect(from + offsetTo('2027-03-28T01:45', 'Europe/Paris', from)!).toBe(Date.parse('2027-03-28T00:45:00Z'));
    expect(from + offsetTo('2027-03-28T03:15', 'Europe/Paris', from)!).toBe(Date.parse('2027-03-28T01:15:00Z'));
    expect(offsetTo('2027-03-28T02:30', 'Europe/Paris', from)).toBeNull();
  });

  it('refuses what is no date-time', () => {
    for (const text of ['tomorrow', '2026-02-30T10:00', '2026-11-29', '2026-11-29T25:00']) expect(offsetTo(text, 'Europe/Paris', from)).toBeNull();
  });

  it('shifts now, and the Paris day with it, while time still flows', () => {
    setClockOffset(Date.parse('2026-11-28T23:30:00Z') - Date.now());
    expect(todayIn()).toBe('2026-11-29');
    expect(Math.abs(nowMs() - Date.parse('2026-11-28T23:30:00Z'))).toBeLessThan(60_000);
    expect(now().getTime()).toBeGreaterThanOrEqual(Date.parse('2026-11-28T23:30:00Z'));
  });

  it('takes ALTERNA_CLOCK_OFFSET_MS as given, else ALTERNA_NOW, and names a bad value', () => {
    expect(loadConfig({ ALTERNA_CLOCK_OFFSET_MS: '-3600000', ALTERNA_NOW: '2030-01-01T00:00' }).clockOffsetMs).toBe(-3_600_000);
    const shifted = loadConfig({ ALTERNA_NOW: '2030-01-01T00:00Z' }).clockOffsetMs;
    expect(Math.abs(Date.now() + shifted - Date.parse('2030-01-01T00:00:00Z'))).toBeLessThan(60_000);
    expect(loadConfig({}).clockOffsetMs).toBe(0);
    expect(() => loadConfig({ ALTERNA_NOW: 'lundi' })).toThrow(/ALTERNA_NOW must be a date and time/);
    expect(clockOffset()).toBe(0);
  });
});
