import type { GraphqlContribution } from '@alterna/core';
import type { ProfileChangesServices } from '../services/index.js';
import { operationPermissions } from './permissions.js';
import { resolvers } from './resolvers.js';
import { typeDefs } from './typeDefs.js';

/** The profile-changes module's part of the schema: the approvers' inbox and the request, who may run each operation, and the resolvers. */
export const graphql: GraphqlContribution<ProfileChangesServices> = { typeDefs, permissions: operationPermissions, resolvers };
