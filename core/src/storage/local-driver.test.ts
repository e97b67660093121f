import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '../errors.js';
import { newStorageKey } from './keys.js';
import { LocalStorageDriver } from './local-driver.js';

let parent: string;
let driver: LocalStorageDriver;
beforeAll(async () => {
  parent = await fs.mkdtemp(path.join(os.tmpdir(), 'alterna-storage-'));
  // A folder that does not exist yet: the driver creates it on the first write.
  driver = new LocalStorageDriver(path.join(parent, 'files'));
});
afterAll(() => fs.rm(parent, { recursive: true, force: true }));

describe('the local storage driver', () => {
  it('puts, reads and deletes bytes under a key, creating folders on demand', async () => {
    const key = newStorageKey();
    await driver.put(key, Buffer.from('bonjour'), 'text/plain');
    expect(await fs.readFile(path.join(parent, 'files', key), 'utf8')).toBe('bonjour');
    expect(await text(await driver.read(key))).toBe('bonjour');
    // Nothing half-written is left beside it.
    expect(await fs.readdir(path.dirname(path.join(parent, 'files', key)))).toEqual([path.basename(key)]);
    await driver.delete(key);
    await expect(driver.read(key)).rejects.toBeInstanceOf(NotFoundError);
    // Deleting again is not an error (a retried removal).
    await driver.delete(key);
  });

  it('says whether a key holds a file (the save\'s confirmation and the storage check), refusing keys outside', async () => {
    const key = newStorageKey();
    expect(await driver.exists(key)).toBe(false);
    await driver.put(key, Buffer.from('bonjour'), 'text/plain');
    expect(await driver.exists(key)).toBe(true);
    // A folder is no file; a path through a file is none either.
    expect(await driver.exists(path.dirname(key))).toBe(false);
    expect(await driver.exists(`${key}/inside`)).toBe(false);
    await driver.delete(key);
    expect(await driver.exists(key)).toBe(false);
    await expect(driver.exists('../outside.txt')).rejects.toThrow(/not inside the storage folder/);
  });

  it('refuses every key that would leave its folder', async () => {
    const outside = path.join(parent, 'outside.txt');
    for (const key of ['../outside.txt', '2026/../../outside.txt', outside, '..', '', '.', '2026/11/a\0b', '..\\outside.txt']) {
      await expect(driver.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/not inside the storage folder/);
      await expect(driver.read(key), key).rejects.toThrow(/not inside the storage folder/);
      await expect(driver.delete(key), key).rejects.toThrow(/not inside the storage folder/);
    }
    await expect(fs.access(outside)).rejects.toThrow();
  });
});
