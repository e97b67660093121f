import { NotFoundError, type RouteDefinition } from '@alterna/core';
import { perm } from '../permissions.js';
import { contractStatusSchema, teacherContractSchema, teacherInformationsSchema } from '../validation/index.js';
import type { TeachingServices } from '../services/index.js';
import { paths } from './paths.js';

type Route = RouteDefinition<TeachingServices>;

/** SPEC §2 "Teachers": informations and contracts (mounted under /api, English and French paths). */
export const teacherRoutes: Route[] = [
  {
    name: 'teachers_informations', method: 'get', permission: perm.teacherRead, uuidParams: ['id'], path: paths.teacherInformations,
    handler: ({ actor, params, services }) => services.pages.teacher(actor, params.id!),
  },
  {
    name: 'teachers_teacher_informations_new', method: 'post', permission: perm.teacherUpdate, uuidParams: ['id'], body: teacherInformationsSchema,
    path: paths.teacherInformationsNew,
    handler: async ({ actor, params, body, services, t }) => ({
      informations: await services.teachers.saveInformations(actor, params.id!, body, 'new', t),
      message: t('teaching.teacher.informationsSaved'),
    }),
  },
  {
    name: 'teachers_teacher_informations_edit_show', method: 'get', permission: perm.teacherRead, uuidParams: ['id'], path: paths.teacherInformationsEdit,
    handler: async ({ actor, params, services }) => ({ informations: await services.teachers.informations(actor, params.id!) }),
  },
  {
    name: 'teachers_teacher_informations_edit', method: 'post', permission: perm.teacherUpdate, uuidParams: ['id'], body: teacherInformationsSchema,
    path: paths.teacherInformationsEdit,
    handler: async ({ actor, params, body, services, t }) => ({
      informations: await services.teachers.saveInformations(actor, params.id!, body, 'edit', t),
      message: t('teaching.teacher.informationsSaved'),
    }),
  },
  {
    name: 'teachers_contract_new_show', method: 'get', permission: perm.teacherUpdate, uuidParams: ['id'], path: paths.contractNew,
    handler: ({ actor, params, services }) => services.pages.contractForm(actor, params.id!),
  },
  {
    name: 'teachers_contract_new', method: 'post', permission: perm.teacherUpdate, uuidParams: ['id'], body: teacherContractSchema, path: paths.contractNew,
    handler: async ({ actor, params, body, services, t }) => ({
      teacherContract: await services.contracts.create(actor, params.id!, body, t),
      message: t('teaching.contract.created'),
    }),
  },
  {
    name: 'teachers_contract_edit_show', method: 'get', permission: perm.teacherRead, uuidParams: ['id', 'teacherContract'], path: paths.contractEdit,
    handler: async ({ actor, params, services }) => {
      const teacherContract = await services.contracts.get(actor, params.teacherContract!);
      if (teacherContract.teacherId !== params.id) throw new NotFoundError('teacher contract');
      return { ...(await services.pages.contractForm(actor, params.id!)), teacherContract };
    },
  },
  {
    name: 'teachers_contract_edit', method: 'post', permission: perm.teacherUpdate, uuidParams: ['id', 'teacherContract'], body: teacherContractSchema,
    path: paths.contractEdit,
    handler: async ({ actor, params, body, services, t }) => ({
      teacherContract: await services.contracts.update(actor, params.id!, params.teacherContract!, body, t),
      message: t('teaching.contract.saved'),
    }),
  },
  ...(['delete', 'post'] as const).map(
    (method): Route => ({
      name: method === 'delete' ? 'teachers_contract_delete' : 'teachers_contract_delete_post', method, permission: perm.teacherUpdate,
      uuidParams: ['id', 'teacherContract'], path: paths.contractDelete,
      handler: async ({ actor, params, services, t }) => {
        await services.contracts.remove(actor, params.id!, params.teacherContract!, t);
        return { message: t('teaching.contract.deleted') };
      },
    }),
  ),
  {
    name: 'teachers_contract_update_status', method: 'post', permission: perm.teacherUpdate, uuidParams: ['teacherContract'], body: contractStatusSchema,
    path: paths.contractStatus,
    handler: async ({ actor, params, body, services, t }) => {
      const teacherContract = await services.contracts.updateStatus(actor, params.teacherContract!, body, t);
      return { teacherContract, message: t('teaching.contract.statusUpdated', { status: t(`teaching.contractStatus.${teacherContract.status}`) }) };
    },
  },
];
