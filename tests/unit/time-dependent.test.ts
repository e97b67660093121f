import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '@alterna/core';
import { clockReaders, timeDependentFiles } from '../support/time-dependent.js';

// CI runs the files that read the clock a second time at a set instant (Sunday 00:30 in Paris): the list is
// tests/time-dependent.txt, and this test keeps it whole as files are added.
describe('the time-dependent test files', () => {
  it('lists every API and e2e file that reads the clock, itself or through a support file, and nothing else', () => {
    const listed = timeDependentFiles();
    const found = clockReaders(repoRoot);
    expect(found.length).toBeGreaterThan(20);
    expect(listed.filter((file) => !fs.existsSync(path.join(repoRoot, file)))).toEqual([]);
    expect(found.filter((file) => !listed.includes(file))).toEqual([]);
    expect(listed.filter((file) => !found.includes(file))).toEqual([]);
  });
});
