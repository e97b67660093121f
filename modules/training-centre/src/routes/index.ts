import type { RouteDefinition } from '@alterna/core';
import { perm } from '../permissions.js';
import { buildingSchema, campusSchema, organisationSchema, roomsEditSchema, siteSchema } from '../validation/index.js';
import type { TrainingCentreServices } from '../services/index.js';

/**
 * SPEC §2 "Training centre" places: campuses, sites, buildings and rooms. Handlers stay thin: the
 * services check the permission on the campus of what is touched.
 * The core's router answers with the first route that matches, and this module mounts before the ones
 * that depend on it: a one-segment POST such as /training-center/{id} would swallow the trainings
 * module's POST /training-center/trainings, so buildings are updated through /training-center/{id}/edit
 * and only DELETE answers on /training-center/{id} (tests/api/training-centre/routes.test.ts keeps it so).
 */
export const routes: RouteDefinition<TrainingCentreServices>[] = [
  {
    name: 'training_center_campus_new', method: 'post', permission: perm.campusManage, body: campusSchema,
    path: { en: '/training-center/campus/new', fr: '/centre-de-formation/campus/nouveau' },
    handler: ({ actor, body, services, t }) => services.places.createCampus(actor, body, t),
  },
  {
    name: 'training_center_campus_update', method: 'post', permission: perm.campusUpdate, body: campusSchema, uuidParams: ['id'],
    path: { en: '/training-center/campus/:id', fr: '/centre-de-formation/campus/:id' },
    handler: ({ actor, params, body, services, t }) => services.places.updateCampus(actor, params.id!, body, t),
  },
  {
    name: 'training_center_campus_delete', method: 'delete', permission: perm.campusManage, uuidParams: ['id'],
    path: { en: '/training-center/campus/:id', fr: '/centre-de-formation/campus/:id' },
    handler: ({ actor, params, services, t }) => services.places.removeCampus(actor, params.id!, t),
  },
  {
    name: 'training_center_organisation_show', method: 'get', permission: perm.campusRead, uuidParams: ['campus'],
    path: { en: '/training-center/campus/:campus/organisation', fr: '/centre-de-formation/campus/:campus/organisme' },
    handler: ({ actor, params, services }) => services.organisation.get(actor, params.campus!),
  },
  {
    name: 'training_center_organisation_save', method: 'post', permission: perm.campusUpdate, body: organisationSchema, uuidParams: ['campus'],
    path: { en: '/training-center/campus/:campus/organisation', fr: '/centre-de-formation/campus/:campus/organisme' },
    handler: ({ actor, params, body, services }) => services.organisation.save(actor, params.campus!, body),
  },
  {
    name: 'training_center_site_new', method: 'post', permission: perm.campusUpdate, body: siteSchema, uuidParams: ['campus'],
    path: { en: '/training-center/campus/:campus/sites/new', fr: '/centre-de-formation/campus/:campus/sites/nouveau' },
    handler: ({ actor, params, body, services, t }) => services.places.createSite(actor, params.campus!, body, t),
  },
  {
    name: 'training_center_site_update', method: 'post', permission: perm.campusUpdate, body: siteSchema, uuidParams: ['id'],
    path: { en: '/training-center/sites/:id', fr: '/centre-de-formation/sites/:id' },
    handler: ({ actor, params, body, services, t }) => services.places.updateSite(actor, params.id!, body, t),
  },
  {
    name: 'training_center_site_delete', method: 'delete', permission: perm.campusUpdate, uuidParams: ['id'],
    path: { en: '/training-center/sites/:id', fr: '/centre-de-formation/sites/:id' },
    handler: ({ actor, params, services, t }) => services.places.removeSite(actor, params.id!, t),
  },
  {
    name: 'training_center_room_show', method: 'get', permission: perm.campusRead,
    path: { en: '/training-center/room/:name', fr: '/centre-de-formation/salle/:name' },
    handler: async ({ actor, params, services }) => ({ rooms: await services.rooms.byName(actor, params.name ?? '') }),
  },
  {
    name: 'training_center_building_new', method: 'post', permission: perm.campusUpdate, body: buildingSchema, uuidParams: ['site'],
    path: { en: '/training-center/:site/new', fr: '/centre-de-formation/:site/nouveau' },
    handler: ({ actor, params, body, services, t }) => services.places.createBuilding(actor, params.site!, body, t),
  },
  {
    name: 'training_center_building_show', method: 'get', permission: perm.campusRead, uuidParams: ['id'],
    path: { en: '/training-center/:id/edit', fr: '/centre-de-formation/:id/modifier' },
    handler: async ({ actor, params, services, t }) => ({ building: await services.places.getBuilding(actor, params.id!, t) }),
  },
  {
    name: 'training_center_building_edit', method: 'post', permission: perm.campusUpdate, body: buildingSchema, uuidParams: ['id'],
    path: { en: '/training-center/:id/edit', fr: '/centre-de-formation/:id/modifier' },
    handler: ({ actor, params, body, services, t }) => services.places.updateBuilding(actor, params.id!, body, t),
  },
  {
    name: 'training_center_building_rooms', method: 'get', permission: perm.campusRead, uuidParams: ['building'],
    path: { en: '/training-center/:building/rooms/edit', fr: '/centre-de-formation/:building/salles/modifier' },
    handler: async ({ actor, params, services, t }) => ({ building: await services.places.getBuilding(actor, params.building!, t) }),
  },
  {
    name: 'training_center_building_rooms_edit', method: 'post', permission: perm.campusUpdate, body: roomsEditSchema, uuidParams: ['building'],
    path: { en: '/training-center/:building/rooms/edit', fr: '/centre-de-formation/:building/salles/modifier' },
    handler: ({ actor, params, body, services, t }) => services.rooms.editRooms(actor, params.building!, body.rooms, t),
  },
  {
    // SPEC §2 `/training-center/{id}` (POST): the core mounts static paths first, so it shadows no other module.
    name: 'training_center_building_update', method: 'post', permission: perm.campusUpdate, body: buildingSchema, uuidParams: ['id'],
    path: { en: '/training-center/:id', fr: '/centre-de-formation/:id' },
    handler: ({ actor, params, body, services, t }) => services.places.updateBuilding(actor, params.id!, body, t),
  },
  {
    name: 'training_center_building_delete', method: 'delete', permission: perm.campusUpdate, uuidParams: ['id'],
    path: { en: '/training-center/:id', fr: '/centre-de-formation/:id' },
    handler: ({ actor, params, services, t }) => services.places.removeBuilding(actor, params.id!, t),
  },
];
