import type { Config } from '../config.js';
import type { StorageDriver } from './driver.js';
import { LocalStorageDriver } from './local-driver.js';
import { S3StorageDriver } from './s3-driver.js';

/** The driver STORAGE_DRIVER names, with its settings. */
export function createStorageDriver(storage: Config['storage']): StorageDriver {
  return storage.driver === 's3' ? new S3StorageDriver(storage) : new LocalStorageDriver(storage.dir);
}

export type { StorageDriver } from './driver.js';
export { LocalStorageDriver } from './local-driver.js';
export { S3StorageDriver, type S3Settings } from './s3-driver.js';
export { createFileStore, inMemoryUploadBytes, uploadedBytes, type FileOwner, type FileStore, type MissingFile, type MissingScan, type StoredFile, type UploadedFile } from './file-store.js';
export { newStorageKey, isStorageKey } from './keys.js';
export { sanitizeFilename } from './filename.js';
export { sniffContentType } from './sniff.js';
export { storedFilesMigration } from './migration.js';
