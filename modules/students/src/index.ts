import { defineModule } from '@alterna/core';
import { fr, en } from './locales/index.js';
import { students } from './migrations/20261210000100_students.js';
import { registrations } from './migrations/20261210000200_registrations.js';
import { readViews } from './migrations/20261210000300_read_views.js';
import { alertReadViews } from './migrations/20261231000100_alert_read_views.js';
import { guardiansReadView } from './migrations/20270320000100_guardians_read_view.js';
import { lastSituationCheck } from './migrations/20271130000100_last_situation_check.js';
import { permissions } from './permissions.js';
import { studentsServices, type StudentsServices } from './services/index.js';
import './module-services.js';
import { routes } from './routes/index.js';
import { graphql } from './graphql/index.js';
import { seedStudents } from './seed.js';
import { history } from './history.js';

export type { StudentsServices } from './services/index.js';
export type * from './services/types.js';
export { perm } from './permissions.js';

/** Students: coordinates and birth place, legal guardian, duplicate check, registrations, contracts, Y-1 situation, list and export. */
export default defineModule<StudentsServices>({
  name: 'students',
  dependsOn: ['people', 'trainings', 'training-centre', 'identity'],
  migrations: [students, registrations, readViews, alertReadViews, guardiansReadView, lastSituationCheck],
  locales: { fr, en },
  permissions,
  services: (core) => studentsServices(core),
  routes,
  graphql,
  history,
  seed: (services, core, knex) => seedStudents(services, core, knex),
});
