import type { GraphqlContribution } from '@alterna/core';
import type { PlanningServices } from '../services/index.js';

// Placeholder: replaced by its owner.
export const groupsGraphql: GraphqlContribution<PlanningServices> = {
  typeDefs: '',
  resolvers: () => ({}),
};
