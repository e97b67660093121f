import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import aws4 from 'aws4';
import { NotFoundError } from '../errors.js';
import type { StorageDriver } from './driver.js';
import { realNow } from '../clock.js';

export interface S3Settings {
  /** The store's base URL, e.g. http://127.0.0.1:9000 for MinIO; objects are addressed path-style under it. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SignedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
}

const sha256Hex = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/** `20130524T000000Z`, the form SigV4 signs. */
export const amzDate = (date: Date) => date.toISOString().replace(/[:-]|\.\d{3}/g, '');

/**
 * Objects in an S3-compatible store (MinIO, Garage, AWS…), path-style (`<endpoint>/<bucket>/<key>`), every
 * request signed with AWS Signature V4 (aws4) and sent with Node's fetch.
 */
export class S3StorageDriver implements StorageDriver {
  constructor(private readonly settings: S3Settings, private readonly fetchImpl: typeof fetch = (...args) => fetch(...args)) {}

  objectUrl(key: string): URL {
    const segments = key.split('/');
    if (!key || segments.some((s) => !s || s === '.' || s === '..')) throw new Error(`Storage key "${key}" is not a plain object key`);
    const base = new URL(this.settings.endpoint);
    const prefix = base.pathname.replace(/\/+$/, '');
    base.pathname = `${prefix}/${encodeURIComponent(this.settings.bucket)}/${segments.map(encodeURIComponent).join('/')}`;
    return base;
  }

  /** The request as it goes on the wire, signed; `now` fixes the signing time (tests). */
  sign(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, contentType?: string, now: Date = new Date(realNow())): SignedRequest {
    const url = this.objectUrl(key);
    const headers: Record<string, string> = {
      // The payload's hash is signed, so the store refuses bytes changed on the way.
      'x-amz-content-sha256': sha256Hex(body ?? Buffer.alloc(0)),
      'x-amz-date': amzDate(now),
    };
    if (body) {
      headers['content-type'] = contentType || 'application/octet-stream';
      headers['content-length'] = String(body.length);
    }
    const signed = aws4.sign(
      { host: url.host, path: `${url.pathname}${url.search}`, method, service: 's3', region: this.settings.region, headers, body },
      { accessKeyId: this.settings.accessKeyId, secretAccessKey: this.settings.secretAccessKey },
    );
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(signed.headers ?? {})) out[name.toLowerCase()] = String(value);
    return { url: url.toString(), method, headers: out };
  }

  private async send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, contentType?: string): Promise<Response> {
    const request = this.sign(method, key, body, contentType);
    // fetch writes Host and Content-Length itself, with the values signed above.
    const { host: _host, 'content-length': _length, ...headers } = request.headers;
    return this.fetchImpl(request.url, { method, headers, body: body ? new Uint8Array(body) : undefined });
  }

  /** Streamed from the file, its length and hash signed as known (the store still checks the bytes against them). */
  async putFile(key: string, file: { path: string; size: number; sha256: string }, contentType: string): Promise<void> {
    const url = this.objectUrl(key);
    const headers: Record<string, string> = {
      'x-amz-content-sha256': file.sha256, 'x-amz-date': amzDate(new Date(realNow())),
      'content-type': contentType || 'application/octet-stream', 'content-length': String(file.size),
    };
    const signed = aws4.sign(
      { host: url.host, path: `${url.pathname}${url.search}`, method: 'PUT', service: 's3', region: this.settings.region, headers },
      { accessKeyId: this.settings.accessKeyId, secretAccessKey: this.settings.secretAccessKey },
    );
    const sent: Record<string, string> = {};
    for (const [name, value] of Object.entries(signed.headers ?? {})) if (!['host', 'content-length'].includes(name.toLowerCase())) sent[name.toLowerCase()] = String(value);
    const body = Readable.toWeb(createReadStream(file.path)) as unknown as ReadableStream<Uint8Array>;
    // fetch needs the length to send a stream without chunked encoding, which S3 refuses for a signed PUT.
    sent['content-length'] = String(file.size);
    const response = await this.fetchImpl(url.toString(), { method: 'PUT', headers: sent, body, duplex: 'half' } as RequestInit);
    if (!response.ok) throw await storeError('PUT', key, response);
    await response.body?.cancel();
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const response = await this.send('PUT', key, bytes, contentType);
    if (!response.ok) throw await storeError('PUT', key, response);
    await response.body?.cancel();
  }

  async read(key: string): Promise<Readable> {
    const response = await this.send('GET', key);
    if (response.status === 404) {
      await response.body?.cancel();
      throw new NotFoundError('stored file');
    }
    if (!response.ok || !response.body) throw await storeError('GET', key, response);
    return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  }

  async delete(key: string): Promise<void> {
    const response = await this.send('DELETE', key);
    if (!response.ok && response.status !== 404) throw await storeError('DELETE', key, response);
    await response.body?.cancel();
  }
}

/** The store's own words (an XML error document) for the log; never shown to a user. */
async function storeError(method: string, key: string, response: Response): Promise<Error> {
  const text = await response.text().catch(() => '');
  return new Error(`S3 ${method} ${key} answered ${response.status}: ${text.slice(0, 500)}`);
}
