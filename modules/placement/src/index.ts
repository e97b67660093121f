import { defineModule } from '@alterna/core';
import { fr, en } from './locales/index.js';
import { migrations } from './migrations/index.js';
import { permissions } from './permissions.js';
import { routes } from './routes/index.js';
import { placementServices, type PlacementServices } from './services/index.js';
import './module-services.js';

export type { PlacementServices } from './services/index.js';
export * from './types.js';
export { perm } from './permissions.js';
/** The solver (pure: no database, no I/O), for the bench and, later, the placement activity. */
export * from './services/solver/index.js';

/**
 * Automatic placement (issue #29): a group's remaining subject hours placed by a solver that keeps every hard rule,
 * optimises the soft ones and explains what it could not place. This first slice is the solver alone: the instance
 * read from the database, the workflow, its tables, routes and screens come next.
 */
export default defineModule<PlacementServices>({
  name: 'placement',
  dependsOn: [],
  migrations,
  locales: { fr, en },
  permissions,
  services: () => placementServices(),
  routes,
});
