import { describe, expect, it } from 'vitest';
import { codePackages, importedSpecifiers, packageMismatches, packageOf } from '../support/package-imports.js';

// A package.json says what a package's src uses, and nothing else: a dependency nobody imports is dead weight in
// every install, and an import nothing declares works only by npm's hoisting. Tests and devDependencies are apart.

describe('package.json dependencies', () => {
  it('reads imports as their package names', () => {
    const text = "import type { Knex } from 'knex';\nimport './module-services.js';\nexport { a } from '@alterna/core/clock';\n// import x from 'commented';\nconst f = require.resolve(`hash-wasm`);\nimport fs from 'node:fs';\nimport path from 'path';";
    expect(importedSpecifiers(text).map(packageOf).filter(Boolean).sort()).toEqual(['@alterna/core', 'hash-wasm', 'knex']);
  });

  it('match what each workspace package\'s src imports', () => {
    expect(codePackages()).toEqual(expect.arrayContaining(['core', 'dev', 'modules/planning', 'web', 'workflows']));
    expect(codePackages().flatMap(packageMismatches)).toEqual([]);
  });
});
