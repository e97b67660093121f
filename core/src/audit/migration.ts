import type { Migration } from '../modules/contract.js';
import { auditContextSetting } from './client.js';

/** Tables whose changes are not recorded: the trail itself and knex's bookkeeping of migrations. */
export const unauditedTables = ['audit_log', 'knex_migrations', 'knex_migrations_lock'] as const;
/** Columns whose values never go into the trail (a change is still recorded, the value shows as ***). */
export const secretColumns = ['password_hash', 'token_hash', 'qr_secret', 'token'] as const;
/** The triggers every audited table has, one per event (transition tables cannot be shared across events). */
export const captureTriggers = ['audit_capture_insert', 'audit_capture_update', 'audit_capture_delete', 'audit_capture_truncate'] as const;

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * `audit_install()` gives every table of the schema that lacks them (or whose primary key or secret columns
 * changed since) its capture function and triggers; the core runs it after every migration, so a module's
 * new table is recorded without the module doing anything. Each table gets its own generated function with
 * static SQL (plans cached per session; a generic function's dynamic SQL cost a few times more per statement).
 * Statement-level triggers with transition tables: a 10,000-row INSERT writes its 10,000 audit rows in one
 * set statement. Updates pair old and new rows by primary key; a row whose key changed is recorded on both sides.
 */
const installFunction = `
CREATE OR REPLACE FUNCTION audit_install() RETURNS integer LANGUAGE plpgsql AS $install$
DECLARE
  t record;
  fn text;
  key_of_new text;
  key_of_old text;
  joined text;
  mask text;
  context_values text;
  update_source text;
  signature text;
  trigger_name text;
  installed integer := 0;
BEGIN
  -- Two processes starting on a fresh database must not install the same function at once.
  PERFORM pg_advisory_xact_lock(hashtext('alterna.audit_install'));
  FOR t IN
    SELECT c.relname::text AS name,
      (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM pg_index i
         CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
         JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
       WHERE i.indrelid = c.oid AND i.indisprimary) AS keys,
      (SELECT array_agg(a.attname::text ORDER BY a.attnum) FROM pg_attribute a
       WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attname::text IN (${list(secretColumns)})) AS secrets,
      (SELECT count(*) FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname IN (${list(captureTriggers)})) AS triggers,
      (SELECT min(obj_description(g.tgfoid, 'pg_proc')) FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname IN (${list(captureTriggers)})) AS current
    FROM pg_class c
    WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      AND c.relname::text NOT IN (${list(unauditedTables)})
  LOOP
    signature := format('audit v1 keys=%s secrets=%s', coalesce(array_to_string(t.keys, ','), ''), coalesce(array_to_string(t.secrets, ','), ''));
    CONTINUE WHEN t.triggers = ${captureTriggers.length} AND t.current IS NOT DISTINCT FROM signature;
    fn := CASE WHEN length('audit_capture_' || t.name) <= 63 THEN 'audit_capture_' || t.name ELSE 'audit_capture_' || md5(t.name) END;
    mask := coalesce((SELECT ' || ' || quote_literal(jsonb_object_agg(s, '***')::text) || '::jsonb' FROM unnest(t.secrets) s), '');
    context_values := '(ctx->>''actor'')::uuid, ctx->>''actorName'', ctx->>''request'', ctx->>''operation'', ctx->>''workflow''';
    IF t.keys IS NULL THEN
      key_of_new := 'NULL::text';
      key_of_old := 'NULL::text';
      update_source := 'SELECT NULL::text AS row_id, to_jsonb(o) AS before, NULL::jsonb AS after FROM old_rows o
        UNION ALL SELECT NULL::text, NULL::jsonb, to_jsonb(r) FROM new_rows r';
    ELSE
      SELECT string_agg(format('r.%I::text', k), ' || '':'' || '), string_agg(format('o.%I::text', k), ' || '':'' || '),
             string_agg(format('o.%1$I = r.%1$I', k), ' AND ')
        INTO key_of_new, key_of_old, joined FROM unnest(t.keys) k;
      update_source := format('SELECT coalesce(%s, %s) AS row_id, to_jsonb(o) AS before, to_jsonb(r) AS after
        FROM new_rows r FULL JOIN old_rows o ON %s', key_of_new, key_of_old, joined);
    END IF;
    EXECUTE format($f$
      CREATE OR REPLACE FUNCTION %1$I() RETURNS trigger LANGUAGE plpgsql AS $capture$
      DECLARE ctx jsonb := nullif(current_setting('${auditContextSetting}', true), '')::jsonb;
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO audit_log (table_name, action, row_id, actor_id, actor_name, request_id, operation_id, workflow_id, after)
          SELECT TG_TABLE_NAME, 'insert', %2$s, %3$s, to_jsonb(r)%4$s FROM new_rows r;
        ELSIF TG_OP = 'UPDATE' THEN
          INSERT INTO audit_log (table_name, action, row_id, actor_id, actor_name, request_id, operation_id, workflow_id, before, after)
          SELECT TG_TABLE_NAME, 'update', j.row_id, %3$s, j.before%4$s, j.after%4$s FROM (%5$s) j
          WHERE j.before IS DISTINCT FROM j.after;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO audit_log (table_name, action, row_id, actor_id, actor_name, request_id, operation_id, workflow_id, before)
          SELECT TG_TABLE_NAME, 'delete', %6$s, %3$s, to_jsonb(o)%4$s FROM old_rows o;
        ELSE
          INSERT INTO audit_log (table_name, action, actor_id, actor_name, request_id, operation_id, workflow_id)
          VALUES (TG_TABLE_NAME, 'truncate', %3$s);
        END IF;
        RETURN NULL;
      END $capture$$f$, fn, key_of_new, context_values, mask, update_source, key_of_old);
    EXECUTE format('COMMENT ON FUNCTION %I() IS %L', fn, signature);
    FOREACH trigger_name IN ARRAY ARRAY[${list(captureTriggers)}] LOOP
      EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', trigger_name, t.name);
    END LOOP;
    EXECUTE format('CREATE TRIGGER audit_capture_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.name, fn);
    EXECUTE format('CREATE TRIGGER audit_capture_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.name, fn);
    EXECUTE format('CREATE TRIGGER audit_capture_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.name, fn);
    EXECUTE format('CREATE TRIGGER audit_capture_truncate AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.name, fn);
    installed := installed + 1;
  END LOOP;
  -- The capture functions of tables dropped since go too.
  FOR fn IN SELECT p.oid::regprocedure::text FROM pg_proc p
    WHERE p.pronamespace = current_schema()::regnamespace AND p.proname LIKE 'audit\\_capture\\_%'
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgfoid = p.oid)
  LOOP
    EXECUTE 'DROP FUNCTION ' || fn;
  END LOOP;
  RETURN installed;
END $install$`;

/**
 * The audit trail: one append-only row per changed row of every table (who, when, which request or operation,
 * the row before and after), written by triggers the core installs (see `audit_install`).
 */
export const auditMigration: Migration = {
  name: '20270401000000_audit_log',
  async up(knex) {
    await knex.raw(`
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        table_name text NOT NULL,
        action text NOT NULL CHECK (action IN ('insert', 'update', 'delete', 'truncate')),
        row_id text,
        actor_id uuid,
        actor_name text,
        request_id text,
        operation_id text,
        workflow_id text,
        before jsonb,
        after jsonb
      )`);
    // A record's history: its rows, and the rows keyed by it first (a lesson's teachers: 'lesson:teacher').
    await knex.raw('CREATE INDEX audit_log_rows ON audit_log (table_name, row_id text_pattern_ops)');
    await knex.raw(`
      CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await knex.raw('CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change()');
    await knex.raw(installFunction);
  },
  async down(knex) {
    // Dropping each capture function drops its triggers.
    await knex.raw(`
      DO $$
      DECLARE f text;
      BEGIN
        FOR f IN SELECT p.oid::regprocedure::text FROM pg_proc p
          WHERE p.pronamespace = current_schema()::regnamespace AND p.proname LIKE 'audit\\_capture\\_%'
        LOOP
          EXECUTE 'DROP FUNCTION ' || f || ' CASCADE';
        END LOOP;
      END $$`);
    await knex.raw('DROP FUNCTION audit_install()');
    await knex.raw('DROP TABLE audit_log');
    await knex.raw('DROP FUNCTION audit_log_refuse_change()');
  },
};

/** Gives every table its capture triggers (after each migration); answers how many tables it (re)installed. */
export async function installAuditTriggers(knex: import('knex').Knex): Promise<number> {
  const { rows } = await knex.raw('SELECT audit_install() AS installed');
  return Number(rows[0].installed);
}
