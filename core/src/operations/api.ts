import { managerTypologies, staffTypologies, type PermissionDeclaration } from '../auth/types.js';
import { NotLoggedInError, ValidationError } from '../errors.js';
import type { Translate } from '../i18n/index.js';
import type { GraphqlContext } from '../graphql/index.js';
import type { RouteDefinition } from '../modules/contract.js';
import { assertIdArgs } from '../validation/ids.js';
import { operationPermissions, operationStatuses, type OperationFilter, type OperationsService } from './service.js';
import type { OperationStatus } from './types.js';

const kindPattern = /^[a-zA-Z][\w.-]{0,99}$/;

/** `?kind=a,b&status=running,failed` (or repeated): what the list keeps; a kind or state it cannot be answers 422. */
export function operationFilter(query: { kind?: unknown; status?: unknown }, t: Translate): OperationFilter {
  const listOf = (raw: unknown): string[] =>
    (Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw]).flatMap((v) => String(v).split(',')).map((v) => v.trim()).filter(Boolean);
  const kinds = listOf(query.kind);
  const statuses = listOf(query.status);
  const errors = [
    ...kinds.filter((kind) => !kindPattern.test(kind)).map((kind) => ({ path: 'kind', message: t('operations.badKind', { value: kind.slice(0, 100) }) })),
    ...statuses.filter((status) => !(operationStatuses as string[]).includes(status))
      .map((status) => ({ path: 'status', message: t('operations.badStatus', { value: status.slice(0, 100), statuses: operationStatuses.join(', ') }) })),
  ];
  if (errors.length) throw new ValidationError(errors);
  return { kinds, statuses: statuses as OperationStatus[] };
}

export const corePermissions: PermissionDeclaration[] = [
  { id: operationPermissions.read, kind: 'read', typologies: staffTypologies, label: 'permissions.operations.read' },
  { id: operationPermissions.cancel, kind: 'change', typologies: managerTypologies, label: 'permissions.operations.cancel' },
];

// Anyone logged in may follow the runs they started themselves; the service filters the rest by campus.
export const operationsRoutes: RouteDefinition<OperationsService>[] = [
  {
    name: 'operations_list', method: 'get', path: '/operations', permission: 'authenticated',
    handler: async ({ actor, services, query, t }) => ({ operations: await services.list(actor!, operationFilter(query, t)) }),
  },
  {
    name: 'operations_show', method: 'get', path: '/operations/:id', permission: 'authenticated', uuidParams: ['id'],
    handler: async ({ actor, services, params }) => ({ operation: await services.get(actor!, params.id!) }),
  },
  {
    name: 'operations_cancel', method: 'post', path: { en: '/operations/:id/cancel', fr: '/operations/:id/annuler' }, permission: 'authenticated', uuidParams: ['id'],
    handler: async ({ actor, services, params, t }) => ({ operation: await services.cancel(actor!, params.id!, t) }),
  },
];

export function operationsGraphql(service: OperationsService) {
  const actorOf = (ctx: GraphqlContext) => {
    if (!ctx.actor) throw new NotLoggedInError();
    return ctx.actor;
  };
  const checkId = (id: string, ctx: GraphqlContext) => {
    assertIdArgs(ctx.t, { id });
    return id;
  };
  return {
    owner: 'core',
    // Anyone logged in may follow the runs they started; the service filters the rest by campus.
    permissions: { Query: { operations: 'authenticated', operation: 'authenticated' }, Mutation: { cancelOperation: 'authenticated' } },
    typeDefs: /* GraphQL */ `
      type OperationPerson { id: ID! firstName: String! lastName: String! }
      type OperationProgress { done: Int! total: Int! }
      type OperationItem { key: String! label: String! status: String! message: String }
      type Operation {
        id: ID! workflowId: String! kind: String! subject: String! campusId: ID
        startedBy: OperationPerson startedAt: String! closedAt: String status: String!
        progress: OperationProgress! items: [OperationItem!]! error: String result: JSON undoneBy: ID canCancel: Boolean!
      }
      extend type Query {
        "Some kinds, some states (none: all), newest first."
        operations(kinds: [String!], statuses: [String!]): [Operation!]!
        operation(id: ID!): Operation!
      }
      extend type Mutation {
        cancelOperation(id: ID!): Operation!
      }
    `,
    resolvers: {
      Query: {
        operations: (_: unknown, args: { kinds?: string[] | null; statuses?: string[] | null }, ctx: GraphqlContext) =>
          service.list(actorOf(ctx), operationFilter({ kind: args.kinds ?? undefined, status: args.statuses ?? undefined }, ctx.t)),
        operation: (_: unknown, args: { id: string }, ctx: GraphqlContext) => service.get(actorOf(ctx), checkId(args.id, ctx)),
      },
      Mutation: {
        cancelOperation: (_: unknown, args: { id: string }, ctx: GraphqlContext) => service.cancel(actorOf(ctx), checkId(args.id, ctx), ctx.t),
      },
    },
  };
}
