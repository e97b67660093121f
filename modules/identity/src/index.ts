import { defineModule } from '@alterna/core';
import { fr, en } from './locales/index.js';
import { permissions } from './permissions.js';
import { actors } from './migrations/20261122000200_actors.js';
import { actorPhone } from './migrations/20261122000300_actor_phone.js';
import { readViews } from './migrations/20261122000400_read_views.js';
import { loginAttemptKeys } from './migrations/20261122000500_login_attempt_keys.js';
import { retireTypologyView } from './migrations/20270320000100_retire_typology_view.js';
import { identityServices, type IdentityServices } from './services/index.js';
import './module-services.js';
import { routes } from './routes/index.js';
import { graphql } from './graphql/index.js';
import { seedActors } from './seed.js';
import { registerCampusHooks } from './register.js';
import { warnUntrustedProxies } from './services/proxy-warning.js';
import { activities } from './activities.js';
import { identityWorkflows } from './workflow-contract.js';

export type { IdentityServices } from './services/index.js';
export type { RuleFilter, Visibility } from './services/visibility.js';
export { demoPassword, demoLoginList, demoEmail } from './seed.js';
export { sessionCookie } from './services/auth.js';
export { hashPassword } from './services/password-hashing.js';
/** What the module's workflows call, typed by its `workflow-contract` (the worker's check: workflows/src/contracts.ts). */
export { activities } from './activities.js';
export { perm } from './permissions.js';
export { EmailTakenError, type Accounts, type NewActor, type ActorChanges, type AccessGrant } from './services/accounts.js';

/** Who is who: actors, typologies, campus access rules, login sessions. */
export default defineModule<IdentityServices>({
  name: 'identity',
  dependsOn: ['training-centre'],
  migrations: [actors, actorPhone, readViews, loginAttemptKeys, retireTypologyView],
  locales: { fr, en },
  permissions,
  services: identityServices,
  routes,
  graphql,
  // The student's history panel shows this record too (students' `includes`); not served on its own.
  history: [{ kind: 'actor', table: 'actors' }],
  activities,
  // Hourly: expired sessions and old login attempts are no use to anyone and only grow the tables.
  schedules: [{ id: 'identity-purge-login-records', workflowType: identityWorkflows.purgeLoginRecords, cron: '17 * * * *' }],
  register: ({ services, core, provideAuthenticator }) => {
    provideAuthenticator(services.auth);
    registerCampusHooks(core);
    warnUntrustedProxies(core.config, core.log);
  },
  seed: (_services, _core, knex) => seedActors(knex),
});
