import http from 'node:http';

// A raw HTTP client for the cases: bytes as given (invalid UTF-8, any content type, chunked or announced
// length), kept-alive sockets, a bounded number of requests in flight.

export interface FuzzRequest {
  method: string;
  /** Path and query, already encoded; latin1 characters go out as single raw bytes. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Sent without Content-Length, in chunks. */
  chunked?: boolean;
}

export interface FuzzAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The connection failed before an answer came (the server closed it, or never answered). */
  error?: string;
}

/** Answers are kept up to this size (a list of 10,000 violations is about 1 MB). */
const keptBytes = 2 * 1024 * 1024;

export class FuzzHttp {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  private readonly url: URL;

  constructor(baseUrl: string) {
    this.url = new URL(baseUrl);
  }

  send(request: FuzzRequest, timeoutMs = 60_000): Promise<FuzzAnswer> {
    return new Promise((resolve) => {
      let settled = false;
      const done = (answer: FuzzAnswer) => {
        if (settled) return;
        settled = true;
        resolve(answer);
      };
      const headers: Record<string, string | number> = { ...request.headers };
      if (request.body && !request.chunked) headers['content-length'] = request.body.length;
      let req: http.ClientRequest;
      try {
        req = http.request({ agent: this.agent, host: this.url.hostname, port: this.url.port, method: request.method, path: request.path, headers });
      } catch (error) {
        // Node refuses to send some paths (characters above latin1): nothing reached the server.
        done({ status: 0, headers: {}, text: '', error: `not sent: ${(error as Error).message}` });
        return;
      }
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < keptBytes) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (error) => done({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8'), error: error.message }));
      });
      // A server that answers before reading a large body (413, 415) may close the socket while we still write.
      req.on('error', (error) => done({ status: 0, headers: {}, text: '', error: error.message }));
      if (request.body && request.chunked) {
        const step = 256 * 1024;
        for (let at = 0; at < request.body.length; at += step) req.write(request.body.subarray(at, at + step));
        req.end();
      } else {
        req.end(request.body);
      }
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Runs `work` over the items with at most `limit` of them in flight, in order of start. */
export async function inPool<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      await work(items[index]!, index);
    }
  });
  await Promise.all(lanes);
}

/** The session cookie of a demo login (the login route's answer), to send with every case of that actor. */
export async function loginCookie(client: FuzzHttp, email: string, password: string): Promise<string> {
  const answer = await client.send({
    method: 'POST', path: '/api/auth/login',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: Buffer.from(JSON.stringify({ email, password })),
  });
  if (answer.status !== 200) throw new Error(`login ${email} failed: ${answer.status} ${answer.text.slice(0, 200)}`);
  const cookies = ([] as string[]).concat(answer.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!).filter((c) => !c.endsWith('='));
  return cookies.join('; ');
}
