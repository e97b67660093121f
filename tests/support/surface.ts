import type { Core, RouteDefinition } from '@alterna/core';
import type { GraphQLField, GraphQLSchema } from 'graphql';

// The product's whole surface as its declarations state it: every mounted route (each language's path) and
// every GraphQL Query and Mutation field with the permission its module declares. The proof suites
// (authorization matrix, fuzzing) generate their requests from this, so a route added later is covered.

export interface SurfaceRoute {
  /** Mounted name, `pepal_core_<name>.<en|fr>`. */
  name: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Koa path with `:params`, `/api` included. */
  path: string;
  /** A permission id, 'public' or 'authenticated'. */
  permission: string;
  /** Route params in the path, in order. */
  params: string[];
  definition: RouteDefinition<any>;
}

export interface SurfaceOperation {
  owner: string;
  type: 'Query' | 'Mutation';
  field: string;
  permission: string;
  definition: GraphQLField<unknown, unknown>;
}

export function routeSurface(core: Core): SurfaceRoute[] {
  return core.routes.map((route) => ({
    name: route.name,
    method: route.method as SurfaceRoute['method'],
    path: route.path,
    permission: route.permission,
    params: [...route.path.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1]!),
    definition: route.definition,
  }));
}

export function graphqlSurface(core: Core): SurfaceOperation[] {
  const schema: GraphQLSchema = core.graphql.schema;
  const operations: SurfaceOperation[] = [];
  for (const { owner, permissions } of core.graphql.declarations) {
    for (const type of ['Query', 'Mutation'] as const) {
      const fields = (type === 'Query' ? schema.getQueryType() : schema.getMutationType())?.getFields() ?? {};
      for (const [field, permission] of Object.entries(permissions[type] ?? {})) {
        const definition = fields[field];
        if (definition) operations.push({ owner, type, field, permission, definition });
      }
    }
  }
  return operations;
}

/** Typologies holding a permission (every typology for 'authenticated', none needed for 'public'). */
export function holders(core: Core, permission: string): readonly string[] | 'public' | 'authenticated' {
  if (permission === 'public' || permission === 'authenticated') return permission;
  return core.permissions.get(permission).typologies;
}
