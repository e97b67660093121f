import { assertIdArgs, NotLoggedInError, type GraphqlContext } from '@alterna/core';
import { perm } from '../permissions.js';
import type { ProfileChangesServices } from '../services/index.js';
import type { ProfileChangeRequestView } from '../services/requests.js';

const withUuid = { uuid: (o: { id: string }) => o.id };

function loggedIn(ctx: GraphqlContext) {
  if (!ctx.actor) throw new NotLoggedInError();
  return ctx.actor;
}

/** Thin resolvers: check ids, hand the actor to the services (which check permission and campus). */
export const resolvers = (services: ProfileChangesServices) => ({
  ProfileChangePerson: withUuid,
  ProfileChangeSubject: withUuid,
  ProfileChangeCampus: withUuid,
  ProfileChangeRequest: withUuid,
  Query: {
    profileChangeRequests(_: unknown, args: { status?: string | null; campusList?: string[] | null }, ctx: GraphqlContext) {
      ctx.permissions.assert(ctx.actor, perm.requestRead);
      assertIdArgs(ctx.t, { campusList: args.campusList ?? [] });
      return services.requests.list(ctx.actor, { status: args.status ?? null, campusList: args.campusList ?? null }, ctx.t);
    },
    myProfileChangeRequests(_: unknown, __: unknown, ctx: GraphqlContext) {
      return services.requests.mine(loggedIn(ctx), ctx.t);
    },
  },
  Mutation: {
    async CreateProfileChangeRequest(_: unknown, args: { input: { actorId?: string | null; clientMutationId?: string | null } & Record<string, unknown> }, ctx: GraphqlContext) {
      const actor = loggedIn(ctx);
      assertIdArgs(ctx.t, { actorId: [args.input.actorId] });
      const request: ProfileChangeRequestView = await services.requests.file(actor, args.input, ctx.t);
      return { clientMutationId: args.input.clientMutationId ?? null, request };
    },
  },
});
