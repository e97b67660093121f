import type { GraphqlContribution } from '@alterna/core';
import type { IdentityServices } from '../services/index.js';
import { operationPermissions } from './permissions.js';
import { resolvers } from './resolvers.js';
import { typeDefs } from './typeDefs.js';

/** The identity module's part of the schema: SPEC §7's access questions, who may run each operation, and the resolvers. */
export const graphql: GraphqlContribution<IdentityServices> = { typeDefs, permissions: operationPermissions, resolvers };
