import { assertIdArgs, type GraphqlContext } from '@alterna/core';
import type { FilesServices } from '../services/index.js';
import type { Folder } from '../services/folders.js';

type Input = Record<string, unknown> & { clientMutationId?: string | null };
const payload = (input: Input, folder: Folder) => ({ clientMutationId: input.clientMutationId ?? null, pepalFolder: folder });

/** Thin resolvers: check ids, hand the actor to the services (which check permission and campus). */
export const resolvers = (services: FilesServices) => ({
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
});
