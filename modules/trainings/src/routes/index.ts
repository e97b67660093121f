import { download, idParam, type RouteDefinition, type Translate } from '@alterna/core';
import { certifierBaseSchema, gradeScaleSchema, newVariantSchema, trainingGroupSchema, trainingSchema, variantSchema } from '../validation/index.js';
import { perm } from '../permissions.js';
import type { TrainingsServices } from '../services/index.js';

type Route = RouteDefinition<TrainingsServices>;

/** ?trainingSessionId= of the plan routes: absent means the current session. */
function sessionParam(query: Record<string, string | string[] | undefined>, t: Translate): string | null {
  return idParam(query.trainingSessionId, 'trainingSessionId', t);
}

/** SPEC §2 "Training centre" routes of this module (mounted under /api, English and French paths). */
export const routes: Route[] = [
  {
    name: 'trainings_training_new', method: 'post', permission: perm.trainingUpdate, body: trainingSchema,
    path: { en: '/training-center/trainings', fr: '/centre-de-formation/formations' },
    handler: async ({ actor, body, services, t }) => ({ training: await services.trainings.create(actor, body, t), message: t('trainings.training.created') }),
  },
  {
    name: 'trainings_training_edit', method: 'post', permission: perm.trainingUpdate, body: trainingSchema, uuidParams: ['id'],
    path: { en: '/training-center/trainings/:id/edit', fr: '/centre-de-formation/formations/:id/modifier' },
    handler: async ({ actor, body, params, services, t }) => ({ training: await services.trainings.update(actor, params.id!, body, t), message: t('trainings.training.saved') }),
  },
  {
    name: 'trainings_training_plan', method: 'get', permission: perm.trainingRead, uuidParams: ['id'],
    path: { en: '/training-center/trainings/:id/training-plan', fr: '/centre-de-formation/formations/:id/plan-de-formation' },
    handler: ({ actor, params, query, services, t }) => services.plans.editorView(actor, params.id!, sessionParam(query, t), t),
  },
  {
    // The certifier base; refused once a variant exists.
    name: 'trainings_training_plan_save', method: 'post', permission: perm.trainingUpdate, body: certifierBaseSchema, uuidParams: ['id'],
    path: { en: '/training-center/trainings/:id/training-plan', fr: '/centre-de-formation/formations/:id/plan-de-formation' },
    handler: async ({ actor, body, params, services, t }) => ({ plan: await services.plans.saveCertifierBase(actor, params.id!, body, t), message: t('trainings.plan.baseSaved') }),
  },
  {
    name: 'trainings_training_plan_variant', method: 'get', permission: perm.trainingRead, uuidParams: ['id', 'variant'],
    path: { en: '/training-center/trainings/:id/training-plan/:variant', fr: '/centre-de-formation/formations/:id/plan-de-formation/:variant' },
    handler: async ({ actor, params, services, t }) => {
      const session = await services.plans.sessionOfVariant(params.id!, params.variant!);
      return { ...(await services.plans.editorView(actor, params.id!, session, t)), variantId: params.variant };
    },
  },
  {
    name: 'trainings_variant_new', method: 'post', permission: perm.trainingUpdate, body: newVariantSchema, uuidParams: ['id'],
    path: { en: '/training-center/trainings/:id/variants', fr: '/centre-de-formation/formations/:id/variantes' },
    handler: async ({ actor, body, params, services, t }) => ({ ...(await services.plans.createVariant(actor, params.id!, body, t)), message: t('trainings.plan.variantCreated') }),
  },
  {
    name: 'trainings_variant_save', method: 'post', permission: perm.trainingUpdate, body: variantSchema, uuidParams: ['id'],
    path: { en: '/training-center/variants/:id', fr: '/centre-de-formation/variantes/:id' },
    handler: async ({ actor, body, params, services, t }) => ({ plan: await services.plans.saveVariant(actor, params.id!, body, t), message: t('trainings.plan.variantSaved') }),
  },
  {
    name: 'trainings_variant_delete', method: 'delete', permission: perm.trainingUpdate, uuidParams: ['id'],
    path: { en: '/training-center/variants/:id', fr: '/centre-de-formation/variantes/:id' },
    handler: async ({ actor, params, services, t }) => {
      await services.plans.deleteVariant(actor, params.id!, t);
      return { message: t('trainings.plan.variantDeleted') };
    },
  },
  {
    name: 'trainings_block_delete', method: 'delete', permission: perm.trainingUpdate, uuidParams: ['id'],
    path: { en: '/training-center/blocks/:id', fr: '/centre-de-formation/blocs/:id' },
    handler: async ({ actor, params, services, t }) => {
      await services.plans.deleteBlock(actor, params.id!, t);
      return { message: t('trainings.plan.blockDeleted') };
    },
  },
  {
    name: 'trainings_group_new', method: 'post', permission: perm.groupUpdate, body: trainingGroupSchema,
    path: { en: '/training-center/groups', fr: '/centre-de-formation/groupes' },
    handler: async ({ actor, body, services, t }) => ({ trainingGroup: await services.groups.create(actor, body, t), message: t('trainings.group.created') }),
  },
  {
    name: 'trainings_group_show', method: 'get', permission: perm.groupRead, uuidParams: ['id'],
    path: { en: '/training-center/groups/:id', fr: '/centre-de-formation/groupes/:id' },
    handler: async ({ actor, params, services }) => ({ trainingGroup: await services.groups.get(actor, params.id!) }),
  },
  {
    name: 'trainings_group_edit', method: 'post', permission: perm.groupUpdate, body: trainingGroupSchema, uuidParams: ['id'],
    path: { en: '/training-center/groups/:id/edit', fr: '/centre-de-formation/groupes/:id/modifier' },
    handler: async ({ actor, body, params, services, t }) => ({ trainingGroup: await services.groups.update(actor, params.id!, body, t), message: t('trainings.group.saved') }),
  },
  {
    name: 'trainings_grade_scale', method: 'get', permission: perm.trainingRead, uuidParams: ['id'],
    path: { en: '/training-center/trainings/:id/grade-scale', fr: '/centre-de-formation/formations/:id/bareme-de-notation' },
    handler: ({ actor, params, services }) => services.gradeScales.get(actor, params.id!),
  },
  {
    name: 'trainings_grade_scale_save', method: 'post', permission: perm.trainingUpdate, body: gradeScaleSchema, uuidParams: ['id'],
    path: { en: '/training-center/trainings/:id/grade-scale', fr: '/centre-de-formation/formations/:id/bareme-de-notation' },
    handler: async ({ actor, body, params, services, t }) => ({ ...(await services.gradeScales.save(actor, params.id!, body, t)), message: t('trainings.gradeScale.saved') }),
  },
  {
    // SPEC §2 Export: the centre's trainings, groups and rooms as .xlsx, streamed.
    name: 'trainings_training_center_export', method: 'get', permission: perm.export,
    path: { en: '/training-center/export', fr: '/centre-de-formation/export' },
    handler: async ({ actor, services, t }) => {
      return download(await services.exports.trainingCentre(actor, t));
    },
  },
];
