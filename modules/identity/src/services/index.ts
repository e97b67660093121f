import type { CoreDeps } from '@alterna/core';
import { authService, type AuthService } from './auth.js';
import { accessService, type AccessService } from './access.js';
import { loadActor, loadActors } from './actors.js';

export interface IdentityServices {
  auth: AuthService;
  access: AccessService;
  loadActor: (id: string) => ReturnType<typeof loadActor>;
  loadActors: (ids: string[]) => ReturnType<typeof loadActors>;
}

export function identityServices({ knex, config, permissions }: CoreDeps): IdentityServices {
  return {
    auth: authService(knex, config),
    access: accessService(knex, () => permissions),
    loadActor: (id) => loadActor(knex, id),
    loadActors: (ids) => loadActors(knex, ids),
  };
}
