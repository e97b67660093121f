import type { Knex } from 'knex';

// The history panel names the records a change points to (a lesson's room, a contract's company) instead of showing
// their ids. The names come from the trail itself — the newest recorded state of the row each foreign key names —
// so the core reads no module's table.

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Single-column foreign keys of the schema: `table.column` → the table it references. */
export async function foreignKeys(knex: Knex): Promise<Map<string, string>> {
  const { rows } = await knex.raw<{ rows: { source: string; column: string; target: string }[] }>(`
    SELECT src.relname::text AS source, a.attname::text AS column, dst.relname::text AS target
    FROM pg_constraint c
    JOIN pg_class src ON src.oid = c.conrelid
    JOIN pg_class dst ON dst.oid = c.confrelid
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    WHERE c.contype = 'f' AND array_length(c.conkey, 1) = 1 AND src.relnamespace = current_schema()::regnamespace`);
  return new Map(rows.map((row) => [`${row.source}.${row.column}`, row.target]));
}

/** What a reader calls a row: its name, label or title, a person's full name, else its code or e-mail. */
export function labelOf(row: Record<string, unknown> | null): string | null {
  if (!row) return null;
  const text = (key: string) => (typeof row[key] === 'string' && (row[key] as string).trim()) || null;
  const person = [text('first_name'), text('last_name')].filter(Boolean).join(' ');
  return text('name') ?? text('label') ?? text('title') ?? (person || null) ?? text('short_name') ?? text('code') ?? text('email');
}

export interface Pointer {
  table: string;
  field: string;
  value: unknown;
}

/** Labels of the rows the pointers name through a foreign key, by id; ids without a recorded name are left out. */
export async function labelsOf(knex: Knex, keys: Map<string, string>, pointers: Pointer[]): Promise<Record<string, string>> {
  const wanted = new Map<string, [string, string]>();
  for (const { table, field, value } of pointers) {
    const target = keys.get(`${table}.${field}`);
    if (target && typeof value === 'string' && uuid.test(value)) wanted.set(`${target}|${value}`, [target, value]);
  }
  const labels = await newestLabels(knex, [...wanted.values()]);
  // A row keyed by another table's id says nothing itself (a student's row is named by its actor's): the tables its
  // own foreign keys reference are asked for the same id.
  const unnamed = [...wanted.values()].filter(([, id]) => !labels[id]);
  const further = unnamed.flatMap(([target, id]) => [...keys].filter(([key]) => key.startsWith(`${target}.`)).map(([, table]): [string, string] => [table, id]));
  return { ...(await newestLabels(knex, further)), ...labels };
}

/** The label of each (table, id) row's newest recorded state. */
async function newestLabels(knex: Knex, rows: [string, string][]): Promise<Record<string, string>> {
  if (!rows.length) return {};
  const states: { row_id: string; state: Record<string, unknown> | null }[] = await knex('audit_log')
    .distinctOn('table_name', 'row_id')
    .whereIn(['table_name', 'row_id'], rows)
    .orderBy([{ column: 'table_name' }, { column: 'row_id' }, { column: 'id', order: 'desc' }])
    .select('row_id', knex.raw('coalesce(after, before) AS state'));
  const labels: Record<string, string> = {};
  for (const { row_id: id, state } of states) {
    const label = labelOf(state);
    if (label) labels[id] = label;
  }
  return labels;
}
