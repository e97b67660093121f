import crypto from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { NotFoundError } from '../errors.js';
import type { StorageDriver } from './driver.js';

/** Files in a folder of this machine (development, one-server installs). The folder is created on first write. */
export class LocalStorageDriver implements StorageDriver {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The key's file inside the folder; a key that would land outside it (`..`, absolute) is refused. */
  pathOf(key: string): string {
    const file = path.resolve(this.root, key);
    const relative = path.relative(this.root, file);
    if (!key || key.includes('\0') || key.includes('\\') || path.isAbsolute(key) || !relative || relative.startsWith('..') || path.isAbsolute(relative)) {
      throw new Error(`Storage key "${key}" is not inside the storage folder`);
    }
    return file;
  }

  /** The content type is not kept here: stored_files has it. */
  async put(key: string, bytes: Buffer, _contentType?: string): Promise<void> {
    await this.write(key, (partial) => fs.writeFile(partial, bytes, { flag: 'wx' }));
  }

  async putFile(key: string, source: { path: string }, _contentType?: string): Promise<void> {
    await this.write(key, (partial) => fs.copyFile(source.path, partial, fsConstants.COPYFILE_EXCL));
  }

  /** Written aside then renamed: a reader never sees half a file, a crash leaves no truncated one under the key. */
  private async write(key: string, writePartial: (partial: string) => Promise<void>): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${crypto.randomUUID()}.partial`;
    try {
      await writePartial(partial);
      await fs.rename(partial, file);
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
  }

  async read(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    // Opened first, so a missing file is a 404 here rather than an error in the middle of the answer.
    const handle = await fs.open(file, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw new NotFoundError('stored file');
      throw error;
    });
    return handle.createReadStream();
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.stat(this.pathOf(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }
}
