import type { RouteDefinition } from '@alterna/core';
import { perm } from '../permissions.js';
import type { PeopleServices } from '../services/index.js';

/**
 * SPEC §2 Actors, Corporations, Tutors. Handlers stay thin: bodies are validated by the services (a duplicate
 * answer is not an error), which check the permission on the campus of what is touched.
 */
export const routes: RouteDefinition<PeopleServices>[] = [
  {
    name: 'actor_new_form', method: 'get', permission: perm.actorUpdate,
    path: { en: '/actor/new', fr: '/acteur/nouveau' },
    handler: ({ actor, services }) => services.actors.formOptions(actor),
  },
  {
    name: 'actor_new', method: 'post', permission: perm.actorUpdate,
    path: { en: '/actor/new', fr: '/acteur/nouveau' },
    handler: ({ actor, body, services, t }) => services.actors.register(actor, body, t),
  },
  {
    name: 'actor_personal_informations_show', method: 'get', permission: perm.actorRead, uuidParams: ['id'],
    path: { en: '/actor/:id/personal-informations/edit', fr: '/acteur/:id/informations-personnelles/modifier' },
    handler: async ({ actor, params, services, t }) => ({ actor: await services.actors.get(actor, params.id!, t) }),
  },
  {
    name: 'actor_personal_informations_edit', method: 'post', permission: perm.actorUpdate, uuidParams: ['id'],
    path: { en: '/actor/:id/personal-informations/edit', fr: '/acteur/:id/informations-personnelles/modifier' },
    handler: ({ actor, params, body, services, t }) => services.actors.updatePersonalInformation(actor, params.id!, body, t),
  },
  {
    name: 'actor_add_typology', method: 'post', permission: perm.actorUpdate, uuidParams: ['id'],
    path: { en: '/actor/:id/add-typology', fr: '/acteur/:id/ajouter-typologie' },
    handler: ({ actor, params, body, services, t }) => services.actors.addTypology(actor, params.id!, body, t),
  },
  {
    name: 'corporations_new', method: 'post', permission: perm.corporationUpdate,
    path: { en: '/corporations/new', fr: '/entreprises/nouvelle' },
    handler: ({ actor, body, services, t }) => services.corporations.create(actor, body, t),
  },
  {
    name: 'corporations_contacts_new', method: 'post', permission: perm.corporationUpdate, uuidParams: ['id'],
    path: { en: '/corporations/:id/contacts/new', fr: '/entreprises/:id/contacts/nouveau' },
    handler: ({ actor, params, body, services, t }) => services.corporationPeople.createContact(actor, params.id!, body, t),
  },
  {
    name: 'corporations_tutors_new', method: 'post', permission: perm.corporationUpdate, uuidParams: ['id'],
    path: { en: '/corporations/:id/tutors/new', fr: '/entreprises/:id/tuteurs/nouveau' },
    handler: ({ actor, params, body, services, t }) => services.corporationPeople.createTutor(actor, params.id!, body, t),
  },
  {
    name: 'tutors_new', method: 'post', permission: perm.corporationUpdate,
    path: { en: '/tutors/new', fr: '/tuteurs/nouveau' },
    handler: ({ actor, body, services, t }) => services.corporationPeople.createTutor(actor, null, body, t),
  },
  {
    name: 'tutors_associate_corporation', method: 'post', permission: perm.corporationUpdate,
    path: { en: '/tutors/associate-corporation', fr: '/tuteurs/associer-entreprise' },
    handler: ({ actor, body, services, t }) => services.corporationPeople.associate(actor, body, t),
  },
  {
    name: 'tutors_edit_show', method: 'get', permission: perm.actorRead, uuidParams: ['id'],
    path: { en: '/tutors/:id/edit', fr: '/tuteurs/:id/modifier' },
    handler: async ({ actor, params, services, t }) => ({ tutor: await services.corporationPeople.getTutor(actor, params.id!, t) }),
  },
  {
    name: 'tutors_edit', method: 'post', permission: perm.actorUpdate, uuidParams: ['id'],
    path: { en: '/tutors/:id/edit', fr: '/tuteurs/:id/modifier' },
    handler: ({ actor, params, body, services, t }) => services.corporationPeople.updateTutor(actor, params.id!, body, t),
  },
];
