import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realNow } from '../clock.js';
import { NotFoundError } from '../errors.js';
import { S3StorageDriver, type S3Settings } from './s3-driver.js';
import { referenceSignature, startTestStore, type TestStore } from './s3-driver.test-store.js';

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const awsSecret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const account = { bucket: 'alterna-files', region: 'eu-west-3', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: awsSecret };
const key = '2026/11/0f8fad5b-d9cb-469f-a165-70867728950e';
const today = () => new Date(realNow()).toISOString().slice(0, 10).replace(/-/g, '');

describe('the test store\'s signature check', () => {
  it('gives the signatures of AWS\'s own S3 examples', () => {
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
});

describe('the S3 driver against an S3-compatible store that checks signatures', () => {
  let store: TestStore;
  let dir: string;
  const driver = (settings: Partial<S3Settings> = {}) => new S3StorageDriver({ endpoint: store.endpoint, ...account, ...settings });
  beforeAll(async () => {
    store = await startTestStore(account);
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'alterna-s3-'));
  });
  afterAll(async () => {
    await store?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('puts, reads and deletes an object path-style, every request signed for the store\'s region', async () => {
    const body = Buffer.from('%PDF-1.4 justificatif');
    store.requests.length = 0;
    await driver().put(key, body, 'application/pdf');
    expect(store.objects.get(key)).toEqual({ bytes: body, contentType: 'application/pdf' });
    expect(await text(await driver().read(key))).toBe('%PDF-1.4 justificatif');
    await driver().delete(key);
    expect(store.objects.has(key)).toBe(false);
    expect(store.requests.map((r) => [r.method, r.path])).toEqual(['PUT', 'GET', 'DELETE'].map((m) => [m, `/alterna-files/${key}`]));
    for (const { headers } of store.requests) {
      expect(headers.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/${today()}/eu-west-3/s3/aws4_request, ?SignedHeaders=[a-z0-9;-]+, ?Signature=[0-9a-f]{64}$`));
    }
    // The payload's hash is signed, so the store refuses bytes changed on the way.
    expect(store.requests[0]!.headers['x-amz-content-sha256']).toBe(sha256(body));
    expect(store.requests[0]!.headers['transfer-encoding']).toBeUndefined();
  });

  it('asks whether an object is there with a signed HEAD: 404 is absent, a refusal is an error', async () => {
    const there = '2026/11/head-check';
    await driver().put(there, Buffer.from('x'), 'text/plain');
    store.requests.length = 0;
    expect(await driver().exists(there)).toBe(true);
    expect(await driver().exists('2026/11/missing')).toBe(false);
    expect(store.requests.map((r) => [r.method, r.path])).toEqual([['HEAD', `/alterna-files/${there}`], ['HEAD', '/alterna-files/2026/11/missing']]);
    for (const { headers } of store.requests) expect(headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\//);
    // A wrong secret is no answer about the object: the check must not read it as "missing" nor as "there".
    await expect(driver({ secretAccessKey: 'wrong' }).exists(there)).rejects.toThrow(/S3 HEAD 2026\/11\/head-check answered 403/);
    await driver().delete(there);
    expect(await driver().exists(there)).toBe(false);
  });

  it('reads a missing object as NotFoundError and takes a missing object\'s delete as done', async () => {
    await expect(driver().read('2026/11/missing')).rejects.toBeInstanceOf(NotFoundError);
    await driver().delete('2026/11/missing');
  });

  it('streams a file to the store with its length and known hash signed, and the store checks the bytes', async () => {
    const bytes = crypto.randomBytes(3 * 1024 * 1024 + 17);
    const file = path.join(dir, 'upload');
    await fs.writeFile(file, bytes);
    await driver().putFile(key, { path: file, size: bytes.length, sha256: sha256(bytes) }, 'application/pdf');
    expect(store.objects.get(key)!.bytes.equals(bytes)).toBe(true);
    const sent = store.requests.at(-1)!.headers;
    expect(sent).toMatchObject({ 'content-length': String(bytes.length), 'x-amz-content-sha256': sha256(bytes) });
    expect(sent.authorization).toMatch(/SignedHeaders=[^,]*x-amz-content-sha256/);
    // A file changed since its hash was taken: the store refuses it, nothing is kept.
    await expect(driver().putFile('2026/11/changed', { path: file, size: bytes.length, sha256: sha256('other') }, 'application/pdf'))
      .rejects.toThrow(/S3 PUT 2026\/11\/changed answered 400: XAmzContentSHA256Mismatch/);
    expect(store.objects.has('2026/11/changed')).toBe(false);
  });

  it('fails with the store\'s answer for a wrong secret, an unknown key id and a bucket that does not exist', async () => {
    await expect(driver({ secretAccessKey: 'not-the-secret' }).put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/S3 PUT .* answered 403: SignatureDoesNotMatch/);
    await expect(driver({ accessKeyId: 'AKIDOTHER' }).read(key)).rejects.toThrow(/S3 GET .* answered 403: InvalidAccessKeyId/);
    const missing = driver({ bucket: 'no-such-bucket' });
    await expect(missing.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/S3 PUT .* answered 404: NoSuchBucket/);
    // A missing bucket is the store's misconfiguration, not a missing file: never a 404 to the person, never ignored.
    await expect(missing.read(key)).rejects.toThrow(/S3 GET .* answered 404: NoSuchBucket/);
    await expect(missing.delete(key)).rejects.toThrow(/S3 DELETE .* answered 404: NoSuchBucket/);
  });

  it('refuses keys with empty, dot or dot-dot segments before any request', async () => {
    store.requests.length = 0;
    for (const bad of ['', '../x', '2026//x', '2026/./x', '2026/11/..']) {
      await expect(driver().put(bad, Buffer.from('x'), 'text/plain')).rejects.toThrow(/not a plain object key/);
      await expect(driver().read(bad)).rejects.toThrow(/not a plain object key/);
    }
    expect(store.requests).toEqual([]);
  });
});

describe('the S3 driver\'s reads and endpoints', () => {
  it('hands the body over as a stream while the store is still sending it', async () => {
    const store = await startTestStore({ ...account, holdAfter: 5 });
    try {
      const driver = new S3StorageDriver({ endpoint: store.endpoint, ...account });
      await driver.put(key, Buffer.from('first, then the rest'), 'text/plain');
      const body = await driver.read(key);
      expect(body).toBeInstanceOf(Readable);
      const first = await new Promise<Buffer>((resolve) => body.once('data', (chunk: Buffer) => { body.pause(); resolve(chunk); }));
      expect(first.toString()).toBe('first');
      store.release();
      expect(`${first}${await text(body)}`).toBe('first, then the rest');
    } finally {
      await store.close();
    }
  });

  it('addresses objects under an endpoint with a path', async () => {
    const store = await startTestStore({ ...account, prefix: '/s3' });
    try {
      const driver = new S3StorageDriver({ endpoint: store.endpoint, ...account });
      expect(store.endpoint).toMatch(/\/s3$/);
      await driver.put(key, Buffer.from('x'), 'text/plain');
      expect(store.requests.map((r) => r.path)).toEqual([`/s3/alterna-files/${key}`]);
      expect(await text(await driver.read(key))).toBe('x');
    } finally {
      await store.close();
    }
  });
});
