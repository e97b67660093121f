import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '@alterna/core';
import { ownedTables } from './module-boundaries.js';

// What a module uses of the others, read from its sources: the services it calls (`core.module('x')`), the read
// views it reads, the tables its migrations point at by foreign key. Each is a reason to list the owner in dependsOn.

const modulesDir = path.join(repoRoot, 'modules');
export const moduleFolders = fs.readdirSync(modulesDir).filter((name) => fs.existsSync(path.join(modulesDir, name, 'src'))).sort();

/** The module's source files, tests apart, with their text. */
export function moduleSources(module: string, dir = path.join(modulesDir, module, 'src')): { file: string; text: string }[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return moduleSources(module, full);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts') || entry.name.endsWith('.d.ts')) return [];
    return [{ file: full, text: fs.readFileSync(full, 'utf8') }];
  });
}

const isMigration = (file: string) => file.split(path.sep).includes('migrations');
/** Comments name calls as examples ("reach it with core.module('x')"); only code counts. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** The modules whose services a module calls through `core.module(name)` (itself apart). */
export function calledModules(module: string): string[] {
  const names = moduleSources(module).flatMap(({ text }) => [...withoutComments(text).matchAll(/\.module\(\s*['"]([a-z-]+)['"]\s*\)/g)].map((m) => m[1]!));
  return [...new Set(names)].filter((name) => name !== module).sort();
}

/** The read views an owner's migrations create (`<owner>_<what>`, the keys given to readViewsMigration). */
export function readViews(owner: string): string[] {
  const prefix = `${owner.replaceAll('-', '_')}_`;
  const names = moduleSources(owner).filter(({ file, text }) => isMigration(file) && text.includes('readViewsMigration'))
    .flatMap(({ text }) => [...text.matchAll(/^\s*([a-z_]+)\s*:/gm)].map((m) => m[1]!).filter((name) => name.startsWith(prefix)));
  return [...new Set(names)].sort();
}

/** The other modules a module reads or points at in SQL: their read views anywhere, their tables by foreign key. */
export function sqlUsedModules(module: string): string[] {
  const sources = moduleSources(module);
  const code = sources.map(({ text }) => text).join('\n');
  const foreignKeys = sources.filter(({ file }) => isMigration(file)).map(({ text }) => text).join('\n');
  return moduleFolders.filter((owner) => owner !== module && (
    readViews(owner).some((view) => new RegExp(`\\b${view}\\b`).test(code))
    || ownedTables(owner).some((table) => new RegExp(`references\\(\\s*['"]${table}\\.|inTable\\(\\s*['"]${table}['"]`).test(foreignKeys))
  ));
}
