import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import type { Knex } from 'knex';
import { NotFoundError } from '../errors.js';
import { download, type FileDownload } from '../http/download.js';
import type { Logger } from '../logger.js';
import { isUuid } from '../validation/index.js';
import type { StorageDriver } from './driver.js';
import { sanitizeFilename } from './filename.js';
import { newStorageKey } from './keys.js';

/**
 * A file to store: bytes a module made (a PDF, a seed file), or what an upload route received (`ctx.file`), which is
 * streamed to a temporary file (`path`, removed after the request) and carries its bytes only when small.
 * The content type is sniffed from the bytes.
 */
export interface UploadedFile {
  filename: string;
  contentType: string;
  size: number;
  /** The bytes in memory: always for a module's own bytes, for a received file only up to inMemoryUploadBytes. */
  bytes?: Buffer;
  /** A received file: where its bytes wait, and their hash computed on the way in. */
  path?: string;
  sha256?: string;
}

/** Received files up to this size also keep their bytes in memory (`bytes`); larger ones only on disk. */
export const inMemoryUploadBytes = 1024 * 1024;

/** A file's bytes, from memory or its temporary file (for small files: a large one is stored, not read). */
export async function uploadedBytes(file: UploadedFile): Promise<Buffer> {
  if (file.bytes) return file.bytes;
  if (file.path) return fs.readFile(file.path);
  throw new Error('uploaded file without bytes or path');
}

export interface StoredFile {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: string;
}

/** Who a stored file belongs to: the module whose records point at it, and the person who sent it. */
export interface FileOwner {
  module: string;
  actorId: string | null;
}

/** The core's file storage (`core.files`): rows in stored_files, bytes in the configured driver. */
export interface FileStore {
  /** Stores the bytes, then the row (in `trx` when given: a rollback deletes the bytes again). */
  save(upload: UploadedFile, owner: FileOwner, trx?: Knex.Transaction): Promise<StoredFile>;
  info(id: string, trx?: Knex.Transaction): Promise<StoredFile | null>;
  /** The file as a route returns it (an attachment); NotFoundError if unknown. */
  download(id: string): Promise<FileDownload>;
  /** Deletes the row (in `trx` when given), then the bytes once that is committed. Unknown ids are ignored. */
  remove(id: string, trx?: Knex.Transaction): Promise<void>;
  /**
   * The rows whose object the store does not hold: rows read in pages by id (one query a page, `scope` narrowing
   * them), each object asked with a HEAD, at most `concurrency` at once. `checked` counts the rows looked at.
   */
  missing(options?: MissingScan): Promise<{ checked: number; missing: MissingFile[] }>;
}

export interface MissingScan {
  /** Narrows the rows read (a where on stored_files). */
  scope?: (query: Knex.QueryBuilder) => void;
  /** Rows read per query (500). */
  batchSize?: number;
  /** HEAD requests at once (8). */
  concurrency?: number;
}

/** A stored file whose bytes are gone: what the row says of it. */
export interface MissingFile extends StoredFile {
  module: string;
  uploadedBy: string | null;
}

interface StoredFileRow {
  id: string;
  module?: string;
  uploaded_by?: string | null;
  storage_key: string;
  filename: string;
  content_type: string;
  size: string | number;
  sha256: string;
  created_at: Date | string;
}

const toStoredFile = (row: StoredFileRow): StoredFile => ({
  id: row.id,
  filename: row.filename,
  contentType: row.content_type,
  size: Number(row.size),
  sha256: row.sha256,
  createdAt: new Date(row.created_at).toISOString(),
});

/** The transaction and the ones around it: the bytes follow whichever decides last. */
function transactionChain(trx: Knex.Transaction): Knex.Transaction[] {
  const chain = [trx];
  while (chain.at(-1)!.parentTransaction) chain.push(chain.at(-1)!.parentTransaction!);
  return chain;
}

export function createFileStore(knex: Knex, driver: StorageDriver, log: Logger): FileStore {
  const forget = (key: string, why: string) =>
    driver.delete(key).catch((error: unknown) => log.error({ err: error, key }, `stored file bytes not deleted (${why})`));

  async function row(id: string, db: Knex): Promise<StoredFileRow | undefined> {
    // A malformed id names no file (and must not reach PostgreSQL as a uuid cast error).
    if (!isUuid(id)) return undefined;
    return db<StoredFileRow>('stored_files').where({ id }).first();
  }

  return {
    async save(upload, owner, trx) {
      const key = newStorageKey();
      let sha256: string;
      let size: number;
      if (upload.bytes) {
        sha256 = crypto.createHash('sha256').update(upload.bytes).digest('hex');
        size = upload.bytes.length;
        await driver.put(key, upload.bytes, upload.contentType);
      } else if (upload.path && upload.sha256) {
        // Streamed from the temporary file: a large upload never sits in memory.
        ({ sha256, size } = { sha256: upload.sha256, size: upload.size });
        await driver.putFile(key, { path: upload.path, size, sha256 }, upload.contentType);
      } else {
        throw new Error('a file to store needs its bytes, or a received file its path and hash');
      }
      // Confirmed in the store before the row says it is there: a file made for an operation (a report-card zip, a
      // signed booklet PDF) is never announced while its bytes are missing; the operation fails and is retried instead.
      if (!(await driver.exists(key))) throw new Error(`stored file bytes not found in the store right after writing them (${key})`);
      let inserted: StoredFileRow;
      try {
        [inserted] = (await (trx ?? knex)('stored_files')
          .insert({
            storage_key: key,
            filename: sanitizeFilename(upload.filename),
            content_type: upload.contentType,
            size,
            sha256,
            module: owner.module,
            uploaded_by: owner.actorId,
          })
          .returning('*')) as [StoredFileRow];
      } catch (error) {
        await forget(key, 'row refused');
        throw error;
      }
      if (trx) for (const t of transactionChain(trx)) t.executionPromise.catch(() => forget(key, 'transaction rolled back'));
      return toStoredFile(inserted);
    },

    async info(id, trx) {
      const found = await row(id, trx ?? knex);
      return found ? toStoredFile(found) : null;
    },

    async download(id) {
      const found = await row(id, knex);
      if (!found) throw new NotFoundError('stored file');
      const stream = await driver.read(found.storage_key);
      return download({ filename: found.filename, contentType: found.content_type, stream, size: Number(found.size) });
    },

    async remove(id, trx) {
      const found = await row(id, trx ?? knex);
      if (!found) return;
      await (trx ?? knex)('stored_files').where({ id }).delete();
      if (!trx) {
        await forget(found.storage_key, 'removed');
        return;
      }
      // The bytes go once every enclosing transaction has committed; a rollback keeps the row, so keeps them.
      const chain = transactionChain(trx);
      void Promise.all(chain.map((t) => t.executionPromise)).then(() => forget(found.storage_key, 'removed'), () => undefined);
    },

    async missing({ scope, batchSize = 500, concurrency = 8 } = {}) {
      const missing: MissingFile[] = [];
      let checked = 0;
      let after: string | null = null;
      for (;;) {
        const query = knex<StoredFileRow>('stored_files').orderBy('id').limit(batchSize);
        if (after) query.where('id', '>', after);
        if (scope) query.where((q) => scope(q as unknown as Knex.QueryBuilder));
        const rows = (await query) as StoredFileRow[];
        if (!rows.length) break;
        checked += rows.length;
        const absent = await mapBounded(rows, concurrency, async (row) => !(await driver.exists(row.storage_key)));
        rows.forEach((row, i) => {
          if (absent[i]) missing.push({ ...toStoredFile(row), module: row.module ?? '', uploadedBy: row.uploaded_by ?? null });
        });
        if (rows.length < batchSize) break;
        after = rows.at(-1)!.id;
      }
      return { checked, missing };
    },
  };
}

/** `fn` over every item, at most `limit` at once; the results in the items' order. */
async function mapBounded<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return results;
}
