import type { GraphQLSchema } from 'graphql';
import type { PermissionMatrix } from '../auth/permissions.js';
import type { Actor } from '../auth/types.js';
import { NotLoggedInError } from '../errors.js';
import type { Translate } from '../i18n/index.js';
import { assertArgumentsAccepted } from './arguments.js';

export type OperationType = 'Query' | 'Mutation';

/**
 * Who may run each Query and Mutation field of a module, declared like a route's permission: a permission
 * id of the matrix, 'public' (no login) or 'authenticated' (any logged actor). The core checks it before the
 * resolver runs; campus (and person) checks stay in the services.
 */
export type OperationPermissions = Partial<Record<OperationType, Record<string, string>>>;

type Resolvers = Record<string, Record<string, unknown>>;
type Resolver = (parent: unknown, args: Record<string, unknown>, ctx: { actor: Actor | null; t: Translate }, info: ResolveInfo | null) => unknown;
type ResolveInfo = { fieldName: string; parentType: { getFields(): Record<string, Parameters<typeof assertArgumentsAccepted>[0]> } };

export class OperationPermissionError extends Error {}

const operationTypes: OperationType[] = ['Query', 'Mutation'];

/**
 * Wraps every Query/Mutation resolver of one schema part with its declared check, then the core's check of its
 * arguments (lists of at most 1,000 items, no control character in a text: arguments.ts). A field without a
 * declaration, a declaration without a field or an unknown permission stops the start, naming the part.
 */
export function guardOperations(owner: string, resolvers: Resolvers, declared: OperationPermissions | undefined, matrix: PermissionMatrix): Resolvers {
  const guarded: Resolvers = { ...resolvers };
  for (const type of operationTypes) {
    const fields = resolvers[type] ?? {};
    const declarations = declared?.[type] ?? {};
    for (const field of Object.keys(declarations)) {
      if (!(field in fields)) throw new OperationPermissionError(`Module "${owner}": graphql.permissions.${type}.${field} declares a field it does not resolve`);
    }
    guarded[type] = Object.fromEntries(Object.entries(fields).map(([field, resolve]) => {
      const permission = declarations[field];
      if (!permission) throw new OperationPermissionError(`Module "${owner}": GraphQL ${type}.${field} declares no permission (graphql.permissions.${type}.${field})`);
      if (permission !== 'public' && permission !== 'authenticated' && !matrix.has(permission)) {
        throw new OperationPermissionError(`Module "${owner}": GraphQL ${type}.${field} declares the unknown permission "${permission}"`);
      }
      return [field, withPermission(permission, resolve as Resolver, matrix)];
    }));
  }
  return guarded;
}

function withPermission(permission: string, resolve: Resolver, matrix: PermissionMatrix): Resolver {
  return (parent, args, ctx, info) => {
    assertOperationPermission(permission, ctx.actor, matrix);
    // The executor always passes the field's info (a unit test calling a resolver by hand may not).
    const field = info?.parentType.getFields()[info.fieldName];
    if (field) assertArgumentsAccepted(field, args ?? {}, ctx.t);
    return resolve(parent, args, ctx, info);
  };
}

/** An operation's declared permission, checked for the actor (its resolver's and its compiled answer's check). */
export function assertOperationPermission(permission: string, actor: Actor | null, matrix: PermissionMatrix): void {
  if (permission === 'public') return;
  if (permission === 'authenticated') {
    if (!actor) throw new NotLoggedInError();
  } else {
    // Held on one campus at least; which campus the data is on is the service's check.
    matrix.assert(actor, permission);
  }
}

/** Every operation of the assembled schema went through guardOperations (none resolved outside a module's declaration). */
export function assertEveryOperationGuarded(schema: GraphQLSchema, guarded: ReadonlySet<string>): void {
  for (const type of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.keys(type?.getFields() ?? {})) {
      if (!guarded.has(`${type!.name}.${field}`)) throw new OperationPermissionError(`GraphQL ${type!.name}.${field} has no resolver with a declared permission`);
    }
  }
}

/** "Query.field" names a schema part's declarations cover. */
export function guardedNames(resolvers: Resolvers): string[] {
  return operationTypes.flatMap((type) => Object.keys(resolvers[type] ?? {}).map((field) => `${type}.${field}`));
}
