import { defineModule } from '@alterna/core';
import { fr, en } from './locales/index.js';
import { booklets } from './migrations/20270201000100_booklets.js';
import { permissions } from './permissions.js';
import { routes } from './routes/index.js';
import { bookletsServices, type BookletsServices } from './services/index.js';

export type { BookletsServices } from './services/index.js';
export * from './types.js';
export { perm } from './permissions.js';

/**
 * Booklets (issue #12): booklet items per training, thesis skills and grid, each apprentice's booklet of forms filled
 * by tutor, coach and apprentice, edited under a server-side lock that makes lost updates impossible.
 */
export default defineModule<BookletsServices>({
  name: 'booklets',
  dependsOn: ['identity', 'training-centre', 'trainings', 'people', 'students', 'teaching'],
  migrations: [booklets],
  locales: { fr, en },
  permissions,
  services: bookletsServices,
  routes,
});
