// One loopback load in a process of its own (the clients must not share the server's event loop): autocannon with
// the spec the parent sends over IPC, each connection with its own headers and body (its own session, its own
// account), the check-in's QR code made afresh for the window of each request. Answers the run's figures.
import crypto from 'node:crypto';
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  path: string;
  connections: number;
  seconds: number;
  /** Connection i sends these headers and body (index modulo their number). */
  perConnection: { headers: Record<string, string>; body: string }[];
  /** The check-in: the body is `{ lesson, window, code }` of the window the request is sent in. */
  qr?: { lessonId: string; secretHex: string; windowMs: number };
}

export interface LoadFigures {
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

/** The value below which `p` (0..1) of the sorted values lie (nearest rank). */
const rank = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;

function run(spec: LoadSpec): Promise<LoadFigures> {
  const secret = spec.qr ? Buffer.from(spec.qr.secretHex, 'hex') : null;
  // The code the classroom screen shows now: an HMAC of the lesson and the window (as rules/qr-code.ts makes it).
  const checkInBody = () => {
    const window = Math.floor(Date.now() / spec.qr!.windowMs);
    const code = crypto.createHmac('sha256', secret!).update(`${spec.qr!.lessonId}:${window}`).digest('base64url').slice(0, 22);
    return JSON.stringify({ lesson: spec.qr!.lessonId, window, code });
  };
  let next = 0;
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${spec.url}${spec.path}`,
        method: 'POST',
        connections: spec.connections,
        duration: spec.seconds,
        // An answer counts as long as it comes within the run: on this shared machine a login can wait seconds for the CPU.
        timeout: spec.seconds,
        setupClient: (client) => {
          const own = spec.perConnection[next++ % spec.perConnection.length]!;
          client.setHeadersAndBody(own.headers, secret ? checkInBody() : own.body);
        },
      },
      async (error, result) => {
        if (error) return reject(error);
        // The server still works through the requests in flight when the run stops: one more, awaited, waits for them
        // (so the next scenario, or the core's closing, does not meet them).
        const first = spec.perConnection[0]!;
        await fetch(`${spec.url}${spec.path}`, { method: 'POST', headers: first.headers, body: secret ? checkInBody() : first.body }).then((r) => r.arrayBuffer(), () => null);
        latencies.sort((a, b) => a - b);
        const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, Number((stats as { count: number }).count)]));
        resolve({
          requests: latencies.length,
          seconds: result.duration,
          perSecond: latencies.length / result.duration,
          p50: rank(latencies, 0.5),
          p95: rank(latencies, 0.95),
          p99: rank(latencies, 0.99),
          max: latencies[latencies.length - 1] ?? Number.NaN,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          statusCodes,
        });
      },
    );
    instance.on('response', (client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
      // The next scan carries the code of its own window.
      if (secret) client.setBody(checkInBody());
    });
  });
}

process.once('message', (spec: LoadSpec) => {
  run(spec).then(
    (figures) => process.send!({ figures }),
    (error: unknown) => process.send!({ error: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
