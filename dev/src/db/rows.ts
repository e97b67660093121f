import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from '@alterna/core';
import {
  createCore, createLogger, createPostgresDatabase, discoverModules, dropPostgresDatabase, loadConfig, orderModules, repoRoot,
} from '@alterna/core';

// The row types of every table, generated from a freshly migrated database (`npm run db:rows`): one rows.ts per
// module (src/models/rows.ts) and the core's own (core/src/db/rows.ts). Each declares a row and an insert interface
// per table and types `knex('table')` through knex's Tables, so models, knex calls and services share one shape.
// tests/api/rows.test.ts regenerates them into memory and fails when a file on disk differs.

interface Column {
  table_name: string;
  column_name: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_identity: 'YES' | 'NO';
  is_generated: 'ALWAYS' | 'NEVER';
}

/** Tables whose knex builders stay untyped: services written before the generated types that do not fit them yet. */
export const untypedTables: ReadonlySet<string> = new Set<string>([
  'attendance_lines', 'attendance_sheets', 'attendance_signatures', 'files_documents', 'operations',
]);

/**
 * PostgreSQL types as the pg driver returns them here: the core's parsers (core/src/db/index.ts) give numbers for
 * int8 and numeric and 'YYYY-MM-DD' strings for dates; timestamps are Date objects.
 */
const scalarTypes: Record<string, string> = {
  uuid: 'string', text: 'string', varchar: 'string', bpchar: 'string', citext: 'string', name: 'string', inet: 'string', tsvector: 'string',
  int2: 'number', int4: 'number', int8: 'number', numeric: 'number', float4: 'number', float8: 'number',
  bool: 'boolean',
  timestamptz: 'Date', timestamp: 'Date', date: 'string', time: 'string', timetz: 'string',
  daterange: 'string', tstzrange: 'string', tsrange: 'string', int4range: 'string',
  json: 'unknown', jsonb: 'unknown', interval: 'unknown', bytea: 'Buffer',
};

function tsType(udt: string, enums: Map<string, string[]>): string {
  if (udt.startsWith('_')) {
    const element = tsType(udt.slice(1), enums);
    return /^[A-Za-z]+$/.test(element) ? `${element}[]` : `(${element})[]`;
  }
  const labels = enums.get(udt);
  if (labels) return labels.map((label) => `'${label}'`).join(' | ');
  const type = scalarTypes[udt];
  if (!type) throw new Error(`rows: no TypeScript type for the PostgreSQL type "${udt}": add it to scalarTypes`);
  return type;
}

/** `lesson_rooms` → `LessonRooms`. */
const typeName = (table: string) => table.split('_').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');

/**
 * The values a one-column CHECK allows, when it is a list (`CHECK (status IN ('a', 'b'))`, as PostgreSQL writes it
 * back: `CHECK (((status)::text = ANY ((ARRAY['a'::character varying, …])::text[])))`, possibly after
 * `(status IS NULL) OR`), else null: the column's type is then that union, as for an enum.
 */
export function checkedValues(definition: string, column: string): string[] | null {
  const col = `\\(?${column}\\)?(?:::text)?`;
  const list = new RegExp(`^CHECK \\(+(?:${col} IS NULL\\) OR \\(+)?${col} = ANY \\(+ARRAY\\[((?:'(?:[^']|'')*'::[a-z ]+(?:, )?)+)\\](?:\\)?::text\\[\\])?\\)+$`);
  const match = list.exec(definition);
  if (!match) return null;
  return [...match[1]!.matchAll(/'((?:[^']|'')*)'::/g)].map((m) => m[1]!.replaceAll("''", "'"));
}

/**
 * NOT NULL columns a BEFORE INSERT trigger fills (planning's migrations copy the lesson's period and status onto its
 * links, so that the exclusion constraints read them): an insert leaves them out.
 */
const filledByTriggers: Record<string, readonly string[]> = {
  lesson_teachers: ['period', 'active'],
  lesson_rooms: ['period', 'active'],
  lesson_planning_groups: ['period', 'active'],
};

function renderTable(table: string, columns: Column[], enums: Map<string, string[]>, checks: Map<string, string[]>): string {
  const name = typeName(table);
  const type = (c: Column) => {
    const values = checks.get(`${table}.${c.column_name}`);
    return values ? values.map((value) => `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`).join(' | ') : tsType(c.udt_name, enums);
  };
  const row = columns.map((c) => `  ${c.column_name}: ${type(c)}${c.is_nullable === 'YES' ? ' | null' : ''};`);
  // An insert may leave out what the database fills: a default, an identity, a null; never a generated column. An
  // instant may be written as an ISO 8601 string (exact, offset included), as the API's JSON carries it.
  const written = (c: Column) => (['timestamptz', 'timestamp'].includes(c.udt_name) ? 'Date | string' : type(c));
  const insert = columns.filter((c) => c.is_generated !== 'ALWAYS').map((c) => {
    const optional = c.column_default !== null || c.is_identity === 'YES' || c.is_nullable === 'YES' || !!filledByTriggers[table]?.includes(c.column_name);
    return `  ${c.column_name}${optional ? '?' : ''}: ${written(c)}${c.is_nullable === 'YES' ? ' | null' : ''};`;
  });
  return [
    `/** A row of \`${table}\`. */`, `export interface ${name}Row {`, ...row, '}', '',
    `/** What an insert into \`${table}\` gives: the columns the database fills are optional. */`, `export interface ${name}Insert {`, ...insert, '}',
  ].join('\n');
}

function renderFile(owner: string, tables: string[], columns: Map<string, Column[]>, enums: Map<string, string[]>, checks: Map<string, string[]>, knexImport: string): string {
  const typed = tables.filter((table) => !untypedTables.has(table));
  const header = [
    `// Generated by \`npm run db:rows\` (dev/src/db/rows.ts) from the migrated database: do not edit.`,
    `// The row and insert types of ${owner === 'core' ? 'the core\'s own tables' : `the ${owner} module's tables`}, and \`knex('table')\` typed by them.`,
  ];
  const body = tables.map((table) => renderTable(table, columns.get(table)!, enums, checks));
  const tablesDeclaration = typed.length ? [
    `import type { Knex } from '${knexImport}';`, '',
    '/** A write may give SQL for a value (`knex.fn.now()`). */', 'type Writable<T> = { [K in keyof T]: T[K] | Knex.Raw };', '',
    ...body.flatMap((text) => [text, '']),
    `declare module 'knex/types/tables.js' {`, '  interface Tables {',
    ...typed.map((table) => `    ${table}: Knex.CompositeTableType<${typeName(table)}Row, Writable<${typeName(table)}Insert>, Partial<Writable<${typeName(table)}Insert>>>;`),
    '  }', '}',
  ] : body.flatMap((text, i) => (i ? ['', text] : [text]));
  return [...header, '', ...tablesDeclaration, ''].join('\n');
}

async function tableNames(knex: Knex): Promise<Set<string>> {
  const rows = await knex('information_schema.tables').where({ table_schema: 'public', table_type: 'BASE TABLE' }).pluck('table_name') as string[];
  return new Set(rows);
}

/** Where each generated file goes, relative to the repository, and its text. */
export type RowFiles = Map<string, string>;

/**
 * Migrates a new database on `serverUrl` one owner at a time (the core, then each module in dependency order), so
 * a table belongs to whoever created it, reads the columns and renders the files; the database is dropped after.
 */
export async function generateRows(serverUrl: string): Promise<RowFiles> {
  const name = `alterna_rows_${crypto.randomUUID().slice(0, 8)}_${process.pid}`;
  const databaseUrl = await createPostgresDatabase(serverUrl, name);
  const core = await createCore({ config: loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'error' }), modules: [], log: createLogger('error') });
  try {
    const knex = core.db.knex;
    await core.migrate();
    const owners = new Map<string, string[]>();
    const known = new Set(['knex_migrations', 'knex_migrations_lock']);
    const claim = async (owner: string) => {
      const made = [...(await tableNames(knex))].filter((table) => !known.has(table)).sort();
      made.forEach((table) => known.add(table));
      owners.set(owner, made);
    };
    await claim('core');
    for (const module of orderModules(await discoverModules())) {
      for (const migration of [...(module.migrations ?? [])].sort((a, b) => a.name.localeCompare(b.name))) await migration.up(knex);
      await claim(module.name);
    }
    const columns = (await knex('information_schema.columns').where({ table_schema: 'public' })
      .select('table_name', 'column_name', 'udt_name', 'is_nullable', 'column_default', 'is_identity', 'is_generated')
      .orderBy(['table_name', 'ordinal_position'])) as Column[];
    const byTable = new Map<string, Column[]>();
    for (const column of columns) byTable.set(column.table_name, [...(byTable.get(column.table_name) ?? []), column]);
    const enumRows = (await knex.raw(`SELECT t.typname AS name, e.enumlabel AS label FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid ORDER BY t.typname, e.enumsortorder`)).rows as { name: string; label: string }[];
    const enums = new Map<string, string[]>();
    for (const { name: type, label } of enumRows) enums.set(type, [...(enums.get(type) ?? []), label]);

    const checkRows = (await knex.raw(`SELECT c.conrelid::regclass::text AS table_name, a.attname AS column_name, pg_get_constraintdef(c.oid) AS definition
      FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'c' AND array_length(c.conkey, 1) = 1 AND c.connamespace = 'public'::regnamespace
      ORDER BY 1, 2, c.conname`)).rows as { table_name: string; column_name: string; definition: string }[];
    const checks = new Map<string, string[]>();
    for (const { table_name: table, column_name: column, definition } of checkRows) {
      const values = checkedValues(definition, column);
      if (values) checks.set(`${table}.${column}`, values);
    }

    const files: RowFiles = new Map();
    for (const [owner, tables] of owners) {
      if (!tables.length) continue;
      const file = owner === 'core' ? 'core/src/db/rows.ts' : `modules/${owner}/src/models/rows.ts`;
      files.set(file, renderFile(owner, tables, byTable, enums, checks, owner === 'core' ? 'knex' : '@alterna/core'));
    }
    return files;
  } finally {
    await core.close();
    await dropPostgresDatabase(serverUrl, name);
  }
}

/** Writes the generated files into the repository. */
export function writeRows(files: RowFiles): void {
  for (const [file, text] of files) fs.writeFileSync(path.join(repoRoot, file), text);
}
