import type { CoreDeps, Knex } from '@alterna/core';
import { authService, type AuthService } from './auth.js';
import { accessService, type AccessService } from './access.js';
import { loadActor, loadActors } from './actors.js';
import { updateProfile, type ProfileChanges } from './profile.js';
import { accounts, type Accounts } from './accounts.js';

export interface IdentityServices {
  auth: AuthService;
  access: AccessService;
  /** Writing actors and their access rules, for the modules that register people (their rules, identity's rows). */
  accounts: Accounts;
  loadActor: (id: string) => ReturnType<typeof loadActor>;
  loadActors: (ids: string[]) => ReturnType<typeof loadActors>;
  /** Writes first name, last name, e-mail (idempotent); an e-mail of another actor is a violation (message key). */
  updateProfile: (actorId: string, changes: ProfileChanges, trx?: Knex.Transaction) => Promise<void>;
}

export function identityServices({ knex, config, permissions }: CoreDeps): IdentityServices {
  return {
    auth: authService(knex, config),
    access: accessService(knex, () => permissions),
    accounts,
    loadActor: (id) => loadActor(knex, id),
    loadActors: (ids) => loadActors(knex, ids),
    updateProfile: (actorId, changes, trx) => updateProfile(knex, actorId, changes, trx),
  };
}
