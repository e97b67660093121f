import { assertIdArgs, NotLoggedInError, type CoreDeps, type GraphqlContext } from '@alterna/core';
import type { TrainingsServices } from '../services/index.js';

type Args = Record<string, any>;

/** Thin resolvers: check ids, hand the actor to the services (which check permission and campus). */
export function resolvers(services: TrainingsServices, _core: CoreDeps) {
  return {
    Query: {
      schoolSubjects: (_: unknown, args: Args, ctx: GraphqlContext) => services.subjects.list(ctx.actor, { archived: args.archived ?? null }),
      trainings: (_: unknown, args: Args, ctx: GraphqlContext) => {
        assertIdArgs(ctx.t, args, ['campusList']);
        return services.trainings.list(ctx.actor, { campusIds: args.campusList ?? null });
      },
      training: (_: unknown, args: Args, ctx: GraphqlContext) => {
        assertIdArgs(ctx.t, args, ['trainingId']);
        return services.trainings.get(ctx.actor, args.trainingId);
      },
      trainingSessions: (_: unknown, __: Args, ctx: GraphqlContext) => {
        if (!ctx.actor) throw new NotLoggedInError();
        return services.sessions.list();
      },
      GetUserTrainingSession: (_: unknown, __: Args, ctx: GraphqlContext) => {
        if (!ctx.actor) throw new NotLoggedInError();
        return services.sessions.current();
      },
      getTrainingsPublishedByCampus: (_: unknown, args: Args, ctx: GraphqlContext) => {
        assertIdArgs(ctx.t, args, ['campusId']);
        return services.trainings.publishedByCampus(ctx.actor, args.campusId);
      },
      getTrainingsPublishedByCampusList: (_: unknown, args: Args, ctx: GraphqlContext) => {
        assertIdArgs(ctx.t, args, ['campusList']);
        return services.trainings.publishedByCampusList(ctx.actor, args.campusList);
      },
      getTrainingGroupByTraining: (_: unknown, args: Args, ctx: GraphqlContext) => {
        assertIdArgs(ctx.t, args, ['campusId', 'trainingId', 'trainingSessionId']);
        return services.groups.byTraining(ctx.actor, args.campusId, args.trainingId, args.trainingSessionId);
      },
      getTrainingGroupByTrainingListByCampusListByCurrentSession: (_: unknown, args: Args, ctx: GraphqlContext) => {
        assertIdArgs(ctx.t, args, ['trainingList', 'campusList']);
        return services.groups.list(ctx.actor, { campusIds: args.campusList, trainingIds: args.trainingList, currentSession: true });
      },
      getTrainingPlansByTraining: (_: unknown, args: Args, ctx: GraphqlContext) => {
        assertIdArgs(ctx.t, args, ['trainingId']);
        return services.plans.byTrainingCurrentSession(ctx.actor, args.trainingId);
      },
      trainingGroups: (_: unknown, args: Args, ctx: GraphqlContext) => {
        assertIdArgs(ctx.t, args, ['campusList', 'trainingSessionId']);
        return services.groups.list(ctx.actor, { campusIds: args.campusList ?? null, trainingSessionId: args.trainingSessionId ?? null });
      },
      trainingGroup: (_: unknown, args: Args, ctx: GraphqlContext) => {
        assertIdArgs(ctx.t, args, ['trainingGroupId']);
        return services.groups.get(ctx.actor, args.trainingGroupId);
      },
      gradeScale: (_: unknown, args: Args, ctx: GraphqlContext) => {
        assertIdArgs(ctx.t, args, ['trainingId']);
        return services.gradeScales.get(ctx.actor, args.trainingId);
      },
    },
    Mutation: {
      CreateSchoolSubject: async (_: unknown, { input }: Args, ctx: GraphqlContext) => {
        const { clientMutationId, ...fields } = input;
        const schoolSubject = await services.subjects.create(ctx.actor, fields, ctx.t);
        return { clientMutationId: clientMutationId ?? null, schoolSubject, message: ctx.t('trainings.subject.created') };
      },
      UpdateSchoolSubject: async (_: unknown, { input }: Args, ctx: GraphqlContext) => {
        const { clientMutationId, id, ...fields } = input;
        assertIdArgs(ctx.t, { id }, ['id']);
        const result = await services.subjects.update(ctx.actor, id, fields, ctx.t);
        return { clientMutationId: clientMutationId ?? null, ...result };
      },
      CreateTrainingSession: async (_: unknown, { input }: Args, ctx: GraphqlContext) => {
        const { clientMutationId, ...fields } = input;
        return { clientMutationId: clientMutationId ?? null, trainingSession: await services.sessions.create(ctx.actor, fields, ctx.t) };
      },
    },
  };
}
