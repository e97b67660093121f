import { defineModule } from '@alterna/core';
import fr from './locales/fr.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import { profileChangeRequests } from './migrations/20261125000100_profile_change_requests.js';
import { permissions } from './permissions.js';
import { profileChangesServices, type ProfileChangesServices } from './services/index.js';
import './module-services.js';
import { activities } from './activities.js';
import { routes } from './routes.js';
import { graphql } from './graphql/index.js';

export type { ProfileChangesServices } from './services/index.js';
export type { ProfileChangeRequestView } from './services/requests.js';
export { perm } from './permissions.js';
/** What the module's workflows call, typed by its `workflow-contract` (the worker's check: workflows/src/contracts.ts). */
export { activities } from './activities.js';

/** Profile-change requests: filed by anyone for their own profile, decided by approvers, run as workflows. */
export default defineModule<ProfileChangesServices>({
  name: 'profile-changes',
  dependsOn: ['identity', 'people'],
  migrations: [profileChangeRequests],
  permissions,
  locales: { fr, en },
  services: profileChangesServices,
  activities,
  routes,
  graphql,
});
