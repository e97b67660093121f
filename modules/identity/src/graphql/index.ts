import { assertIdArgs, type GraphqlContext, type GraphqlContribution } from '@alterna/core';
import type { IdentityServices } from '../services/index.js';
import { operationPermissions } from './permissions.js';

export const graphql: GraphqlContribution<IdentityServices> = {
  permissions: operationPermissions,
  typeDefs: /* GraphQL */ `
    type CampusWithOpenDays { id: ID! uuid: ID! name: String! openDays: [Int!]! }
    type IsSubjectGrantedResult { isGranted: Boolean! }
    extend type Query {
      CampusPermissionWithOpenDays(actorId: ID!): [CampusWithOpenDays!]!
      IsSubjectGranted(granted: String!, type: String!, subject: String): IsSubjectGrantedResult!
    }
  `,
  resolvers: (services) => ({
    Query: {
      CampusPermissionWithOpenDays(_: unknown, args: { actorId: string }, ctx: GraphqlContext) {
        assertIdArgs(ctx.t, args, ['actorId']);
        return services.access.campusPermissionWithOpenDays(ctx.actor, args.actorId);
      },
      async IsSubjectGranted(_: unknown, args: { granted: string; type: string; subject?: string | null }, ctx: GraphqlContext) {
        return { isGranted: await services.access.isSubjectGranted(ctx.actor, args.granted, args.type, args.subject ?? null) };
      },
    },
  }),
};
