// The server's one clock. Services, activities, validations and the demo seed ask it the time, never
// Date.now() or new Date(), so a test run (or a demo) can happen at any instant: Sunday 00:30 in Paris, the
// night of the 31st, inside a daylight-saving change. The clock is shifted, not frozen: time still flows
// (timeouts, sessions, durations behave), from the chosen instant on. Light (no Node API): the web's shared
// validation imports it too, and a browser's clock is set by the browser itself (Playwright's page.clock).

let offsetMs = 0;

/** Now, as the application sees it. */
export function now(): Date {
  return new Date(nowMs());
}

/** Now in milliseconds since the epoch, as the application sees it. */
export function nowMs(): number {
  return Date.now() + offsetMs;
}

/**
 * The machine's real time, for what talks to other systems in real time: gRPC deadlines, S3 request
 * signatures, durations measured. Never for a business rule.
 */
export function realNow(): number {
  return Date.now();
}

/** Shifts the clock by `ms` from real time (0: real time). Set once per process, from the configuration. */
export function setClockOffset(ms: number): void {
  offsetMs = ms;
}

/** The shift in force (ms): what a browser or a child process needs to see the same now. */
export function clockOffset(): number {
  return offsetMs;
}

/**
 * The shift that puts now at `instant`: an ISO date-time, with an offset or Z (else read in `timeZone`),
 * e.g. '2027-03-28T01:45' in Paris. Null when the text is no date-time or names a wall-clock time that
 * does not exist in that zone (02:30 on the spring change's day).
 */
export function offsetTo(instant: string, timeZone = 'Europe/Paris', from = Date.now()): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(instant.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s = '0', zone] = match;
  const wall = Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s);
  if (new Date(wall).getUTCDate() !== +d! || +h! > 23) return null;
  if (zone) {
    const at = Date.parse(instant.trim());
    return Number.isNaN(at) ? null : at - from;
  }
  // A wall-clock time in the zone: try the offsets around it, keep the one that writes it back unchanged.
  for (const guess of [wall - zoneOffset(wall, timeZone), wall - zoneOffset(wall - 3 * 3_600_000, timeZone)]) {
    if (guess + zoneOffset(guess, timeZone) === wall) return guess - from;
  }
  return null;
}

/** The zone's offset from UTC (ms) at an instant. */
function zoneOffset(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) - Math.floor(at / 1000) * 1000;
}
