import type { GraphqlContribution } from '@alterna/core';
import type { PlanningServices } from '../services/index.js';
import { groupsGraphql } from './groups.js';
import { lessonsGraphql } from './lessons.js';
import { resourcesGraphql } from './resources.js';
import { operationPermissions } from './permissions.js';

const parts = [lessonsGraphql, groupsGraphql, resourcesGraphql];

/** The small types every part's answers share (SPEC §3 shapes, `uuid` first). */
const sharedTypeDefs = /* GraphQL */ `
  type PlanningCampus { uuid: ID! name: String! }
  type PlanningSubject { uuid: ID! name: String! shortName: String! color: String }
  type PlanningGroupRef { uuid: ID! name: String! }
  type PlanningPerson { uuid: ID! firstName: String! lastName: String! }
  type PlanningBuilding { uuid: ID! name: String! }
  type PlanningRoom { uuid: ID! name: String! size: Int! building: PlanningBuilding! }
  type PlanningTeacherContract { uuid: ID! }
`;

/** The planning schema: each part owns its types, queries and mutations; resolvers are merged by type. */
export const graphql: GraphqlContribution<PlanningServices> = {
  permissions: operationPermissions,
  typeDefs: [sharedTypeDefs, ...parts.map((part) => part.typeDefs)].join('\n'),
  resolvers: (services, core) => {
    const merged: Record<string, Record<string, unknown>> = {};
    for (const part of parts) {
      for (const [type, fields] of Object.entries(part.resolvers(services, core))) merged[type] = { ...merged[type], ...fields };
    }
    return merged;
  },
  compiled: (services, core) => Object.assign({}, ...parts.map((part) => part.compiled?.(services, core))),
};
