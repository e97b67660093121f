import { assertIdArgs, type CoreDeps, type GraphqlContext } from '@alterna/core';
import type { StudentsServices } from '../services/index.js';

type Args = Record<string, any>;

/** Thin resolvers: check ids, hand the actor to the services (which check permission and campus). */
export function resolvers(services: StudentsServices, _core: CoreDeps) {
  return {
    Query: {
      students: (_: unknown, args: Args, ctx: GraphqlContext) => {
        assertIdArgs(ctx.t, args, ['campusId', 'trainingIds', 'trainingGroupIds', 'trainingSessionId']);
        return services.list.list(ctx.actor, {
          campusId: args.campusId ?? null, trainingIds: args.trainingIds ?? [], trainingGroupIds: args.trainingGroupIds ?? [], trainingSessionId: args.trainingSessionId ?? null,
        }, ctx.t);
      },
      student: (_: unknown, args: Args, ctx: GraphqlContext) => {
        assertIdArgs(ctx.t, args, ['studentId']);
        return services.students.get(ctx.actor, args.studentId);
      },
      getStudentByFirstNameAndLastNameAndDateOfBirth: (_: unknown, args: Args, ctx: GraphqlContext) => {
        assertIdArgs(ctx.t, args, ['id']);
        return services.duplicates.findStudents(ctx.actor, {
          firstName: args.firstName, lastName: args.lastName, dateOfBirth: args.dateOfBirth, excludeId: args.id ?? null, strict: args.strict ?? false,
        }, ctx.t);
      },
      birthCities: (_: unknown, args: Args, ctx: GraphqlContext) => services.birthplaces.suggest(ctx.actor, args.countryCode, args.search, ctx.t),
    },
  };
}
