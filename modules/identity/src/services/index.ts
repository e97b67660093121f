import type { CoreDeps, Knex } from '@alterna/core';
import { authService, type AuthService } from './auth.js';
import { accessService, type AccessService } from './access.js';
import { loadActor, loadActors } from './actors.js';
import { updateProfile, type ProfileChanges } from './profile.js';
import { accountsService, type Accounts } from './accounts.js';
import { sessionCache } from './session-cache.js';
import { visibilityService, type Visibility } from './visibility.js';

export interface IdentityServices {
  auth: AuthService;
  access: AccessService;
  /** Which people are on which campuses: the SQL condition and reads every module checks a person's campuses with. */
  visibility: Visibility;
  /** Writing actors and their access rules, for the modules that register people (their rules, identity's rows). */
  accounts: Accounts;
  loadActor: (id: string) => ReturnType<typeof loadActor>;
  loadActors: (ids: string[]) => ReturnType<typeof loadActors>;
  /** Writes first name, last name, e-mail (idempotent); an e-mail of another actor is a violation (message key). */
  updateProfile: (actorId: string, changes: ProfileChanges, trx?: Knex.Transaction) => Promise<void>;
}

export function identityServices({ knex, config, permissions }: CoreDeps): IdentityServices {
  const sessions = sessionCache(config.sessionCacheMs);
  return {
    auth: authService(knex, config, sessions),
    access: accessService(knex, () => permissions),
    visibility: visibilityService(knex),
    accounts: accountsService(() => sessions.clear()),
    loadActor: (id) => loadActor(knex, id),
    loadActors: (ids) => loadActors(knex, ids),
    updateProfile: async (actorId, changes, trx) => {
      await updateProfile(knex, actorId, changes, trx);
      sessions.clear();
    },
  };
}
