import crypto from 'node:crypto';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inMemoryUploadBytes, NotFoundError, S3StorageDriver, newStorageKey } from '@alterna/core';
import { demo, startTestApp, type TestApp } from '../support/app.js';
import { startS3Server, type S3TestServer } from '../support/s3-server.js';
import { pdfBytes, pngBytes, UploadClient, uploadProbe } from '../support/uploads.js';

// Issue #11: the s3 storage driver against a real S3-compatible server (gofakes3, which does not check
// signatures: the signing is checked against AWS's examples in core/src/storage/s3-driver.test.ts).

let s3: S3TestServer;
let app: TestApp;
beforeAll(async () => {
  s3 = await startS3Server();
  app = await startTestApp({
    STORAGE_DRIVER: 's3', S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket, S3_REGION: 'eu-west-3',
    S3_ACCESS_KEY_ID: 'alterna-test', S3_SECRET_ACCESS_KEY: 'alterna-test-secret',
  }, [uploadProbe]);
});
afterAll(async () => {
  await app?.close();
  await s3?.stop();
});

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
const objectUrl = (key: string) => `${s3.endpoint}/${s3.bucket}/${key}`;

describe('the s3 storage driver against an S3-compatible server', () => {
  const driver = () => new S3StorageDriver({ endpoint: s3.endpoint, bucket: s3.bucket, region: 'us-east-1', accessKeyId: 'a', secretAccessKey: 'b' });

  it('puts, reads and deletes an object path-style', async () => {
    const key = newStorageKey();
    await driver().put(key, Buffer.from('bonjour'), 'text/plain');
    const raw = await fetch(objectUrl(key));
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toBe('text/plain');
    expect(await raw.text()).toBe('bonjour');
    expect(await text(await driver().read(key))).toBe('bonjour');
    await driver().delete(key);
    expect((await fetch(objectUrl(key))).status).toBe(404);
    await expect(driver().read(key)).rejects.toBeInstanceOf(NotFoundError);
    await driver().delete(key);
  });

  it('fails with the store\'s answer for a bucket that does not exist', async () => {
    const missing = new S3StorageDriver({ endpoint: s3.endpoint, bucket: 'no-such-bucket', region: 'us-east-1', accessKeyId: 'a', secretAccessKey: 'b' });
    await expect(missing.put(newStorageKey(), Buffer.from('x'), 'text/plain')).rejects.toThrow(/S3 PUT .* answered 404: [\s\S]*NoSuchBucket/);
  });

  it('stores uploads in the bucket and downloads them back identical', async () => {
    const client = new UploadClient(app.baseUrl, 'en');
    await client.login(demo('pedagogy'));
    // Past inMemoryUploadBytes a received file is streamed from its temporary copy to the store (putFile).
    const largePdf = Buffer.concat([pdfBytes, crypto.randomBytes(inMemoryUploadBytes + 4096)]);
    for (const [bytes, name, type] of [[pdfBytes, 'note.pdf', 'application/pdf'], [pngBytes, 'scan.png', 'image/png'], [largePdf, 'big.pdf', 'application/pdf']] as const) {
      const sent = await client.upload(`/api/upload-probe/${bytes === largePdf ? 'large' : 'documents'}`, { bytes, name }, { label: 'x' });
      expect(sent.status).toBe(200);
      expect(sent.json.file).toMatchObject({ filename: name, contentType: type, size: bytes.length, sha256: sha256(bytes) });
      const { storage_key: key } = await app.core.db.knex('stored_files').where({ id: sent.json.file.id }).first();
      expect(Buffer.from(await (await fetch(objectUrl(key))).arrayBuffer()).equals(bytes)).toBe(true);
      const back = await client.send('GET', `/api/upload-probe/documents/${sent.json.file.id}`);
      expect(back.status).toBe(200);
      expect(back.bytes.equals(bytes)).toBe(true);
      expect(back.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
      expect((await client.send('DELETE', `/api/upload-probe/documents/${sent.json.file.id}`)).status).toBe(204);
      expect((await fetch(objectUrl(key))).status).toBe(404);
    }
  });
});
