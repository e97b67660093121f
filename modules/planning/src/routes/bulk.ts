import type { RouteDefinition } from '@alterna/core';
import { perm } from '../permissions.js';
import type { PlanningServices } from '../services/index.js';
import { bulkCreateSchema, bulkEditSchema, bulkPreviewSchema, bulkRemoveSchema } from '../validation/bulk.js';

type Route = RouteDefinition<PlanningServices>;

/** API paths of the bulk part, English and French (SPEC §2 "Bulk POST"). */
export const bulkPaths = {
  createMany: { en: '/planning/planning/create/many', fr: '/planification/planification/creer/plusieurs' },
  editManyPreview: { en: '/planning/planning/edit/many/preview', fr: '/planification/planification/modifier/plusieurs/apercu' },
  editMany: { en: '/planning/planning/edit/many', fr: '/planification/planification/modifier/plusieurs' },
  removeMany: { en: '/planning/planning/remove/many', fr: '/planification/planification/supprimer/plusieurs' },
  runItems: { en: '/planning/runs/:operationId/items', fr: '/planification/series/:operationId/elements' },
  runUndo: { en: '/planning/runs/:operationId/undo', fr: '/planification/series/:operationId/annuler' },
} as const;

/** A started run answers 202 with its operation (live progress at /api/operations/:id). */
const accepted = <T>(koa: { status: number }, value: T) => {
  koa.status = 202;
  return value;
};

/** Mass creation, mass edit/move/cancel/delete, the confirmation preview, a run's results and its undo. */
export const bulkRoutes: Route[] = [
  {
    name: 'planning_planning_create_many', method: 'post', permission: perm.lessonUpdate, body: bulkCreateSchema, path: bulkPaths.createMany,
    handler: async ({ actor, body, services, t, koa }) => accepted(koa, { operation: await services.bulk.startCreate(actor!, body, t) }),
  },
  {
    name: 'planning_planning_edit_many_preview', method: 'post', permission: perm.lessonUpdate, body: bulkPreviewSchema, path: bulkPaths.editManyPreview,
    handler: ({ actor, body, services, t }) => services.bulk.preview(actor!, body, t),
  },
  {
    name: 'planning_planning_edit_many', method: 'post', permission: perm.lessonUpdate, body: bulkEditSchema, path: bulkPaths.editMany,
    handler: async ({ actor, body, services, t, koa }) => accepted(koa, { operation: await services.bulk.startEdit(actor!, body, t) }),
  },
  {
    name: 'planning_planning_remove_many', method: 'post', permission: perm.lessonUpdate, body: bulkRemoveSchema, path: bulkPaths.removeMany,
    handler: async ({ actor, body, services, t, koa }) => accepted(koa, { operation: await services.bulk.startRemove(actor!, body, t) }),
  },
  {
    name: 'planning_runs_items', method: 'get', permission: perm.lessonRead, uuidParams: ['operationId'], path: bulkPaths.runItems,
    handler: ({ actor, params, query, services, t }) => services.bulk.items(actor!, params.operationId!, query, t),
  },
  {
    name: 'planning_runs_undo', method: 'post', permission: perm.lessonUpdate, uuidParams: ['operationId'], path: bulkPaths.runUndo,
    handler: async ({ actor, params, services, t, koa }) => accepted(koa, { operation: await services.bulk.undo(actor!, params.operationId!, t) }),
  },
];
