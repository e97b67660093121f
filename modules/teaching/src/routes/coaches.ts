import type { RouteDefinition } from '@alterna/core';
import { perm } from '../permissions.js';
import { coachAttributionSchema, coachContractSchema, coachInformationsSchema } from '../validation/index.js';
import type { TeachingServices } from '../services/index.js';
import { paths } from './paths.js';

type Route = RouteDefinition<TeachingServices>;

/** SPEC §2 "Coaching": attribution, coach informations and coach contracts (mounted under /api). */
export const coachRoutes: Route[] = [
  {
    name: 'coachs_attribution_new_show', method: 'get', permission: perm.coachUpdate, path: paths.attributionNew,
    handler: ({ actor, services }) => services.pages.attributionForm(actor),
  },
  {
    name: 'coachs_attribution_new', method: 'post', permission: perm.coachUpdate, body: coachAttributionSchema, path: paths.attributionNew,
    handler: ({ actor, body, services, t }) => services.coaches.attribute(actor, body, t),
  },
  ...(['delete', 'post'] as const).map(
    (method): Route => ({
      name: method === 'delete' ? 'coachs_attribution_delete' : 'coachs_attribution_delete_post', method, permission: perm.coachUpdate, uuidParams: ['id'],
      path: paths.attributionDelete,
      handler: ({ actor, params, services, t }) => services.coaches.removeAttribution(actor, params.id!, t),
    }),
  ),
  {
    name: 'coach_informations', method: 'get', permission: perm.coachRead, uuidParams: ['id'], path: paths.coachInformations,
    handler: ({ actor, params, services }) => services.pages.coach(actor, params.id!),
  },
  {
    name: 'coach_informations_new', method: 'post', permission: perm.coachUpdate, uuidParams: ['id'], body: coachInformationsSchema, path: paths.coachInformationsNew,
    handler: async ({ actor, params, body, services, t }) => ({
      informations: await services.coaches.saveInformations(actor, params.id!, body, 'new', t),
      message: t('teaching.coach.informationsSaved'),
    }),
  },
  {
    name: 'coach_informations_edit_show', method: 'get', permission: perm.coachRead, uuidParams: ['id'], path: paths.coachInformationsEdit,
    handler: async ({ actor, params, services }) => ({ informations: await services.coaches.informations(actor, params.id!) }),
  },
  {
    name: 'coach_informations_edit', method: 'post', permission: perm.coachUpdate, uuidParams: ['id'], body: coachInformationsSchema, path: paths.coachInformationsEdit,
    handler: async ({ actor, params, body, services, t }) => ({
      informations: await services.coaches.saveInformations(actor, params.id!, body, 'edit', t),
      message: t('teaching.coach.informationsSaved'),
    }),
  },
  {
    name: 'coach_contract_new_show', method: 'get', permission: perm.coachUpdate, uuidParams: ['id'], path: paths.coachContractNew,
    handler: ({ actor, params, services }) => services.pages.coachContractForm(actor, params.id!),
  },
  {
    name: 'coach_contract_new', method: 'post', permission: perm.coachUpdate, uuidParams: ['id'], body: coachContractSchema, path: paths.coachContractNew,
    handler: async ({ actor, params, body, services, t }) => ({
      coachContract: await services.coachContracts.create(actor, params.id!, body, t),
      message: t('teaching.coach.contractCreated'),
    }),
  },
  {
    name: 'coach_contract_edit_show', method: 'get', permission: perm.coachRead, uuidParams: ['id', 'coachContract'], path: paths.coachContractEdit,
    handler: async ({ actor, params, services }) => ({
      ...(await services.pages.coachContractForm(actor, params.id!)),
      coachContract: await services.coachContracts.get(actor, params.id!, params.coachContract!),
    }),
  },
  {
    name: 'coach_contract_edit', method: 'post', permission: perm.coachUpdate, uuidParams: ['id', 'coachContract'], body: coachContractSchema, path: paths.coachContractEdit,
    handler: async ({ actor, params, body, services, t }) => ({
      coachContract: await services.coachContracts.update(actor, params.id!, params.coachContract!, body, t),
      message: t('teaching.coach.contractSaved'),
    }),
  },
  ...(['delete', 'post'] as const).map(
    (method): Route => ({
      name: method === 'delete' ? 'coach_contract_delete' : 'coach_contract_delete_post', method, permission: perm.coachUpdate, uuidParams: ['id', 'coachContract'],
      path: paths.coachContractDelete,
      handler: async ({ actor, params, services, t }) => {
        await services.coachContracts.remove(actor, params.id!, params.coachContract!);
        return { message: t('teaching.coach.contractDeleted') };
      },
    }),
  ),
];
