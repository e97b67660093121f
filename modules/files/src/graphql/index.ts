import type { GraphqlContribution } from '@alterna/core';
import type { FilesServices } from '../services/index.js';
import { operationPermissions } from './permissions.js';
import { resolvers } from './resolvers.js';
import { typeDefs } from './typeDefs.js';

/** The files module's part of the schema: folders (SPEC §7), who may run each operation, and the resolvers. */
export const graphql: GraphqlContribution<FilesServices> = { typeDefs, permissions: operationPermissions, resolvers };
