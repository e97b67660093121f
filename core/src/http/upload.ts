import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { Context } from 'koa';
import { FieldsRefusedError, type Violation } from '../errors.js';
import type { Language, Translate } from '../i18n/index.js';
import { sanitizeFilename } from '../storage/filename.js';
import { inMemoryUploadBytes, type UploadedFile } from '../storage/file-store.js';
import { describeKinds, megabytes } from '../storage/kinds.js';
import { sniffContentType } from '../storage/sniff.js';
import { assertMultipartBody, RequestRefused } from './guards.js';

/** What an upload route declares (RouteDefinition.upload). */
export interface UploadSpec {
  /** Largest file accepted, in bytes. */
  maxBytes: number;
  /** Content types accepted, as sniffed from the bytes (application/pdf, image/png…). */
  accept: string[];
  /** A request without a file is refused (422 on path `file`). */
  required?: boolean;
}

/** Text fields sent beside the file: how many, how long each. */
export const uploadFieldLimits = { fields: 20, fieldBytes: 10 * 1024 } as const;
/** The one file part's field name. */
export const uploadFileField = 'file';

export interface ReadUpload {
  /** Text fields: a string each, a list of strings for a name sent more than once. */
  fields: Record<string, string | string[]>;
  file: UploadedFile | null;
  /** The file's problems to report beside the fields' (not accepted, missing). */
  violations: Violation[];
}

interface Speaker {
  t: Translate;
  language: Language;
}

/**
 * Reads an upload route's multipart body with busboy: one file part named `file`, at most 20 text fields of
 * 10 KB. The file is streamed to a temporary file (hashed on the way) up to maxBytes and no further — memory holds
 * its first bytes for sniffing, and all of it only when small; its type is sniffed from its first bytes.
 * The caller removes the temporary file (`discardUpload`) once the request is answered.
 */
export async function readUpload(ctx: Context, spec: UploadSpec, { t, language }: Speaker): Promise<ReadUpload> {
  assertMultipartBody(ctx);
  const tooLarge = () => new FieldsRefusedError(413, [{ path: uploadFileField, message: t('upload.tooLarge', { limit: megabytes(spec.maxBytes, language) }) as string }]);
  // A body announced larger than the file plus its fields cannot fit: refused before reading a byte.
  const slack = uploadFieldLimits.fields * (uploadFieldLimits.fieldBytes + 1024) + 64 * 1024;
  if (Number(ctx.get('content-length') || 0) > spec.maxBytes + slack) throw tooLarge();

  const { fields, part } = await parse(ctx, spec, t, tooLarge);
  const violations: Violation[] = [];
  // A browser sends an empty file input as a part with no name and no bytes: no file.
  if (!part || part.size === 0) {
    if (part) await fs.rm(part.path, { force: true });
    if (spec.required) violations.push({ path: uploadFileField, message: t('validation.noFile') as string });
    return { fields, file: null, violations };
  }
  const contentType = await sniffContentType(part.head, { partial: part.head.length < part.size });
  if (!spec.accept.includes(contentType)) {
    await fs.rm(part.path, { force: true });
    violations.push({ path: uploadFileField, message: t('upload.notAccepted', { kinds: describeKinds(spec.accept, t, language) }) as string });
    return { fields, file: null, violations };
  }
  const file: UploadedFile = {
    filename: sanitizeFilename(part.filename), contentType, size: part.size, path: part.path, sha256: part.sha256,
    ...(part.size <= inMemoryUploadBytes ? { bytes: part.head } : {}),
  };
  return { fields, file, violations };
}

/** Removes a received file's temporary copy (after the route answered; its bytes are stored by then, or unwanted). */
export async function discardUpload(file: UploadedFile | null): Promise<void> {
  if (file?.path) await fs.rm(file.path, { force: true });
}

/** What the file part left: its temporary file, size, hash, and its first bytes (all of them when small). */
interface ReceivedPart { filename: string; path: string; size: number; sha256: string; head: Buffer }

/** Bytes kept in memory from the start of a file: enough to sniff any type, and the whole of a small file. */
const headBytes = Math.max(inMemoryUploadBytes, 64 * 1024);

function parse(ctx: Context, spec: UploadSpec, t: Translate, tooLarge: () => Error) {
  return new Promise<{ fields: Record<string, string | string[]>; part: ReceivedPart | null }>((resolve, reject) => {
    const fields: Record<string, string | string[]> = Object.create(null);
    let part: ReceivedPart | null = null;
    let receiving: Promise<void> | null = null;
    let settled = false;
    let parser: busboy.Busboy;
    const refused = (status: number, key: string, values: Record<string, unknown> = {}, path = '') =>
      status === 400 || status === 415
        ? new RequestRefused(status, 'MALFORMED_UPLOAD', t(key, values) as string)
        : new FieldsRefusedError(status, [{ path, message: t(key, values) as string }]);
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      // Stop parsing; Node discards whatever the client still sends once the answer is out. The partial copy goes.
      ctx.req.unpipe(parser);
      ctx.req.resume();
      void (receiving ?? Promise.resolve()).finally(() => part && fs.rm(part.path, { force: true }));
      reject(error);
    };
    try {
      parser = busboy({
        headers: ctx.req.headers,
        defParamCharset: 'utf8',
        limits: {
          files: 1,
          fields: uploadFieldLimits.fields,
          fieldSize: uploadFieldLimits.fieldBytes,
          fieldNameSize: 200,
          parts: uploadFieldLimits.fields + 1,
          fileSize: spec.maxBytes,
        },
      });
    } catch {
      // No boundary, or not multipart at all.
      reject(refused(400, 'upload.malformed'));
      return;
    }
    parser.on('file', (name, stream, info) => {
      if (name !== uploadFileField || receiving) {
        stream.resume();
        fail(refused(422, 'upload.unexpectedFile', { field: uploadFileField }, name));
        return;
      }
      receiving = receive(stream, info.filename ?? '').then((received) => { part = received; }, (error: Error) => fail(error));
      stream.on('limit', () => fail(tooLarge()));
      stream.on('error', () => fail(refused(400, 'upload.malformed')));
    });
    parser.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) {
        fail(refused(413, 'upload.fieldTooLarge', { limit: uploadFieldLimits.fieldBytes / 1024 }, name));
        return;
      }
      if (name === uploadFileField) {
        fail(refused(422, 'upload.unexpectedFile', { field: uploadFileField }, name));
        return;
      }
      const previous = fields[name];
      fields[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
    });
    parser.on('filesLimit', () => fail(refused(422, 'upload.unexpectedFile', { field: uploadFileField }, uploadFileField)));
    parser.on('fieldsLimit', () => fail(refused(413, 'upload.tooManyFields', { max: uploadFieldLimits.fields })));
    parser.on('partsLimit', () => fail(refused(413, 'upload.tooManyFields', { max: uploadFieldLimits.fields })));
    parser.on('error', () => fail(refused(400, 'upload.malformed')));
    parser.on('close', () => {
      // The file's copy is complete once its stream ended and the temporary file is flushed.
      void (receiving ?? Promise.resolve()).then(() => {
        if (settled) {
          if (part) void fs.rm(part.path, { force: true });
          return;
        }
        settled = true;
        resolve({ fields: { ...fields }, part });
      });
    });
    ctx.req.on('aborted', () => fail(refused(400, 'upload.malformed')));
    ctx.req.on('error', () => fail(refused(400, 'upload.malformed')));
    ctx.req.pipe(parser);
  });
}

/** Streams a file part to a new temporary file, hashing it and keeping its first bytes. */
async function receive(stream: Readable, filename: string): Promise<ReceivedPart> {
  const file = path.join(os.tmpdir(), `alterna-upload-${crypto.randomUUID()}`);
  const hash = crypto.createHash('sha256');
  const head: Buffer[] = [];
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      if (size < headBytes) head.push(chunk.subarray(0, headBytes - size));
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(stream, tap, createWriteStream(file, { flags: 'wx' }));
  } catch (error) {
    await fs.rm(file, { force: true });
    throw error;
  }
  // busboy ends a truncated stream normally: the 'limit' listener has refused the request by then.
  return { filename, path: file, size, sha256: hash.digest('hex'), head: Buffer.concat(head) };
}
