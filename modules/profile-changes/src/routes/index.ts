import type { RouteDefinition } from '@alterna/core';
import { perm } from '../permissions.js';
import type { ProfileChangesServices } from '../services/index.js';

/** SPEC §2 "Profile change requests": an approver moves a request on by naming the transition in the path. */
export const routes: RouteDefinition<ProfileChangesServices>[] = [
  {
    name: 'profile_change_requests_change', method: 'post', permission: perm.requestDecide, uuidParams: ['id'],
    path: { en: '/profile-change-requests/change/:id/:transition', fr: '/demandes-de-modification-de-profil/changer/:id/:transition' },
    handler: async ({ actor, params, services, t, koa }) => {
      const { request, notice } = await services.requests.decide(actor!, params.id!, params.transition!, t);
      // Sent but not yet confirmed by the workflow: accepted, not done.
      if (notice) koa.status = 202;
      return notice ? { request, message: notice } : { request };
    },
  },
];
