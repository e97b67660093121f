import type { GraphqlContribution } from '@alterna/core';
import type { TrainingCentreServices } from '../services/index.js';
import { operationPermissions } from './permissions.js';
import { resolvers } from './resolvers.js';
import { typeDefs } from './typeDefs.js';

/** The training-centre module's part of the schema: campuses, rooms, time slots and closures, who may run each operation, and the resolvers. */
export const graphql: GraphqlContribution<TrainingCentreServices> = { typeDefs, permissions: operationPermissions, resolvers };
