import type { Knex } from '@alterna/core';
import type { FuzzCase } from './cases.js';
import type { FuzzAnswer } from './http.js';

// What no answer may hold, whatever was sent: a server error, a stack trace, SQL or database words, a message
// key instead of a sentence, an answer that is not the API's error shape. And the tables' row counts.

export type Problem = '5xx' | 'stack trace' | 'SQL' | 'untranslated' | 'raw answer' | 'no answer';

export interface Finding {
  fuzzCase: FuzzCase;
  problem: Problem;
  status: number;
  excerpt: string;
}

const stackTrace = [/\n\s+at .+\(/, /node_modules/, /\.(?:ts|js|mjs|cjs):\d+/, /\bat (?:async )?[\w$.<>]+ \(\//];
const databaseText = [
  /\b(?:select\s.+\sfrom|insert into|update\s.+\sset\b|delete from)\b/i,
  /violates|syntax error at|relation "|duplicate key|invalid input syntax|column "|sqlstate|\bknex\b|\bpg_\w+|postgres/i,
];
const messageKey = /^[a-z][\w-]*(?:\.[\w-]+)+$/i;

/**
 * Every message text of an answer: `message` fields (the route's errors, GraphQL's errors and violations), and
 * the texts of an `errors` map of field to messages (the SPEC's teacher company popup answers so).
 */
/** Keys beside the messages: where, why in the SPEC's words, which code or limit. */
const notMessages = new Set(['path', 'reason', 'code', 'limit', 'locations', 'http']);

function messagesOf(json: unknown, found: string[] = [], underErrors = false): string[] {
  if (typeof json === 'string' && underErrors) found.push(json);
  else if (Array.isArray(json)) for (const item of json) messagesOf(item, found, underErrors);
  else if (json && typeof json === 'object') {
    for (const [key, value] of Object.entries(json)) {
      if (notMessages.has(key)) continue;
      if (key === 'message' && typeof value === 'string') found.push(value);
      else if (key === 'errors' || key === 'violations') messagesOf(value, found, true);
      else if (key === 'extensions' || underErrors) messagesOf(value, found, underErrors);
    }
  }
  return found;
}

/** GraphQL answers a resolver's crash with 200 and `extensions.code` INTERNAL: a 5xx all the same. */
function graphqlInternal(json: unknown): boolean {
  const errors = (json as { errors?: { extensions?: { code?: string } }[] } | null)?.errors;
  return Array.isArray(errors) && errors.some((e) => e?.extensions?.code === 'INTERNAL');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function judge(fuzzCase: FuzzCase, answer: FuzzAnswer): Finding[] {
  const findings: Finding[] = [];
  const excerpt = `${answer.error ? `${answer.error} ` : ''}${answer.text.slice(0, 300).replace(/\s+/g, ' ')}`;
  const note = (problem: Problem) => findings.push({ fuzzCase, problem, status: answer.status, excerpt });
  if (answer.status === 0) {
    note('no answer');
    return findings;
  }
  const json = parseJson(answer.text);
  if (answer.status >= 500 || graphqlInternal(json)) note('5xx');
  if (stackTrace.some((pattern) => pattern.test(answer.text))) note('stack trace');
  const messages = messagesOf(json);
  const checked = answer.status >= 400 ? [answer.text, ...messages] : messages;
  if (checked.some((text) => databaseText.some((pattern) => pattern.test(text)))) note('SQL');
  if (messages.some((m) => messageKey.test(m))) note('untranslated');
  // A refusal is the API's shape, `{ errors: [{ message }] }`, whoever refused (route, guard, GraphQL) — except
  // Node's HTTP parser, which closes the connection on a request line it cannot read (raw bytes in the path).
  const parserRefusal = [400, 414, 431].includes(answer.status) && answer.text === '' && answer.headers.connection === 'close';
  if (answer.status >= 400 && !parserRefusal && !(json && typeof json === 'object' && messages.length)) note('raw answer');
  return findings;
}

/** Tables whose rows change with no client writing anything, left out of the comparison. */
export function isBookkeepingTable(name: string): boolean {
  // sessions: the demo logins of the run open theirs; login_attempts: refused logins are counted (rate limit);
  // an audit trail records every request's changes, and would record the sessions too.
  return name === 'sessions' || name === 'login_attempts' || /audit/i.test(name);
}

/** Exact row counts of every table of the public schema, in one query. */
export async function rowCounts(knex: Knex): Promise<Map<string, number>> {
  const { rows } = await knex.raw<{ rows: { name: string; n: string }[] }>(`
    SELECT c.relname AS name,
           (xpath('/row/n/text()', query_to_xml(format('SELECT count(*) AS n FROM public.%I', c.relname), false, true, '')))[1]::text AS n
      FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
     WHERE ns.nspname = 'public' AND c.relkind IN ('r', 'p')
     ORDER BY c.relname`);
  return new Map(rows.map((row) => [row.name, Number(row.n)]));
}

/** Tables whose count differs (bookkeeping tables left out), as `table: before → after`. */
export function changedTables(before: Map<string, number>, after: Map<string, number>): string[] {
  const names = [...new Set([...before.keys(), ...after.keys()])].filter((name) => !isBookkeepingTable(name)).sort();
  return names.filter((name) => before.get(name) !== after.get(name)).map((name) => `${name}: ${before.get(name) ?? '-'} → ${after.get(name) ?? '-'}`);
}
