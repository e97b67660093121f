import { isUuid, ValidationError, type CoreDeps, type GraphqlContext } from '@alterna/core';
import type { StudentsServices } from '../services/index.js';

/** Non-UUID ids answer 422 with the core's message, on the argument's name. */
function ids(ctx: GraphqlContext, args: Record<string, unknown>, names: string[]): void {
  const violations = names.flatMap((name) => {
    const value = args[name];
    const values = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
    const bad = values.find((v) => !isUuid(v));
    return bad === undefined ? [] : [{ path: name, message: ctx.t('errors.invalidId', { value: String(bad) }) }];
  });
  if (violations.length) throw new ValidationError(violations);
}

type Args = Record<string, any>;

/** Thin resolvers: check ids, hand the actor to the services (which check permission and campus). */
export function resolvers(services: StudentsServices, _core: CoreDeps) {
  return {
    Query: {
      students: (_: unknown, args: Args, ctx: GraphqlContext) => {
        ids(ctx, args, ['campusId', 'trainingIds', 'trainingGroupIds', 'trainingSessionId']);
        return services.list.list(ctx.actor, {
          campusId: args.campusId ?? null, trainingIds: args.trainingIds ?? [], trainingGroupIds: args.trainingGroupIds ?? [], trainingSessionId: args.trainingSessionId ?? null,
        }, ctx.t);
      },
      student: (_: unknown, args: Args, ctx: GraphqlContext) => {
        ids(ctx, args, ['studentId']);
        return services.students.get(ctx.actor, args.studentId);
      },
      getStudentByFirstNameAndLastNameAndDateOfBirth: (_: unknown, args: Args, ctx: GraphqlContext) => {
        ids(ctx, args, ['id']);
        return services.duplicates.findStudents(ctx.actor, {
          firstName: args.firstName, lastName: args.lastName, dateOfBirth: args.dateOfBirth, excludeId: args.id ?? null, strict: args.strict ?? false,
        }, ctx.t);
      },
      birthCities: (_: unknown, args: Args, ctx: GraphqlContext) => services.birthplaces.suggest(ctx.actor, args.countryCode, args.search, ctx.t),
    },
  };
}
