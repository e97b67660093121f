import type { GraphqlContribution } from '@alterna/core';
import type { TeachingServices } from '../services/index.js';
import { operationPermissions } from './permissions.js';
import { resolvers } from './resolvers.js';
import { typeDefs } from './typeDefs.js';

/** The teaching module's part of the schema: its types, who may run each operation, and the resolvers. */
export const graphql: GraphqlContribution<TeachingServices> = { typeDefs, permissions: operationPermissions, resolvers };
