import type { GraphqlContribution } from '@alterna/core';
import type { PlanningServices } from '../services/index.js';
import { groupsGraphql } from './groups.js';
import { lessonsGraphql } from './lessons.js';
import { resourcesGraphql } from './resources.js';

type Contribution = GraphqlContribution<PlanningServices>;
const parts = [lessonsGraphql, groupsGraphql, resourcesGraphql];

/** Each part's resolvers, merged by type (a part's fields beside another's of the same type). */
export const resolvers: Contribution['resolvers'] = (services, core) => {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const part of parts) {
    for (const [type, fields] of Object.entries(part.resolvers(services, core))) merged[type] = { ...merged[type], ...fields };
  }
  return merged;
};

/** The Query fields answered as ready JSON text (the calendar's week, README "Adding a module" 4), from every part. */
export const compiled: NonNullable<Contribution['compiled']> = (services, core) => Object.assign({}, ...parts.map((part) => part.compiled?.(services, core)));
