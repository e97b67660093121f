// Compiled answers: a Query field a module writes as ready JSON text, for the hot reads whose lists are too large
// for field-by-field execution (the planning calendar's week). Only a document asking that field alone, with plain
// fields under it, takes this way; anything else, and any failure, goes to the executor, which answers as always.
import { createRequire } from 'node:module';
import type * as Graphql from 'graphql';
import type { DocumentNode, FieldNode, GraphQLField, GraphQLSchema, OperationDefinitionNode, SelectionSetNode } from 'graphql';
import type { PermissionMatrix } from '../auth/permissions.js';
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

interface Plan {
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
 */
export function compiledAnswers(schema: GraphQLSchema, parts: CompiledPart[], matrix: PermissionMatrix) {
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
  // By document text: the web sends the same few documents again and again.
  const plans = new Map<string, Plan | null>();
  const planOf = (query: string): Plan | null => {
    if (query.length > planMaxLength) return null;
    if (plans.has(query)) return plans.get(query)!;
    const plan = makePlan(schema, fields, query);
    if (plans.size >= planCacheSize) plans.delete(plans.keys().next().value!);
    plans.set(query, plan);
    return plan;
  };

  const names = [...fields.keys()];
  return async function answer(body: Buffer, ctx: GraphqlContext): Promise<Buffer | null> {
    // Most documents name no compiled field: theirs is the executor's, their body parsed once, by it.
    if (!names.some((name) => body.includes(name))) return null;
    const request = graphqlRequestOf(body);
    const plan = request && planOf(request.query);
    if (!request || !plan) return null;
    if (request.operationName != null && request.operationName !== plan.operation.name?.value) return null;
    try {
      const variables = getVariableValues(schema, plan.operation.variableDefinitions ?? [], request.variables ?? {}, { maxErrors: 1 });
      if (!variables.coerced) return null;
      const args = getArgumentValues(plan.definition, plan.node, variables.coerced);
      assertOperationPermission(plan.permission, ctx.actor, matrix);
      assertArgumentsAccepted(plan.definition, args, ctx.t);
      const value = await plan.answer(args, ctx, plan.selections);
      return value === null ? null : utf8Of([`{"data":{${JSON.stringify(plan.node.alias?.value ?? plan.node.name.value)}:`, ...textsOf(value), '}}']);
    } catch {
      // Refused or failed: the executor runs it again and answers with its errors.
      return null;
    }
  };
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
}

function graphqlRequestOf(body: Buffer): GraphqlRequest | null {
  let request: unknown;
  try {
    request = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  if (!request || typeof request !== 'object' || Array.isArray(request)) return null;
  const { query, variables, operationName, extensions } = request as Record<string, unknown>;
  if (typeof query !== 'string' || extensions != null) return null;
  if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) return null;
  if (operationName != null && typeof operationName !== 'string') return null;
  return request as GraphqlRequest;
}

/** One query operation, one compiled field at its root, plain fields under it, valid under the executor's rules. */
function makePlan(schema: GraphQLSchema, fields: Map<string, { answer: CompiledField; permission: string }>, query: string): Plan | null {
  let document: DocumentNode;
  try {
    document = parse(query, { noLocation: true, maxTokens: graphqlLimits.tokens });
  } catch {
    return null;
  }
  const [operation, ...others] = document.definitions;
  if (others.length || operation?.kind !== Kind.OPERATION_DEFINITION || operation.operation !== 'query' || operation.directives?.length) return null;
  const [node, ...siblings] = operation.selectionSet.selections;
  if (siblings.length || node?.kind !== Kind.FIELD || node.directives?.length) return null;
  const compiled = fields.get(node.name.value);
  const selections = selectionsOf(node.selectionSet);
  if (!compiled || !selections) return null;
  try {
    // The limits first (they throw), then the specification's rules.
    if (validate(schema, document, limitRules(undefined)).length || validate(schema, document, specifiedRules).length) return null;
  } catch {
    return null;
  }
  const definition = schema.getQueryType()!.getFields()[node.name.value]!;
  return { operation, node, definition, selections, ...compiled };
}

/** Plain fields only (no fragment, directive or argument below the root), each response key once. */
function selectionsOf(set: SelectionSetNode | undefined): CompiledSelection[] | null {
  if (!set) return [];
  const selections: CompiledSelection[] = [];
  for (const node of set.selections) {
    if (node.kind !== Kind.FIELD || node.directives?.length || node.arguments?.length) return null;
    const key = node.alias?.value ?? node.name.value;
    const below = selectionsOf(node.selectionSet);
    if (!below || selections.some((selection) => selection.key === key)) return null;
    selections.push({ key, field: node.name.value, selections: below });
  }
  return selections;
}
