import type { GraphqlContribution } from '@alterna/core';
import type { PlanningServices } from '../services/index.js';
import { operationPermissions } from './permissions.js';
import { compiled, resolvers } from './resolvers.js';
import { typeDefs } from './typeDefs.js';

/**
 * The planning module's part of the schema, who may run each operation, and the resolvers. It has three parts (lessons
 * and calendar, planning groups, resources; lessons.ts, groups.ts, resources.ts), each its types and resolvers.
 */
export const graphql: GraphqlContribution<PlanningServices> = { typeDefs, permissions: operationPermissions, resolvers, compiled };
