import type { GraphqlContribution } from '@alterna/core';
import type { PlanningServices } from '../services/index.js';
import { groupsGraphql } from './groups.js';
import { lessonsGraphql } from './lessons.js';
import { resourcesGraphql } from './resources.js';

const parts = [lessonsGraphql, groupsGraphql, resourcesGraphql];

/** The planning schema: each part owns its types, queries and mutations; resolvers are merged by type. */
export const graphql: GraphqlContribution<PlanningServices> = {
  // The scalar keeps the schema valid while a part is still empty.
  typeDefs: ['scalar PlanningDateTime', ...parts.map((part) => part.typeDefs).filter((typeDefs) => typeDefs.trim())].join('\n'),
  resolvers: (services, core) => {
    const merged: Record<string, Record<string, unknown>> = {};
    for (const part of parts) {
      for (const [type, fields] of Object.entries(part.resolvers(services, core))) merged[type] = { ...merged[type], ...fields };
    }
    return merged;
  },
};
