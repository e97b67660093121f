import crypto from 'node:crypto';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../errors.js';
import { S3StorageDriver } from './s3-driver.js';

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => crypto.createHmac('sha256', key).update(data).digest();

/** Signature V4 written from AWS's description, independently of aws4, to check what the driver sends. */
function referenceSignature(request: { method: string; path: string; headers: Record<string, string>; signedHeaders: string[] }, secret: string, region: string): string {
  const headers = request.signedHeaders.map((name) => `${name}:${request.headers[name]!.trim()}\n`).join('');
  const payloadHash = request.headers['x-amz-content-sha256']!;
  const canonical = [request.method, request.path, '', headers, request.signedHeaders.join(';'), payloadHash].join('\n');
  const datetime = request.headers['x-amz-date']!;
  const scope = `${datetime.slice(0, 8)}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', datetime, scope, sha256(canonical)].join('\n');
  let key: Buffer = hmac(`AWS4${secret}`, datetime.slice(0, 8));
  for (const part of [region, 's3', 'aws4_request']) key = hmac(key, part);
  return crypto.createHmac('sha256', key).update(toSign).digest('hex');
}

const awsSecret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

describe('the S3 driver request signing', () => {
  it('is checked by a reference that gives the signatures of AWS\'s own S3 examples', () => {
    // "Signature Calculations for the Authorization Header: Transferring Payload in a Single Chunk", GET and PUT.
    expect(referenceSignature({
      method: 'GET', path: '/test.txt', signedHeaders: ['host', 'range', 'x-amz-content-sha256', 'x-amz-date'],
      headers: { host: 'examplebucket.s3.amazonaws.com', range: 'bytes=0-9', 'x-amz-content-sha256': sha256(''), 'x-amz-date': '20130524T000000Z' },
    }, awsSecret, 'us-east-1')).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(referenceSignature({
      method: 'PUT', path: '/test%24file.text', signedHeaders: ['date', 'host', 'x-amz-content-sha256', 'x-amz-date', 'x-amz-storage-class'],
      headers: {
        date: 'Fri, 24 May 2013 00:00:00 GMT', host: 'examplebucket.s3.amazonaws.com', 'x-amz-content-sha256': sha256('Welcome to Amazon S3.'),
        'x-amz-date': '20130524T000000Z', 'x-amz-storage-class': 'REDUCED_REDUNDANCY',
      },
    }, awsSecret, 'us-east-1')).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  const driver = new S3StorageDriver({ endpoint: 'http://127.0.0.1:9000/', bucket: 'alterna-files', region: 'eu-west-3', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: awsSecret });
  const key = '2026/11/0f8fad5b-d9cb-469f-a165-70867728950e';

  it('signs a PUT path-style, with the payload hash, its type and length', () => {
    const body = Buffer.from('%PDF-1.4 justificatif');
    const signed = driver.sign('PUT', key, body, 'application/pdf', new Date('2026-11-25T10:20:30Z'));
    expect(signed.url).toBe(`http://127.0.0.1:9000/alterna-files/${key}`);
    expect(signed.headers).toMatchObject({
      host: '127.0.0.1:9000', 'content-type': 'application/pdf', 'content-length': String(body.length),
      'x-amz-content-sha256': sha256(body), 'x-amz-date': '20261125T102030Z',
    });
    const match = /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20261125\/eu-west-3\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(signed.headers.authorization!);
    expect(match).not.toBeNull();
    const signedHeaders = match![1]!.split(';');
    expect(signedHeaders).toEqual(['content-length', 'content-type', 'host', 'x-amz-content-sha256', 'x-amz-date']);
    expect(match![2]).toBe(referenceSignature({ method: 'PUT', path: `/alterna-files/${key}`, headers: signed.headers, signedHeaders }, awsSecret, 'eu-west-3'));
  });

  it('signs a GET and a DELETE with the empty payload\'s hash, under an endpoint with a path', () => {
    const prefixed = new S3StorageDriver({ endpoint: 'https://store.example/s3', bucket: 'files', region: 'us-east-1', accessKeyId: 'AK', secretAccessKey: 'SECRET' });
    for (const method of ['GET', 'DELETE'] as const) {
      const signed = prefixed.sign(method, key, undefined, undefined, new Date('2026-01-02T03:04:05Z'));
      expect(signed.url).toBe(`https://store.example/s3/files/${key}`);
      expect(signed.headers['x-amz-content-sha256']).toBe(sha256(''));
      const [, list = '', signature] = /SignedHeaders=([^,]+), Signature=(\w+)/.exec(signed.headers.authorization!) ?? [];
      expect(list).toBe('host;x-amz-content-sha256;x-amz-date');
      expect(signature).toBe(referenceSignature({ method, path: `/s3/files/${key}`, headers: signed.headers, signedHeaders: list.split(';') }, 'SECRET', 'us-east-1'));
    }
  });

  it('refuses keys with empty, dot or dot-dot segments', () => {
    for (const bad of ['', '../x', '2026//x', '2026/./x', '2026/11/..']) expect(() => driver.objectUrl(bad)).toThrow(/not a plain object key/);
  });
});

describe('the S3 driver requests', () => {
  function recording(answer: (method: string) => Response) {
    const calls: { url: string; method: string; headers: Record<string, string>; body: Buffer | null }[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method!, headers: init.headers as Record<string, string>, body: init.body ? Buffer.from(init.body as Uint8Array) : null });
      return answer(init.method!);
    }) as typeof fetch;
    return { calls, driver: new S3StorageDriver({ endpoint: 'http://minio:9000', bucket: 'b', region: 'us-east-1', accessKeyId: 'AK', secretAccessKey: 'S' }, fetchImpl) };
  }
  const key = '2026/11/0f8fad5b-d9cb-469f-a165-70867728950e';

  it('sends the bytes, and leaves Host and Content-Length to fetch', async () => {
    const { calls, driver } = recording(() => new Response(null, { status: 200 }));
    await driver.put(key, Buffer.from('abc'), 'text/plain');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: `http://minio:9000/b/${key}`, method: 'PUT', body: Buffer.from('abc') });
    expect(Object.keys(calls[0]!.headers).sort()).toEqual(['authorization', 'content-type', 'x-amz-content-sha256', 'x-amz-date']);
  });

  it('reads a stream, maps 404 to NotFoundError, and takes a missing object\'s delete as done', async () => {
    expect(await text(await recording(() => new Response('bytes')).driver.read(key))).toBe('bytes');
    await expect(recording(() => new Response('<Error/>', { status: 404 })).driver.read(key)).rejects.toBeInstanceOf(NotFoundError);
    await recording(() => new Response(null, { status: 404 })).driver.delete(key);
    await recording(() => new Response(null, { status: 204 })).driver.delete(key);
  });

  it('fails with the store\'s answer when it refuses', async () => {
    const refusing = recording(() => new Response('<Error><Code>SignatureDoesNotMatch</Code></Error>', { status: 403 })).driver;
    await expect(refusing.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/S3 PUT .* answered 403: .*SignatureDoesNotMatch/);
    await expect(refusing.read(key)).rejects.toThrow(/answered 403/);
    await expect(refusing.delete(key)).rejects.toThrow(/answered 403/);
  });
});
