import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../config.js';
import type { ModuleDefinition } from './contract.js';

/**
 * Finds the installed modules (each folder of modules/ with a package.json) and imports their entry.
 * The core never imports a module statically: modules depend on the core, not the other way.
 */
export async function discoverModules(modulesDir = path.join(repoRoot, 'modules')): Promise<ModuleDefinition[]> {
  const entries = await fs.readdir(modulesDir, { withFileTypes: true });
  const found: ModuleDefinition[] = [];
  for (const entry of entries.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const manifestPath = path.join(modulesDir, entry.name, 'package.json');
    const manifest = await fs.readFile(manifestPath, 'utf8').then((text) => JSON.parse(text) as { exports?: Record<string, string> | string }, () => null);
    if (!manifest) continue;
    const main = typeof manifest.exports === 'string' ? manifest.exports : manifest.exports?.['.'] ?? './src/index.ts';
    const imported = (await import(pathToFileURL(path.join(modulesDir, entry.name, main)).href)) as { default?: ModuleDefinition };
    if (!imported.default?.name) throw new Error(`modules/${entry.name}: its entry must default-export defineModule({...})`);
    found.push(imported.default);
  }
  return found;
}
