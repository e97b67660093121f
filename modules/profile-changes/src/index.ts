import { defineModule } from '@alterna/core';
import { fr, en } from './locales/index.js';
import { profileChangeRequests } from './migrations/20261125000100_profile_change_requests.js';
import { permissions } from './permissions.js';
import { profileChangesServices, type ProfileChangesServices } from './services/index.js';
import './module-services.js';
import { activities } from './activities.js';
import { routes } from './routes/index.js';
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
