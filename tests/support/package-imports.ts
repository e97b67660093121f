import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { repoRoot } from '@alterna/core';

// What a workspace package's src imports, by package name, against the dependencies its package.json declares.

const builtins = new Set(builtinModules);
const isTestFile = (file: string) => /\.(test|e2e)\.tsx?$/.test(file);

/** The workspace packages whose src the rule covers: the root package.json's workspaces but tests/ (all tests). */
export function codePackages(): string[] {
  const { workspaces } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] };
  return workspaces.flatMap((pattern) => pattern.endsWith('/*')
    ? fs.readdirSync(path.join(repoRoot, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -2)}/${name}`)
    : [pattern]).filter((dir) => fs.existsSync(path.join(repoRoot, dir, 'package.json')) && fs.existsSync(path.join(repoRoot, dir, 'src')) && dir !== 'tests').sort();
}

function codeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return codeFiles(full);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !isTestFile(entry.name) ? [full] : [];
  });
}

/**
 * Every specifier a file names: imports (type-only too), re-exports, side-effect imports, import(), require() and
 * resolved paths (`require.resolve`, `createRequire(…).resolve`, `import.meta.resolve`). Comments apart.
 */
export function importedSpecifiers(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const patterns = [
    /^\s*(?:import|export)\s[^'"`;]*?\sfrom\s+['"]([^'"]+)['"]/gm,
    /^\s*import\s+['"]([^'"]+)['"]/gm,
    /\b(?:import|require|resolve)\(\s*['"`]([^'"`]+)['"`]/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[1]!));
}

/** The package a bare specifier names ('@scope/name/sub' → '@scope/name'); null for relative paths and Node built-ins. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:') || builtins.has(specifier.split('/')[0]!)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** A type package stands for the package it types: `@types/luxon` for luxon, `@types/babel__core` for @babel/core. */
const typed = (name: string) => name.slice('@types/'.length).replace(/^(.+)__/, '@$1/');

/** The peers a package asks its user to install (koa-helmet asks for helmet): used through it. */
function peersOf(name: string): string[] {
  const manifest = path.join(repoRoot, 'node_modules', name, 'package.json');
  if (!fs.existsSync(manifest)) return [];
  const { peerDependencies = {}, peerDependenciesMeta = {} } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { peerDependencies?: Record<string, string>; peerDependenciesMeta?: Record<string, { optional?: boolean }> };
  return Object.keys(peerDependencies).filter((peer) => !peerDependenciesMeta[peer]?.optional);
}

/** Where a package's package.json and its src disagree: dependencies nothing imports, imports nothing declares. */
export function packageMismatches(dir: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8')) as { name: string; dependencies?: Record<string, string> };
  const declared = Object.keys(manifest.dependencies ?? {});
  const names = codeFiles(path.join(repoRoot, dir, 'src')).flatMap((file) => importedSpecifiers(fs.readFileSync(file, 'utf8')).map(packageOf));
  const imported = new Set<string>();
  for (const name of names) {
    if (!name || name === manifest.name) continue;
    // A path built from a name (`@fontsource/${id}/…`) stands for each declared package it can name.
    if (name.includes('${')) declared.filter((dep) => dep.startsWith(name.slice(0, name.indexOf('${')))).forEach((dep) => imported.add(dep));
    else imported.add(name);
  }
  const used = new Set([...imported, ...[...imported].flatMap(peersOf)]);
  const unused = declared.filter((dep) => !used.has(dep.startsWith('@types/') ? typed(dep) : dep));
  const undeclared = [...imported].filter((name) => !declared.includes(name));
  return [...unused.map((dep) => `${dir}: ${dep} is declared, never imported`), ...undeclared.map((name) => `${dir}: ${name} is imported, not declared`)].sort();
}
