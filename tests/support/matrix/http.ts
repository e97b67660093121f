import http from 'node:http';
import crypto from 'node:crypto';

// The matrix sends thousands of requests: node:http over kept-alive connections costs half of what fetch does per
// request, which is most of the file's time on a loaded machine. Same headers as our own pages send.

const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

export interface Answer {
  status: number;
  json: any;
  text: string;
  contentType: string;
}

export interface Body {
  json?: unknown;
  /** A multipart form with these text fields (an upload route's request without a file). */
  fields?: Record<string, string>;
}

/** One login's session (or none): sends scripted same-site requests, as the web client does. */
export class MatrixClient {
  private cookie = '';
  private readonly url: URL;

  constructor(baseUrl: string) {
    this.url = new URL(baseUrl);
  }

  async login(email: string, password = 'alterna-demo'): Promise<{ id: string }> {
    const answer = await this.request('POST', '/api/auth/login', { json: { email, password } });
    if (answer.status !== 200) throw new Error(`login ${email} failed: ${answer.status} ${answer.text}`);
    return answer.json.actor;
  }

  request(method: string, path: string, body: Body = {}): Promise<Answer> {
    let payload: Buffer | undefined;
    const headers: Record<string, string> = { 'accept-language': 'en', 'x-requested-with': 'XMLHttpRequest' };
    if (this.cookie) headers.cookie = this.cookie;
    if (body.fields) {
      const boundary = `matrix${crypto.randomUUID()}`;
      payload = Buffer.from(`${Object.entries(body.fields).map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('')}--${boundary}--\r\n`);
      headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
    } else if (body.json !== undefined) {
      payload = Buffer.from(JSON.stringify(body.json));
      headers['content-type'] = 'application/json';
    }
    if (payload) headers['content-length'] = String(payload.length);
    return new Promise((resolve, reject) => {
      const request = http.request({ host: this.url.hostname, port: this.url.port, path, method, agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const session = response.headers['set-cookie']?.map((cookie) => cookie.split(';')[0]!).find((pair) => pair.startsWith('alterna_session='));
          if (session) this.cookie = session.endsWith('=') ? '' : session;
          const text = Buffer.concat(chunks).toString('utf8');
          let json: any = null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            json = null;
          }
          resolve({ status: response.statusCode ?? 0, json, text, contentType: String(response.headers['content-type'] ?? '') });
        });
      });
      request.on('error', reject);
      request.end(payload);
    });
  }
}

/** Closes the kept-alive connections (end of the file). */
export function closeConnections(): void {
  agent.destroy();
}
