import { idListParam, type RouteDefinition, type Translate } from '@alterna/core';
import { perm } from '../permissions.js';
import type { PlanningServices } from '../services/index.js';

type Route = RouteDefinition<PlanningServices>;

const base = { en: '/planning/planning-groups', fr: '/planification/groupes-de-planification' };
const path = (en: string, fr: string = en) => ({ en: `${base.en}${en}`, fr: `${base.fr}${fr}` });

/** API paths of the planning groups, English and French (SPEC §2: the French path is a translation). */
export const groupPaths = {
  list: path(''),
  create: path('/new', '/nouveau'),
  show: path('/:id'),
  informationsEdit: path('/:id/informations/edit', '/:id/informations/modifier'),
  subjectLines: path('/:id/subject-lines', '/:id/lignes-matieres'),
  subscriptions: path('/:id/subscriptions', '/:id/inscriptions'),
  subscriptionsDelete: path('/:id/subscriptions/delete', '/:id/inscriptions/supprimer'),
  remove: path('/:id/delete', '/:id/supprimer'),
} as const;

const say = (t: Translate, key: string, values: Record<string, unknown> = {}) => t(`planning.groups.${key}`, values) as string;

/** Planning groups: list, new, informations, the subject table, student subscriptions, deletion. Thin: the service decides. */
export const groupsRoutes: Route[] = [
  {
    name: 'planning_planning_groups', method: 'get', permission: perm.groupRead, path: groupPaths.list,
    handler: async ({ actor, query, services, t }) => ({ planningGroups: await services.groups.list(actor, idListParam(query.campus, 'campus', t)) }),
  },
  {
    name: 'planning_planning_groups_new_show', method: 'get', permission: perm.groupUpdate, path: groupPaths.create,
    handler: async ({ actor, services }) => ({ options: await services.groups.formOptions(actor) }),
  },
  {
    name: 'planning_planning_groups_new', method: 'post', permission: perm.groupUpdate, path: groupPaths.create,
    handler: async ({ actor, body, services, t }) => ({
      planningGroup: await services.groups.create(actor, body, t),
      message: say(t, 'informations.created'),
    }),
  },
  {
    name: 'planning_planning_groups_show', method: 'get', permission: perm.groupRead, uuidParams: ['id'], path: groupPaths.show,
    handler: ({ actor, params, services }) => services.groups.page(actor, params.id!),
  },
  {
    name: 'planning_planning_groups_informations_edit_show', method: 'get', permission: perm.groupUpdate, uuidParams: ['id'], path: groupPaths.informationsEdit,
    handler: async ({ actor, params, services }) => {
      const options = await services.groups.formOptions(actor, params.id!);
      return { planningGroup: await services.groups.get(actor, params.id!), options };
    },
  },
  {
    name: 'planning_planning_groups_informations_edit', method: 'post', permission: perm.groupUpdate, uuidParams: ['id'], path: groupPaths.informationsEdit,
    handler: async ({ actor, params, body, services, t }) => ({
      planningGroup: await services.groups.update(actor, params.id!, body, t),
      message: say(t, 'informations.saved'),
    }),
  },
  {
    name: 'planning_planning_groups_subject_lines', method: 'post', permission: perm.groupUpdate, uuidParams: ['id'], path: groupPaths.subjectLines,
    handler: async ({ actor, params, body, services, t }) => ({
      planningGroup: await services.groups.saveSubjectLines(actor, params.id!, body, t),
      message: say(t, 'lines.saved'),
    }),
  },
  {
    name: 'planning_planning_groups_subscriptions_add', method: 'post', permission: perm.groupUpdate, uuidParams: ['id'], path: groupPaths.subscriptions,
    handler: async ({ actor, params, body, services, t }) => {
      const { added, planningGroup } = await services.groups.subscribe(actor, params.id!, body, t);
      return { added, planningGroup, message: say(t, 'subscriptions.added', { count: added }) };
    },
  },
  ...([
    // DELETE bodies are not read by the body parser: the registrations come in the query string (`?registration=…`).
    { name: 'planning_planning_groups_subscriptions_remove', method: 'delete', path: groupPaths.subscriptions, fromQuery: true },
    { name: 'planning_planning_groups_subscriptions_remove_post', method: 'post', path: groupPaths.subscriptionsDelete, fromQuery: false },
  ] as const).map(
    ({ name, method, path: routePath, fromQuery }): Route => ({
      name, method, permission: perm.groupUpdate, uuidParams: ['id'], path: routePath,
      handler: async ({ actor, params, body, query, services, t }) => {
        const input = fromQuery ? { registrations: idListParam(query.registration, 'registrations', t) ?? [] } : body;
        const { removed, planningGroup } = await services.groups.unsubscribe(actor, params.id!, input, t);
        return { removed, planningGroup, message: say(t, 'subscriptions.removed', { count: removed }) };
      },
    }),
  ),
  ...([
    { name: 'planning_planning_groups_delete', method: 'delete', path: groupPaths.show },
    { name: 'planning_planning_groups_delete_post', method: 'post', path: groupPaths.remove },
  ] as const).map(
    ({ name, method, path: routePath }): Route => ({
      name, method, permission: perm.groupUpdate, uuidParams: ['id'], path: routePath,
      handler: async ({ actor, params, services, t }) => {
        await services.groups.remove(actor, params.id!, t);
        return { deleted: params.id, message: say(t, 'delete.deleted') };
      },
    }),
  ),
];
