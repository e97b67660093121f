import { assertIdArgs, type CoreDeps, type GraphqlContext } from '@alterna/core';
import type { PeopleServices } from '../services/index.js';

type Args = Record<string, any>;

/** Thin resolvers: check ids, hand the actor to the services (which check permission and campus). */
export function resolvers(services: PeopleServices, _core: CoreDeps) {
  const { actors, corporations, corporationPeople } = services;
  return {
    Query: {
      ActorsByName: (_: unknown, args: Args, ctx: GraphqlContext) => {
        assertIdArgs(ctx.t, args, ['excludeId']);
        return actors.byName(ctx.actor, { lastName: args.lastName, firstName: args.firstName, strict: args.strict, excludeId: args.excludeId }, ctx.t);
      },
      ActorsByMail: (_: unknown, args: Args, ctx: GraphqlContext) => {
        assertIdArgs(ctx.t, args, ['excludeId']);
        return actors.byMail(ctx.actor, { email: args.email, strict: args.strict, excludeId: args.excludeId }, ctx.t);
      },
      getReferentsByCampus: (_: unknown, args: Args, ctx: GraphqlContext) => {
        assertIdArgs(ctx.t, args, ['campusUuid']);
        return actors.referentsByCampus(ctx.actor, args.campusUuid);
      },
      actors: (_: unknown, args: Args, ctx: GraphqlContext) => {
        assertIdArgs(ctx.t, args, ['campusList']);
        return actors.list(ctx.actor, { search: args.search, archived: args.archived, campusIds: args.campusList, typology: args.typology, limit: args.limit, offset: args.offset }, ctx.t);
      },
      actor: (_: unknown, args: Args, ctx: GraphqlContext) => {
        assertIdArgs(ctx.t, args, ['id']);
        return actors.get(ctx.actor, args.id, ctx.t);
      },
      getTutorsByCorporation: (_: unknown, args: Args, ctx: GraphqlContext) => {
        assertIdArgs(ctx.t, args, ['corporationUuid']);
        return corporationPeople.tutorsByCorporation(ctx.actor, args.corporationUuid, ctx.t);
      },
      tutors: (_: unknown, args: Args, ctx: GraphqlContext) => corporationPeople.tutors(ctx.actor, { search: args.search, archived: args.archived }, ctx.t),
      searchCorporations: (_: unknown, args: Args, ctx: GraphqlContext) => corporations.search(ctx.actor, args.search),
      corporations: (_: unknown, args: Args, ctx: GraphqlContext) => corporations.list(ctx.actor, { search: args.search }),
      corporation: (_: unknown, args: Args, ctx: GraphqlContext) => {
        assertIdArgs(ctx.t, args, ['id']);
        return corporations.get(ctx.actor, args.id, ctx.t);
      },
    },
    Mutation: {
      UpdateActor: async (_: unknown, { input }: Args, ctx: GraphqlContext) => {
        assertIdArgs(ctx.t, input, ['id']);
        const { actor, message } = await actors.setArchived(ctx.actor, input.id, input.archived, ctx.t);
        return { clientMutationId: input.clientMutationId ?? null, actor, message };
      },
    },
  };
}
