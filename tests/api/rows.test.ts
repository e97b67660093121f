import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { repoRoot } from '@alterna/core';
import { generateRows } from '@alterna/dev';

// The generated row types (every module's src/models/rows.ts, core/src/db/rows.ts) match the migrations: a migration
// added without `npm run db:rows` fails here, naming the file to regenerate.

describe('generated row types', () => {
  it('are what the migrated database gives today', async () => {
    const files = await generateRows(inject('postgresServerUrl'));
    expect(files.size).toBeGreaterThan(10);
    for (const [file, text] of files) {
      const onDisk = fs.existsSync(path.join(repoRoot, file)) ? fs.readFileSync(path.join(repoRoot, file), 'utf8') : null;
      expect(onDisk, `${file} is stale: run npm run db:rows`).toBe(text);
    }
  }, 120_000);
});
