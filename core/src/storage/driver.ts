import type { Readable } from 'node:stream';

/** Where stored files' bytes live. Keys come from newStorageKey, never from what a user sent. */
export interface StorageDriver {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes of a file on this machine (a received upload), streamed; `size` and `sha256` are the file's. */
  putFile(key: string, file: { path: string; size: number; sha256: string }, contentType: string): Promise<void>;
  /** The bytes as a stream; NotFoundError when the key holds nothing. */
  read(key: string): Promise<Readable>;
  /**
   * Whether the key holds an object (a HEAD, no bytes read): a saved file is confirmed in the store before its row
   * is written, and the storage check finds rows whose bytes are gone.
   */
  exists(key: string): Promise<boolean>;
  /** Deleting a key that holds nothing is not an error (a retried removal). */
  delete(key: string): Promise<void>;
}
