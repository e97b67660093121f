import { defineModule } from '@alterna/core';
import { fr, en } from './locales/index.js';
import { corporations } from './migrations/20261124000100_corporations.js';
import { actorPhone } from './migrations/20261124000200_actor_phone.js';
import { readViews } from './migrations/20261231000300_read_views.js';
import { permissions } from './permissions.js';
import { peopleServices, type PeopleServices } from './services/index.js';
import './module-services.js';
import { routes } from './routes/index.js';
import { graphql } from './graphql/index.js';
import { seedPeople } from './seed.js';

export type { PeopleServices } from './services/index.js';
export type { ActorsService, ActorFilter, PersonInput } from './services/actors.js';
export type { CorporationsService } from './services/corporations.js';
export type { CorporationPeopleService } from './services/corporation-people.js';
export type * from './services/types.js';
export { perm } from './permissions.js';

/** People: actors management and duplicate detection, corporations with their contacts and tutors. */
export default defineModule<PeopleServices>({
  name: 'people',
  dependsOn: ['identity', 'training-centre'],
  migrations: [corporations, actorPhone, readViews],
  locales: { fr, en },
  permissions,
  services: peopleServices,
  routes,
  graphql,
  seed: (_services, core, knex) => seedPeople(core, knex),
});
