// Compiled answers: a Query field a module writes as ready JSON text, for the hot reads whose lists are too large
// for field-by-field execution (the planning calendar's week). Only a document asking that field alone, with plain
// fields under it, takes this way; anything else, and any failure, goes to the executor, which answers as always.
// Every such fallback is logged with its reason and counted (`counts()`); the unexpected ones fail the tests.
import { createRequire } from 'node:module';
import type * as Graphql from 'graphql';
import type { DocumentNode, FieldNode, GraphQLField, GraphQLSchema, OperationDefinitionNode, SelectionSetNode } from 'graphql';
import type { PermissionMatrix } from '../auth/permissions.js';
import { UserError } from '../errors.js';
import type { Logger } from '../logger.js';
import { assertArgumentsAccepted } from './arguments.js';
import { graphqlLimits, limitRules } from './limits.js';
import { assertOperationPermission, OperationPermissionError, type OperationPermissions } from './operation-permissions.js';
import type { GraphqlContext } from './index.js';

// The executor's copy of graphql, whose schema this reads: under some loaders an `import` here gets the ESM build,
// a second copy whose validate and coercion refuse the schema ("from another module or realm").
const { getArgumentValues, getVariableValues, Kind, parse, specifiedRules, validate } = createRequire(import.meta.url)('graphql') as typeof Graphql;

/** A field asked under a compiled one: its response key (alias or name), its name, and what is asked under it. */
export interface CompiledSelection {
  key: string;
  field: string;
  selections: CompiledSelection[];
}

/**
 * The field's value as JSON text for these selections, exactly as the executor would write it (same keys, same
 * order, same values): one text, or for a list the text of each item in order (the core writes the list around them,
 * never joining them into one string). Null when the selections hold a field it does not write (the executor then answers).
 */
export type CompiledField = (args: Record<string, unknown>, ctx: GraphqlContext, selections: CompiledSelection[]) => Promise<CompiledValue | null>;

/** A JSON text, or a list's items as JSON texts. */
export type CompiledValue = string | { items: string[] };

export interface CompiledPart {
  owner: string;
  permissions: OperationPermissions;
  compiled?: Record<string, CompiledField>;
}

/**
 * Why a document asking a compiled field went to the executor. Expected, the executor answering as designed: `encoded`
 * (a compressed body, or a client that does not take JSON), `document` (not one query asking that field alone with
 * plain fields below), `operation` (the operation name is another), `variables` and `refused` (the executor refuses
 * them, in the caller's language). Unexpected, a fault of the module's writer: `unwritten` (it answered null for a
 * selection the schema allows) and `failed` (it threw something other than a refusal).
 */
export type FallbackReason = 'encoded' | 'document' | 'operation' | 'variables' | 'refused' | 'unwritten' | 'failed';

export const unexpectedFallbacks: readonly FallbackReason[] = ['unwritten', 'failed'];

/** A compiled field's count since start: answers it wrote, and documents it left to the executor, by reason. */
export interface CompiledCount {
  answered: number;
  fallbacks: Partial<Record<FallbackReason, number>>;
}

/** What the core exposes of its compiled answers (`core.graphql.compiled`). */
export interface CompiledStatistics {
  /** Per compiled Query field. */
  counts(): Record<string, CompiledCount>;
  /** The unexpected fallbacks so far, one line per field and reason. */
  unexpected(): { field: string; reason: FallbackReason; count: number }[];
}

interface Plan {
  field: string;
  operation: OperationDefinitionNode;
  node: FieldNode;
  definition: GraphQLField<unknown, unknown>;
  selections: CompiledSelection[];
  answer: CompiledField;
  permission: string;
}

// At most 200 documents of at most 20,000 characters kept (4 MB at worst): a compiled read's document is a few hundred.
const planCacheSize = 200;
const planMaxLength = 20_000;

/**
 * The compiled Query fields of every part, behind their declared permission. Answers a request's JSON body with the
 * whole response as UTF-8, or null for the executor to run it (and report its errors, in the caller's language).
 * `plain`: the request's body and answer are uncompressed JSON, the only kind written here.
 */
export function compiledAnswers(schema: GraphQLSchema, parts: CompiledPart[], matrix: PermissionMatrix, log: Logger) {
  const fields = new Map<string, { answer: CompiledField; permission: string }>();
  for (const part of parts) {
    for (const [field, answer] of Object.entries(part.compiled ?? {})) {
      const permission = part.permissions.Query?.[field];
      if (!permission || !schema.getQueryType()?.getFields()[field]) {
        throw new OperationPermissionError(`Module "${part.owner}": graphql.compiled.${field} is no Query field it resolves with a declared permission`);
      }
      fields.set(field, { answer, permission });
    }
  }
  const counts = new Map([...fields.keys()].map((field): [string, CompiledCount] => [field, { answered: 0, fallbacks: {} }]));
  /** The executor answers instead: said in the log (an error for an unexpected reason) and counted. */
  const fallBack = (field: string, reason: FallbackReason, error?: unknown): null => {
    const count = counts.get(field)!;
    count.fallbacks[reason] = (count.fallbacks[reason] ?? 0) + 1;
    if (unexpectedFallbacks.includes(reason)) log.error({ field, reason, err: error }, 'compiled answer failed: the executor answers');
    else log.info({ field, reason, ...(error ? { refusal: (error as Error).message } : {}) }, 'compiled answer left to the executor');
    return null;
  };
  // By document text: the web sends the same few documents again and again.
  const plans = new Map<string, Plan | PlanRefusal | null>();
  const planOf = (query: string): Plan | PlanRefusal | null => {
    if (plans.has(query)) return plans.get(query)!;
    const plan = makePlan(schema, fields, query);
    if (plans.size >= planCacheSize) plans.delete(plans.keys().next().value!);
    plans.set(query, plan);
    return plan;
  };

  const names = [...fields.keys()];
  async function answer(body: Buffer, ctx: GraphqlContext, plain: boolean): Promise<Buffer | null> {
    // Most documents name no compiled field: theirs is the executor's, their body parsed once, by it.
    if (!names.some((name) => body.includes(name))) return null;
    const request = graphqlRequestOf(body);
    if (!request) return null;
    // A document too long to be kept is the executor's (no document of the web's is): read here only to count it.
    const long = request.query.length > planMaxLength;
    const plan = long ? makePlan(schema, fields, request.query) : planOf(request.query);
    if (!plan) return null;
    const { field } = plan;
    if (!plain) return fallBack(field, 'encoded');
    if (long || !request.plain || 'refusal' in plan) return fallBack(field, 'document');
    if (request.operationName != null && request.operationName !== plan.operation.name?.value) return fallBack(field, 'operation');
    let args: Record<string, unknown>;
    try {
      const variables = getVariableValues(schema, plan.operation.variableDefinitions ?? [], request.variables ?? {}, { maxErrors: 1 });
      if (!variables.coerced) return fallBack(field, 'variables');
      args = getArgumentValues(plan.definition, plan.node, variables.coerced);
    } catch (error) {
      return fallBack(field, 'variables', error);
    }
    try {
      assertOperationPermission(plan.permission, ctx.actor, matrix);
      assertArgumentsAccepted(plan.definition, args, ctx.t);
      const value = await plan.answer(args, ctx, plan.selections);
      if (value === null) return fallBack(field, 'unwritten');
      counts.get(field)!.answered += 1;
      return utf8Of([`{"data":{${JSON.stringify(plan.node.alias?.value ?? field)}:`, ...textsOf(value), '}}']);
    } catch (error) {
      // Refused (the executor refuses it again, with its errors) or failed (the executor answers).
      return fallBack(field, error instanceof UserError ? 'refused' : 'failed', error);
    }
  }

  const statistics: CompiledStatistics = {
    counts: () => Object.fromEntries([...counts].map(([field, count]) => [field, { answered: count.answered, fallbacks: { ...count.fallbacks } }])),
    unexpected: () => [...counts].flatMap(([field, count]) =>
      unexpectedFallbacks.flatMap((reason) => (count.fallbacks[reason] ? [{ field, reason, count: count.fallbacks[reason]! }] : []))),
  };
  return Object.assign(answer, { statistics });
}

/** A value's JSON as texts in order: itself, or a list's items between brackets and commas. */
function textsOf(value: CompiledValue): string[] {
  if (typeof value === 'string') return [value];
  const texts = ['['];
  for (const [index, item] of value.items.entries()) {
    if (index) texts.push(',');
    texts.push(item);
  }
  texts.push(']');
  return texts;
}

/**
 * Texts as one UTF-8 buffer, each written into it once: no joined copy of a long answer, and no second encoding
 * (with a string body, Node joins it to the headers and encodes it again).
 */
function utf8Of(texts: string[]): Buffer {
  const buffer = Buffer.allocUnsafe(texts.reduce((length, text) => length + Buffer.byteLength(text), 0));
  let offset = 0;
  for (const text of texts) offset += buffer.write(text, offset);
  return buffer;
}

interface GraphqlRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
  /** Nothing but a query, its variables and its operation name, each of its JSON type (else the executor reads it). */
  plain: boolean;
}

/** The request's document, or null for a body that holds none (the executor refuses it). */
function graphqlRequestOf(body: Buffer): GraphqlRequest | null {
  let request: unknown;
  try {
    request = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  if (!request || typeof request !== 'object' || Array.isArray(request)) return null;
  const { query, variables, operationName, extensions } = request as Record<string, unknown>;
  if (typeof query !== 'string') return null;
  const plain = extensions == null && (variables == null || (typeof variables === 'object' && !Array.isArray(variables)))
    && (operationName == null || typeof operationName === 'string');
  return { query, variables: variables as GraphqlRequest['variables'], operationName: operationName as GraphqlRequest['operationName'], plain };
}

/** A document that asks a compiled field but is not answered here (the executor answers it). */
interface PlanRefusal {
  refusal: true;
  field: string;
}

/**
 * One query operation, one compiled field at its root, plain fields under it, valid under the executor's rules; a
 * refusal for another document that asks a compiled field at the root of an operation; null for any other document.
 */
function makePlan(schema: GraphQLSchema, fields: Map<string, { answer: CompiledField; permission: string }>, query: string): Plan | PlanRefusal | null {
  let document: DocumentNode;
  try {
    document = parse(query, { noLocation: true, maxTokens: graphqlLimits.tokens });
  } catch {
    return null;
  }
  const asked = document.definitions.flatMap((definition) => (definition.kind === Kind.OPERATION_DEFINITION ? definition.selectionSet.selections : []))
    .find((selection): selection is FieldNode => selection.kind === Kind.FIELD && fields.has(selection.name.value));
  if (!asked) return null;
  const refusal: PlanRefusal = { refusal: true, field: asked.name.value };
  const [operation, ...others] = document.definitions;
  if (others.length || operation?.kind !== Kind.OPERATION_DEFINITION || operation.operation !== 'query' || operation.directives?.length) return refusal;
  const [node, ...siblings] = operation.selectionSet.selections;
  if (siblings.length || node !== asked || node.directives?.length) return refusal;
  const selections = selectionsOf(node.selectionSet);
  if (!selections) return refusal;
  try {
    // The limits first (they throw), then the specification's rules.
    if (validate(schema, document, limitRules(undefined)).length || validate(schema, document, specifiedRules).length) return refusal;
  } catch {
    return refusal;
  }
  const definition = schema.getQueryType()!.getFields()[node.name.value]!;
  return { field: node.name.value, operation, node, definition, selections, ...fields.get(node.name.value)! };
}

/** Plain fields only (no fragment, directive, argument or meta field such as `__typename` below the root), each response key once. */
function selectionsOf(set: SelectionSetNode | undefined): CompiledSelection[] | null {
  if (!set) return [];
  const selections: CompiledSelection[] = [];
  for (const node of set.selections) {
    if (node.kind !== Kind.FIELD || node.directives?.length || node.arguments?.length || node.name.value.startsWith('__')) return null;
    const key = node.alias?.value ?? node.name.value;
    const below = selectionsOf(node.selectionSet);
    if (!below || selections.some((selection) => selection.key === key)) return null;
    selections.push({ key, field: node.name.value, selections: below });
  }
  return selections;
}
