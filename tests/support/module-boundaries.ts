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

/**
 * The table names a template string may build: each name with an interpolation in it (`${prefix}_lines`,
 * `attendance_${kind}`), as a pattern the interpolation matches any name part in. A name whose written part has fewer
 * than three letters (`${a}_${b}`, `${n}px`) says nothing and is left out.
 */
export function builtNames(text: string): RegExp[] {
  const patterns: RegExp[] = [];
  for (const [literal] of text.matchAll(/`(?:[^`\\]|\\.)*`/g)) {
    for (const [name] of literal.matchAll(/(?:[a-z0-9_]|\$\{[^{}]*\})+/g)) {
      if (!name.includes('${') || (name.replace(/\$\{[^{}]*\}/g, '').match(/[a-z]/g) ?? []).length < 3) continue;
      const parts = name.split(/\$\{[^{}]*\}/).map((part) => part.replace(/[^a-z0-9_]/g, ''));
      patterns.push(new RegExp(`^${parts.join('[a-z0-9_]+')}$`));
    }
  }
  return patterns;
}

/** Which of `tables` a template string of `text` may build. */
export function builtTableReferences(text: string, tables: readonly string[]): string[] {
  const patterns = builtNames(text);
  return tables.filter((table) => patterns.some((pattern) => pattern.test(table)));
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
        for (const table of builtTableReferences(text, tables)) found.push(`${path.relative(repoRoot, file)} builds ${owner}'s ${table} in a template string`);
      }
    }
  }
  return found.sort();
}

/** A read view as the owner's migrations leave it. */
export interface ReadView {
  owner: string;
  name: string;
  query: string;
  /** The migration that creates it, from the repository's root. */
  migration: string;
}

/** The `const name = { key: 'text', … };` objects of a file, by name: their keys and string values. */
function constObjects(text: string): Map<string, Map<string, string>> {
  const objects = new Map<string, Map<string, string>>();
  for (const [, name, body = ''] of text.matchAll(/const (\w+)(?:: [^=]+)? = \{(?:\}|([\s\S]*?)\n\});/g)) {
    objects.set(name!, new Map([...body.matchAll(/(\w+):\s*(['"`])([\s\S]*?)\2/g)].map((m) => [m[1]!, m[3]!.replace(/\s+/g, ' ').trim()])));
  }
  return objects;
}

/**
 * The read views each module's migrations leave, in migration order: those `readViewsMigration(name, views, retired?)`
 * creates (its `views` and `retired`: const objects of the same file), less those a later one retires.
 */
export function readViews(): ReadView[] {
  const found = new Map<string, ReadView>();
  for (const module of modules) {
    const files = sourceFiles(path.join(modulesDir, module, 'src')).filter((file) => isMigration(file) && !isTest(file))
      .sort((a, b) => path.basename(a).localeCompare(path.basename(b)));
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      const objects = constObjects(text);
      const migration = path.relative(repoRoot, file);
      for (const [, created, retired] of text.matchAll(/readViewsMigration\(\s*['"][^'"]+['"],\s*(\w+)(?:,\s*(\w+))?\s*\)/g)) {
        const views = objects.get(created!);
        if (!views) throw new Error(`${migration}: readViewsMigration's views are not a const object of the file`);
        for (const name of retired ? [...(objects.get(retired)?.keys() ?? [])] : []) {
          if (found.get(name)?.owner !== module) throw new Error(`${migration} retires ${name}, which no earlier migration of ${module} creates`);
          found.delete(name);
        }
        for (const [name, query] of views) found.set(name, { owner: module, name, query, migration });
      }
    }
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Migrations that make a view other than through `readViewsMigration` (raw CREATE VIEW, knex's createView). */
export function viewsMadeElsewhere(): string[] {
  return modules.flatMap((module) => sourceFiles(path.join(modulesDir, module, 'src'))
    .filter((file) => isMigration(file) && !isTest(file))
    .filter((file) => /\bcreate\s+(?:or\s+replace\s+)?(?:materialized\s+)?view\b|\.createView|\.createMaterializedView/i.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(repoRoot, file)));
}

/**
 * A view that copies a table: it selects some of one table's columns (maybe renamed), with no join, filter,
 * grouping or computed column, so its reader depends on the table's shape, not on a purpose the owner keeps.
 */
export function isTableCopy(query: string): boolean {
  const column = String.raw`(?:[a-z_][a-z0-9_.]*(?:\s+as\s+[a-z_][a-z0-9_]*)?|\*)`;
  return new RegExp(String.raw`^select\s+${column}(?:\s*,\s*${column})*\s+from\s+[a-z_][a-z0-9_]*(?:\s+(?:as\s+)?[a-z_][a-z0-9_]*)?\s*;?$`, 'i').test(query.trim());
}
