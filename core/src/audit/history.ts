import type { Knex } from 'knex';
import { staffTypologies, type Actor, type PermissionDeclaration } from '../auth/types.js';
import { NotFoundError } from '../errors.js';
import type { CoreDeps, HistoryDeclaration, ModuleDefinition, RouteDefinition } from '../modules/contract.js';
import { foreignKeys, labelsOf } from './labels.js';

export const historyPermission = 'core.history.read';

export const historyPermissions: PermissionDeclaration[] = [
  { id: historyPermission, kind: 'read', typologies: staffTypologies, label: 'permissions.history.read' },
];

/** One field of a change: its value before (null for an insert) and after (null for a delete). */
export interface HistoryChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** One recorded change of the record or of a row tied to it, as the history panel shows it. */
export interface HistoryEntry {
  id: string;
  at: string;
  /** The table of the changed row: the record's, or a related one (a lesson's teachers). */
  table: string;
  action: 'insert' | 'update' | 'delete' | 'truncate';
  rowId: string | null;
  actor: { id: string | null; name: string | null } | null;
  requestId: string | null;
  operationId: string | null;
  workflowId: string | null;
  /** Insert: the values; delete: the old values; update: the fields that changed. */
  changes: HistoryChange[];
}

export interface History {
  kind: string;
  id: string;
  entries: HistoryEntry[];
  /** More changes were recorded than `limit`; the newest are shown. */
  truncated: boolean;
  /** What the records the changes point to are called (a room's name, a teacher's full name), by id. */
  labels: Record<string, string>;
}

interface AuditRow {
  id: number | string;
  at: Date;
  table_name: string;
  action: HistoryEntry['action'];
  row_id: string | null;
  actor_id: string | null;
  actor_name: string | null;
  request_id: string | null;
  operation_id: string | null;
  workflow_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function changesOf(row: AuditRow): HistoryChange[] {
  if (row.action === 'insert') return Object.entries(row.after ?? {}).filter(([, v]) => v !== null).map(([field, after]) => ({ field, before: null, after }));
  if (row.action === 'delete') return Object.entries(row.before ?? {}).filter(([, v]) => v !== null).map(([field, before]) => ({ field, before, after: null }));
  const before = row.before ?? {};
  const after = row.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.filter((field) => !same(before[field], after[field])).map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}

function present(row: AuditRow): HistoryEntry {
  return {
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    table: row.table_name,
    action: row.action,
    rowId: row.row_id,
    actor: row.actor_id || row.actor_name ? { id: row.actor_id, name: row.actor_name } : null,
    requestId: row.request_id,
    operationId: row.operation_id,
    workflowId: row.workflow_id,
    changes: changesOf(row),
  };
}

interface Registered {
  module: string;
  declaration: HistoryDeclaration<any>;
  services: unknown;
  /** The core as the declaring module sees it. */
  core: CoreDeps;
}

/** The history panel's reads: a declared record's rows of the audit trail, and those of its related rows. */
export class HistoryService {
  private readonly kinds = new Map<string, Registered>();
  /** The schema's foreign keys, read once (migrations run before the core serves). */
  private keys: Promise<Map<string, string>> | null = null;

  constructor(private readonly knex: Knex) {}

  /** Every module's declarations; a kind declared twice, or an `includes` naming no kind, stops the start. */
  register(modules: ModuleDefinition<any>[], handedTo: (module: string) => { services: unknown; core: CoreDeps }): void {
    for (const mod of modules) {
      for (const declaration of mod.history ?? []) {
        const other = this.kinds.get(declaration.kind);
        if (other) throw new Error(`History kind "${declaration.kind}" is declared by ${other.module} and ${mod.name}`);
        this.kinds.set(declaration.kind, { module: mod.name, declaration, ...handedTo(mod.name) });
      }
    }
    for (const [kind, { declaration }] of this.kinds) {
      for (const included of declaration.includes ?? []) {
        if (!this.kinds.has(included)) throw new Error(`History kind "${kind}" includes the unknown kind "${included}"`);
      }
    }
  }

  kindsDeclared(): string[] {
    return [...this.kinds.keys()].sort();
  }

  async read(actor: Actor, kind: string, id: string, limit = 200): Promise<History> {
    const registered = this.kinds.get(kind);
    if (!registered?.declaration.assertReadable) throw new NotFoundError(`history kind ${kind}`);
    await registered.declaration.assertReadable(registered.services, actor, id, registered.core);
    const declarations = [registered.declaration, ...(registered.declaration.includes ?? []).map((name) => this.kinds.get(name)!.declaration)];
    const tables = declarations.map((d) => d.table);
    const related = [...new Set(declarations.flatMap((d) => d.related ?? []))];
    const rows: AuditRow[] = await this.knex('audit_log')
      .where((q) => {
        q.where((own) => own.whereIn('table_name', tables).where('row_id', id));
        if (related.length) q.orWhere((tied) => tied.whereIn('table_name', related).where((r) => r.where('row_id', id).orWhere('row_id', 'like', `${id}:%`)));
      })
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .select('id', 'at', 'table_name', 'action', 'row_id', 'actor_id', 'actor_name', 'request_id', 'operation_id', 'workflow_id', 'before', 'after');
    const entries = rows.slice(0, limit).map(present);
    // A failed read is not kept: the next history asks again.
    this.keys ??= foreignKeys(this.knex).catch((error: unknown) => {
      this.keys = null;
      throw error;
    });
    const pointers = entries.flatMap((entry) => entry.changes.flatMap(({ field, before, after }) => [before, after].map((value) => ({ table: entry.table, field, value }))));
    const labels = await labelsOf(this.knex, await this.keys, pointers);
    return { kind, id, entries, truncated: rows.length > limit, labels };
  }
}

export const historyRoutes: RouteDefinition<HistoryService>[] = [
  {
    name: 'history_show', method: 'get', path: { en: '/history/:kind/:id', fr: '/historique/:kind/:id' }, permission: historyPermission, uuidParams: ['id'],
    handler: async ({ actor, services, params }) => services.read(actor!, params.kind!, params.id!),
  },
];
