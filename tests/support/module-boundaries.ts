import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '@alterna/core';

// A module's tables are its own: another module reads them through the owner's services or the read views the
// owner exports (named <owner>_<what>, made by the owner's migrations), never by their table names.

const modulesDir = path.join(repoRoot, 'modules');
const modules = fs.readdirSync(modulesDir).filter((name) => fs.existsSync(path.join(modulesDir, name, 'src'))).sort();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const isMigration = (file: string) => file.split(path.sep).includes('migrations');
const isTest = (file: string) => file.endsWith('.test.ts');

/** The tables a module's migrations create. */
export function ownedTables(module: string): string[] {
  const migrations = sourceFiles(path.join(modulesDir, module, 'src')).filter(isMigration);
  const names = migrations.flatMap((file) => {
    const text = fs.readFileSync(file, 'utf8');
    return [
      ...[...text.matchAll(/createTable\(\s*['"`]([a-z_]+)['"`]/g)].map((m) => m[1]!),
      ...[...text.matchAll(/create table (?:if not exists )?([a-z_]+)/gi)].map((m) => m[1]!.toLowerCase()),
      ...[...text.matchAll(/table: ['"]([a-z_]+)['"]/g)].map((m) => m[1]!),
    ];
  });
  return [...new Set(names)].sort();
}

/** Where a name is used as a table in SQL: knex builders and raw SQL. */
export function tableReferences(text: string, table: string): number {
  const t = table;
  const patterns = [
    new RegExp(`\\b(?:knex|trx|db|tx|transaction)\\(\\s*['"\`]${t}(?:\\s+as\\s+\\w+)?['"\`]`, 'g'),
    new RegExp(`\\.(?:from|join|leftJoin|innerJoin|rightJoin|into|table|update|with)\\(\\s*['"\`]${t}(?:\\s+as\\s+\\w+)?['"\`]`, 'g'),
    new RegExp(`\\b(?:from|join|into|update|exists \\(select 1 from)\\s+${t}\\b(?!\\s*[(:])`, 'gi'),
  ];
  return patterns.reduce((sum, pattern) => sum + [...text.matchAll(pattern)].length, 0);
}

export function crossings(): string[] {
  const owners = new Map(modules.map((module) => [module, ownedTables(module)]));
  const found: string[] = [];
  for (const module of modules) {
    const files = sourceFiles(path.join(modulesDir, module, 'src')).filter((file) => !isMigration(file) && !isTest(file));
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      for (const [owner, tables] of owners) {
        if (owner === module) continue;
        for (const table of tables) {
          if (tableReferences(text, table)) found.push(`${path.relative(repoRoot, file)} uses ${owner}'s ${table}`);
        }
      }
    }
  }
  return found.sort();
}
