import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { realNow } from '../clock.js';

// A small S3-compatible store for the driver's tests: path-style PUT/GET/HEAD/DELETE of objects kept in memory,
// and, as S3 does, every request's Signature V4 checked (credential scope, signature, real time, payload hash).

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => crypto.createHmac('sha256', key).update(data).digest();

/** Signature V4 written from AWS's description (checked against AWS's own examples in the driver's test). */
export function referenceSignature(
  request: { method: string; path: string; query?: string; headers: Record<string, string>; signedHeaders: string[] },
  secret: string, region: string,
): string {
  const headers = request.signedHeaders.map((name) => `${name}:${request.headers[name]!.trim().replace(/\s+/g, ' ')}\n`).join('');
  const payloadHash = request.headers['x-amz-content-sha256']!;
  const canonical = [request.method, request.path, request.query ?? '', headers, request.signedHeaders.join(';'), payloadHash].join('\n');
  const datetime = request.headers['x-amz-date']!;
  const scope = `${datetime.slice(0, 8)}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', datetime, scope, sha256(canonical)].join('\n');
  let key: Buffer = hmac(`AWS4${secret}`, datetime.slice(0, 8));
  for (const part of [region, 's3', 'aws4_request']) key = hmac(key, part);
  return crypto.createHmac('sha256', key).update(toSign).digest('hex');
}

/** The query string in SigV4's canonical form: each name and value encoded, sorted. */
function canonicalQuery(search: URLSearchParams): string {
  const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return [...search].map(([k, v]) => `${encode(k)}=${encode(v)}`).sort().join('&');
}

export interface StoredObject { bytes: Buffer; contentType: string }
export interface SeenRequest { method: string; path: string; headers: http.IncomingHttpHeaders }

export interface TestStore {
  endpoint: string;
  objects: Map<string, StoredObject>;
  requests: SeenRequest[];
  /** Sends the rest of the GET bodies held by `holdAfter`. */
  release(): void;
  close(): Promise<void>;
}

export async function startTestStore(options: { bucket: string; region: string; accessKeyId: string; secretAccessKey: string; prefix?: string; holdAfter?: number }): Promise<TestStore> {
  const objects = new Map<string, StoredObject>();
  const requests: SeenRequest[] = [];
  const prefix = options.prefix ?? '';
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });

  const refuse = (res: http.ServerResponse, status: number, code: string) => {
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
  };

  /** The refusal's code, or null when the signature holds. */
  const signatureProblem = (req: http.IncomingMessage, url: URL): string | null => {
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(headers.authorization ?? '');
    if (!match) return 'AccessDenied';
    const [, accessKeyId, day, region, signedList, signature] = match as unknown as string[];
    if (accessKeyId !== options.accessKeyId) return 'InvalidAccessKeyId';
    const date = headers['x-amz-date'] ?? '';
    if (region !== options.region || day !== date.slice(0, 8)) return 'AuthorizationHeaderMalformed';
    const at = Date.parse(date.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
    if (!(Math.abs(at - realNow()) < 15 * 60_000)) return 'RequestTimeTooSkewed';
    const signedHeaders = signedList!.split(';');
    if (!signedHeaders.includes('host') || !signedHeaders.includes('x-amz-date') || signedHeaders.some((h) => headers[h] === undefined)) return 'AccessDenied';
    const expected = referenceSignature({ method: req.method!, path: url.pathname, query: canonicalQuery(url.searchParams), headers, signedHeaders }, options.secretAccessKey, options.region);
    return expected === signature ? null : 'SignatureDoesNotMatch';
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://store');
    requests.push({ method: req.method!, path: url.pathname, headers: req.headers });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const problem = signatureProblem(req, url);
    if (problem) return refuse(res, 403, problem);
    const payloadHash = String(req.headers['x-amz-content-sha256']);
    if (/^[0-9a-f]{64}$/.test(payloadHash) && payloadHash !== sha256(body)) return refuse(res, 400, 'XAmzContentSHA256Mismatch');
    const [bucket, ...rest] = url.pathname.slice(prefix.length + 1).split('/');
    if (!url.pathname.startsWith(`${prefix}/`) || bucket !== options.bucket) return refuse(res, 404, 'NoSuchBucket');
    const key = rest.map(decodeURIComponent).join('/');
    const object = objects.get(key);
    switch (req.method) {
      case 'PUT':
        if (req.headers['content-length'] !== String(body.length)) return refuse(res, 400, 'IncompleteBody');
        objects.set(key, { bytes: body, contentType: req.headers['content-type'] ?? 'binary/octet-stream' });
        res.writeHead(200, { etag: `"${crypto.createHash('md5').update(body).digest('hex')}"` }).end();
        return;
      case 'GET':
      case 'HEAD':
        if (!object) return req.method === 'HEAD' ? void res.writeHead(404).end() : refuse(res, 404, 'NoSuchKey');
        res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.bytes.length });
        if (req.method === 'HEAD') return void res.end();
        // With holdAfter, a body's first bytes go out and the rest waits for release(): a reader sees them first.
        if (options.holdAfter !== undefined) {
          res.write(object.bytes.subarray(0, options.holdAfter));
          await released;
        }
        res.end(object.bytes.subarray(options.holdAfter ?? 0));
        return;
      case 'DELETE':
        objects.delete(key);
        res.writeHead(204).end();
        return;
      default:
        refuse(res, 405, 'MethodNotAllowed');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // A host name, not an IP: the SDK would address a bucket under it (alterna-files.localhost) unless told path-style.
    endpoint: `http://localhost:${port}${prefix}`,
    objects,
    requests,
    release: () => release(),
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
