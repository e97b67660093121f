import { assertIdArgs, type GraphqlContext, type GraphqlContribution } from '@alterna/core';
import { perm } from '../permissions.js';
import type { PlanningServices } from '../services/index.js';
import type { WorkStudyPeriod } from '../services/work-studies.js';

const typeDefs = /* GraphQL */ `
  type WorkStudyTrainingGroup { uuid: ID! name: String! shortName: String! }
  "A work-study period of a training group: days 'YYYY-MM-DD'; type Entreprise (company period) or Formation."
  type ScheduleTrainingGroupWorkStudy { uuid: ID! startDate: String! endDate: String! type: String! trainingGroup: WorkStudyTrainingGroup! }
  extend type Query {
    "Periods of the training groups of those planning groups (a sub-group follows its parent's training group)."
    ScheduleTrainingGroupWorkStudies(planningGroupList: [ID!]!): [ScheduleTrainingGroupWorkStudy!]!
    "The training group's company periods (type Entreprise): when it has no training."
    ScheduleTrainingGroupWorkStudiesByTrainingGroupNoTraining(trainingGroupId: ID!): [ScheduleTrainingGroupWorkStudy!]!
  }
`;

/** Non-UUID ids answer 422 on the argument's name, before anything is read. */
/** The resources part of the planning schema: the work-study reads (bookings and constraints go through routes). */
export const resourcesGraphql: Omit<GraphqlContribution<PlanningServices>, 'permissions'> = {
  typeDefs,
  resolvers: (services) => ({
    ScheduleTrainingGroupWorkStudy: { uuid: (period: WorkStudyPeriod) => period.id },
    WorkStudyTrainingGroup: { uuid: (group: { id: string }) => group.id },
    Query: {
      ScheduleTrainingGroupWorkStudies(_: unknown, args: { planningGroupList: string[] }, ctx: GraphqlContext) {
        ctx.permissions.assert(ctx.actor, perm.resourceRead);
        assertIdArgs(ctx.t, { planningGroupList: args.planningGroupList });
        return services.workStudies.byPlanningGroups(ctx.actor, args.planningGroupList);
      },
      ScheduleTrainingGroupWorkStudiesByTrainingGroupNoTraining(_: unknown, args: { trainingGroupId: string }, ctx: GraphqlContext) {
        ctx.permissions.assert(ctx.actor, perm.resourceRead);
        assertIdArgs(ctx.t, { trainingGroupId: args.trainingGroupId });
        return services.workStudies.companyPeriods(ctx.actor, args.trainingGroupId);
      },
    },
  }),
};
