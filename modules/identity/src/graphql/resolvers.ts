import { assertIdArgs, type GraphqlContext } from '@alterna/core';
import type { IdentityServices } from '../services/index.js';

/** Thin resolvers: check ids, hand the actor to the services (which check permission and campus). */
export const resolvers = (services: IdentityServices) => ({
  Query: {
    CampusPermissionWithOpenDays(_: unknown, args: { actorId: string }, ctx: GraphqlContext) {
      assertIdArgs(ctx.t, args, ['actorId']);
      return services.access.campusPermissionWithOpenDays(ctx.actor, args.actorId);
    },
    async IsSubjectGranted(_: unknown, args: { granted: string; type: string; subject?: string | null }, ctx: GraphqlContext) {
      return { isGranted: await services.access.isSubjectGranted(ctx.actor, args.granted, args.type, args.subject ?? null) };
    },
  },
});
