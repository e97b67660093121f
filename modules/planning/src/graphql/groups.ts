import { assertIdArgs, type GraphqlContext, type GraphqlContribution } from '@alterna/core';
import type { PlanningServices } from '../services/index.js';

// The small shared types (PlanningCampus, PlanningSubject, PlanningGroupRef) are in ./typeDefs.ts.
const typeDefs = /* GraphQL */ `
  "The training group a planning group follows (SPEC §3 PlanningGroup.trainingGroup)."
  type PlanningGroupTrainingGroup { uuid: ID! name: String! shortName: String! campus: PlanningCampus! }
  "A line of the planning group's table: a school subject and its hours; scheduled when active or locked lessons of the group teach it."
  type PlanningGroupSubjectLine { uuid: ID! schoolSubject: PlanningSubject! hours: Float! scheduled: Boolean! }
  "SPEC §3 PlanningGroup."
  type PlanningGroup {
    uuid: ID! name: String! campus: PlanningCampus! trainingGroup: PlanningGroupTrainingGroup parent: PlanningGroupRef
    schoolSubjectLines: [PlanningGroupSubjectLine!]! subscriptionsCount: Int!
  }
  extend type Query {
    "Planning groups of the campuses the viewer may read, narrowed by campusList."
    PlanningGroupByCampus(campusList: [ID!]): [PlanningGroup!]!
  }
`;

/** Thin resolver: ids checked as UUIDs, the service checks permission and campus. Objects carry `uuid` (and `id`). */
export const groupsGraphql: Omit<GraphqlContribution<PlanningServices>, 'permissions'> = {
  typeDefs,
  resolvers: (services) => ({
    Query: {
      PlanningGroupByCampus: (_: unknown, args: { campusList?: string[] | null }, ctx: GraphqlContext) => {
        assertIdArgs(ctx.t, args, ['campusList']);
        return services.groups.list(ctx.actor, args.campusList ?? null);
      },
    },
  }),
};
