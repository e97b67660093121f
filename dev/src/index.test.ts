import { describe, expect, it } from 'vitest';
import { loadDevTools, type DevTools } from '@alterna/core';
import * as devPackage from './index.js';

// The core finds this package by name, untyped (it cannot depend on it): this assignment is what type-checks it.
const asTheCoreSeesIt: DevTools = devPackage;

describe('@alterna/dev as the core loads it', () => {
  it('is what loadDevTools() answers where it is installed', async () => {
    const tools = await loadDevTools();
    expect(tools?.embeddedDatabase).toBe(asTheCoreSeesIt.embeddedDatabase);
    expect(tools?.ensureTemporalServer).toBe(asTheCoreSeesIt.ensureTemporalServer);
    expect(tools?.startDevMailbox).toBe(asTheCoreSeesIt.startDevMailbox);
  });

  it('opens the embedded database in memory, btree_gist included', async () => {
    const driver = await devPackage.embeddedDatabase(undefined);
    try {
      const { pglite } = driver.connection() as { pglite: { query(sql: string): Promise<{ rows: unknown[] }> } };
      await pglite.query('create extension if not exists btree_gist');
      expect((await pglite.query("select extname from pg_extension where extname = 'btree_gist'")).rows).toHaveLength(1);
    } finally {
      await driver.close();
    }
  });
});
