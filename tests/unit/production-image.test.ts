import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '@alterna/core';
import { codePackages } from '../support/package-imports.js';

// The production image installs what `npm ci` finds: a workspace whose folder is not there is left out with its
// dependencies. No Docker engine runs here, so the files that decide it are read instead.
const dockerfile = fs.readFileSync(path.join(repoRoot, 'scripts/Dockerfile'), 'utf8').split('\n');
const ignored = fs.readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8').split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
const manifest = (dir: string) => JSON.parse(fs.readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8')) as { name: string; dependencies?: Record<string, string>; devDependencies?: Record<string, string> };

describe('the production image', () => {
  it('copies neither the development tools nor the tests before npm ci, nor after it', () => {
    const install = dockerfile.findIndex((line) => /^RUN npm ci\b/.test(line));
    expect(install).toBeGreaterThan(0);
    const copiedBefore = dockerfile.slice(0, install).filter((line) => line.startsWith('COPY ')).flatMap((line) => line.split(/\s+/).slice(1, -1));
    expect(copiedBefore).not.toContain('.');
    expect(copiedBefore.filter((source) => /^(dev|tests)(\/|$)/.test(source))).toEqual([]);
    // What `COPY . .` brings afterwards: the folders stay out, and no local node_modules links them back in.
    expect(ignored).toEqual(expect.arrayContaining(['dev', 'tests', 'node_modules', '**/node_modules']));
  });

  it('has no workspace it installs depend on @alterna/dev or the tests', () => {
    const installed = ['.', ...codePackages().filter((dir) => dir !== 'dev')];
    const dependents = installed.filter((dir) => {
      const { dependencies = {}, devDependencies = {} } = manifest(dir);
      return ['@alterna/dev', '@alterna/tests'].some((name) => name in dependencies || name in devDependencies);
    });
    expect(dependents).toEqual([]);
    expect(manifest('dev').name).toBe('@alterna/dev');
  });
});
