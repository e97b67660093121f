import { assertIdArgs, type GraphqlContribution, type GraphqlContext } from '@alterna/core';
import type { FilesServices } from '../services/index.js';
import type { Folder } from '../services/folders.js';
import { operationPermissions } from './permissions.js';

/** SPEC §7: createPepalFolder and updatePepalFolder, each with an input object, return folderName and parent { folderName }. */
const typeDefs = /* GraphQL */ `
  type PepalFolderParent { id: ID! folderName: String! }
  type PepalFolderPlanningGroup { id: ID! name: String! }
  type PepalFolder {
    id: ID!
    folderName: String!
    campusId: ID!
    parent: PepalFolderParent
    planningGroups: [PepalFolderPlanningGroup!]!
  }
  input CreatePepalFolderInput { folderName: String! campus: ID! parent: ID planningGroups: [ID!] clientMutationId: String }
  input UpdatePepalFolderInput { id: ID! folderName: String parent: ID planningGroups: [ID!] clientMutationId: String }
  type PepalFolderPayload { clientMutationId: String pepalFolder: PepalFolder! }
  extend type Query {
    pepalFolders(campus: ID): [PepalFolder!]!
  }
  extend type Mutation {
    createPepalFolder(input: CreatePepalFolderInput!): PepalFolderPayload!
    updatePepalFolder(input: UpdatePepalFolderInput!): PepalFolderPayload!
  }
`;

type Input = Record<string, unknown> & { clientMutationId?: string | null };
const payload = (input: Input, folder: Folder) => ({ clientMutationId: input.clientMutationId ?? null, pepalFolder: folder });

/** The files module's part of the schema: folders (the resolvers stay thin; the services check the campus). */
export const graphql: GraphqlContribution<FilesServices> = {
  typeDefs,
  permissions: operationPermissions,
  resolvers: (services) => ({
    Query: {
      pepalFolders: (_: unknown, args: { campus?: string | null }, ctx: GraphqlContext) => {
        assertIdArgs(ctx.t, args, ['campus']);
        return services.folders.list(ctx.actor, args.campus ?? null);
      },
    },
    Mutation: {
      createPepalFolder: async (_: unknown, { input }: { input: Input }, ctx: GraphqlContext) => {
        const { clientMutationId: _id, ...values } = input;
        return payload(input, await services.folders.create(ctx.actor, values, ctx.t));
      },
      updatePepalFolder: async (_: unknown, { input }: { input: Input }, ctx: GraphqlContext) => {
        assertIdArgs(ctx.t, input, ['id']);
        const { clientMutationId: _id, ...values } = input;
        return payload(input, await services.folders.update(ctx.actor, values, ctx.t));
      },
    },
  }),
};
