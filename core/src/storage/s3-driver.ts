import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { NotFoundError } from '../errors.js';
import type { StorageDriver } from './driver.js';

export interface S3Settings {
  /** The store's base URL, e.g. http://127.0.0.1:9000 for MinIO; objects are addressed path-style under it. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

type Sdk = typeof import('@aws-sdk/client-s3');

/**
 * Objects in an S3-compatible store (MinIO, Garage, AWS…) through the AWS SDK v3 client, path-style
 * (`<endpoint>/<bucket>/<key>`), every request signed with Signature V4 by the SDK.
 */
export class S3StorageDriver implements StorageDriver {
  private connection: Promise<{ sdk: Sdk; client: S3Client }> | null = null;

  constructor(private readonly settings: S3Settings) {}

  // The SDK takes about half a second to import: paid on the first request, only by an app that stores in S3.
  private connect(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.connection ??= import('@aws-sdk/client-s3').then((sdk) => {
      const { endpoint, region, accessKeyId, secretAccessKey } = this.settings;
      const client = new sdk.S3Client({
        endpoint, region, credentials: { accessKeyId, secretAccessKey }, forcePathStyle: true,
        // The SDK's default CRC checksums (aws-chunked trailers) are refused by several S3-compatible stores;
        // the signed payload hash already makes the store check the bytes.
        requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED',
      });
      return { sdk, client };
    });
    return this.connection;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(new sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key: plainKey(key), Body: bytes, ContentType: contentType || 'application/octet-stream' }))
      .catch((error: unknown) => { throw storeError('PUT', key, error); });
  }

  /** Streamed from the file, its length and hash signed as known (the store still checks the bytes against them). */
  async putFile(key: string, file: { path: string; size: number; sha256: string }, contentType: string): Promise<void> {
    const { sdk, client } = await this.connect();
    const command = new sdk.PutObjectCommand({
      Bucket: this.settings.bucket, Key: plainKey(key), Body: createReadStream(file.path), ContentLength: file.size,
      ContentType: contentType || 'application/octet-stream',
    });
    // The SDK cannot hash a stream and would sign UNSIGNED-PAYLOAD: the hash known from the upload is signed instead.
    command.middlewareStack.add((next) => (args) => {
      (args.request as { headers: Record<string, string> }).headers['x-amz-content-sha256'] = file.sha256;
      return next(args);
    }, { step: 'build', name: 'alternaKnownPayloadHash' });
    await client.send(command).catch((error: unknown) => { throw storeError('PUT', key, error); });
  }

  async read(key: string): Promise<Readable> {
    const { sdk, client } = await this.connect();
    const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: plainKey(key) })).catch((error: unknown) => {
      throw isMissingObject(error) ? new NotFoundError('stored file') : storeError('GET', key, error);
    });
    // In Node the body is the response's own stream: the bytes flow to the reader as they arrive.
    if (!(answer.Body instanceof Readable)) throw storeError('GET', key, new Error('the answer has no body'));
    return answer.Body;
  }

  /**
   * A HEAD of the object: a 404 is absent (a HEAD answer has no body, so a missing bucket reads as absent too: the
   * storage check then reports every file, which is the alarm wanted); any other refusal (credentials) is an error.
   */
  async exists(key: string): Promise<boolean> {
    const { sdk, client } = await this.connect();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key: plainKey(key) }));
      return true;
    } catch (error) {
      if (statusOf(error) === 404) return false;
      throw storeError('HEAD', key, error);
    }
  }

  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: plainKey(key) })).catch((error: unknown) => {
      if (!isMissingObject(error)) throw storeError('DELETE', key, error);
    });
  }
}

/** The key, refused when a segment is empty, `.` or `..` (a store or a proxy could read those as a path). */
function plainKey(key: string): string {
  if (!key || key.split('/').some((s) => !s || s === '.' || s === '..')) throw new Error(`Storage key "${key}" is not a plain object key`);
  return key;
}

const statusOf = (error: unknown) => (error as Partial<S3ServiceException>)?.$metadata?.httpStatusCode;

/** A 404 about the object; a bucket that does not exist is the store's misconfiguration, not a missing file. */
function isMissingObject(error: unknown): boolean {
  return statusOf(error) === 404 && (error as Error).name !== 'NoSuchBucket';
}

/** The store's own words (its error code and message) for the log; never shown to a user. */
function storeError(method: string, key: string, error: unknown): Error {
  const { name, message } = error instanceof Error ? error : new Error(String(error));
  return new Error(`S3 ${method} ${key} answered ${statusOf(error) ?? 'nothing'}: ${name}: ${message.slice(0, 500)}`, { cause: error });
}
