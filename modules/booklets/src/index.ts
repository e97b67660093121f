import { defineModule } from '@alterna/core';
import { fr, en } from './locales/index.js';
import { booklets } from './migrations/20270201000100_booklets.js';
import { validations } from './migrations/20270201000200_validations.js';
import { cancellationsAndLockBreaks } from './migrations/20270301000100_cancellations_and_lock_breaks.js';
import { permissions } from './permissions.js';
import { routes } from './routes/index.js';
import { seedBooklets } from './seed.js';
import { bookletsServices, type BookletsServices } from './services/index.js';
import './module-services.js';
import { history } from './history.js';
import { activities } from './activities.js';

export type { BookletsServices } from './services/index.js';
export * from './types.js';
export { perm } from './permissions.js';
/** What the module's workflows call, typed by its `workflow-contract` (the worker's check: workflows/src/contracts.ts). */
export { activities } from './activities.js';

/**
 * Booklets (issue #12): booklet items per training, thesis skills and grid, each apprentice's booklet of forms filled
 * by tutor, coach and apprentice, edited under a server-side lock that makes lost updates impossible.
 */
export default defineModule<BookletsServices>({
  name: 'booklets',
  dependsOn: ['identity', 'trainings', 'people', 'students', 'teaching'],
  migrations: [booklets, validations, cancellationsAndLockBreaks],
  locales: { fr, en },
  permissions,
  services: bookletsServices,
  routes,
  history,
  seed: (_services, _core, knex) => seedBooklets(knex),
  activities,
});
