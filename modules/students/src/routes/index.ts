import { download, type RouteDefinition } from '@alterna/core';
import { contractDatesSchema, contractSchema, coordinatesSchema, lastSituationSchema, newStudentSchema, registrationSchema } from '../validation/index.js';
import { perm } from '../permissions.js';
import type { StudentsServices } from '../services/index.js';

type Route = RouteDefinition<StudentsServices>;

/** ?campusId=&trainingIds=a,b&trainingGroupIds=…&trainingSessionId= of the export (repeated keys work too). */
export function listFilterFromQuery(query: Record<string, string | string[] | undefined>) {
  const one = (key: string) => {
    const value = query[key];
    return (Array.isArray(value) ? value[0] : value) || null;
  };
  const many = (key: string) => {
    const value = query[key] ?? query[`${key}[]`];
    return (Array.isArray(value) ? value : value ? [value] : []).flatMap((v) => v.split(',')).filter(Boolean);
  };
  return { campusId: one('campusId'), trainingIds: many('trainingIds'), trainingGroupIds: many('trainingGroupIds'), trainingSessionId: one('trainingSessionId') };
}

/** SPEC §2 "Students" and "Export" routes (mounted under /api, English and French paths). */
export const routes: Route[] = [
  {
    name: 'students_student_new', method: 'post', permission: perm.studentUpdate, body: newStudentSchema,
    path: { en: '/students/new', fr: '/etudiants/nouveau' },
    handler: async ({ actor, body, services, t }) => ({ student: await services.students.create(actor, body, t), message: t('students.student.created') }),
  },
  {
    name: 'students_student_show', method: 'get', permission: perm.studentRead, uuidParams: ['id'],
    path: { en: '/students/:id', fr: '/etudiants/:id' },
    handler: async ({ actor, params, services }) => ({ student: await services.students.get(actor, params.id!) }),
  },
  {
    name: 'students_personal_informations_edit', method: 'post', permission: perm.studentUpdate, body: coordinatesSchema, uuidParams: ['id'],
    path: { en: '/students/:id/personal-informations/edit', fr: '/etudiants/:id/informations-personnelles/modifier' },
    handler: async ({ actor, body, params, services, t }) => ({ student: await services.students.updateCoordinates(actor, params.id!, body, t), message: t('students.student.saved') }),
  },
  {
    name: 'students_registration_new', method: 'post', permission: perm.studentUpdate, body: registrationSchema, uuidParams: ['id'],
    path: { en: '/students/:id/registrations/new', fr: '/etudiants/:id/inscriptions/nouvelle' },
    handler: async ({ actor, body, params, services, t }) => ({ registration: await services.registrations.create(actor, params.id!, body, t), message: t('students.registration.created') }),
  },
  {
    name: 'students_registration_show', method: 'get', permission: perm.studentRead, uuidParams: ['id', 'studentRegistration'],
    path: { en: '/students/:id/registrations/:studentRegistration/edit', fr: '/etudiants/:id/inscriptions/:studentRegistration/modifier' },
    handler: async ({ actor, params, services }) => ({ registration: await services.registrations.get(actor, params.id!, params.studentRegistration!) }),
  },
  {
    name: 'students_registration_edit', method: 'post', permission: perm.studentUpdate, body: registrationSchema, uuidParams: ['id', 'studentRegistration'],
    path: { en: '/students/:id/registrations/:studentRegistration/edit', fr: '/etudiants/:id/inscriptions/:studentRegistration/modifier' },
    handler: async ({ actor, body, params, services, t }) => ({
      registration: await services.registrations.update(actor, params.id!, params.studentRegistration!, body, t), message: t('students.registration.saved'),
    }),
  },
  {
    name: 'students_contract_new', method: 'post', permission: perm.studentUpdate, body: contractSchema, uuidParams: ['id'],
    path: { en: '/students/:id/contract/new', fr: '/etudiants/:id/contrat/nouveau' },
    handler: async ({ actor, body, params, services, t }) => ({ registration: await services.contracts.create(actor, params.id!, body, t), message: t('students.contract.created') }),
  },
  {
    name: 'students_contract_show', method: 'get', permission: perm.studentRead, uuidParams: ['id', 'studentContract'],
    path: { en: '/students/:id/contract/:studentContract/edit', fr: '/etudiants/:id/contrat/:studentContract/modifier' },
    handler: async ({ actor, params, services }) => ({ registration: await services.contracts.get(actor, params.id!, params.studentContract!) }),
  },
  {
    name: 'students_contract_edit', method: 'post', permission: perm.studentUpdate, body: contractSchema.omit(['studentRegistration']), uuidParams: ['id', 'studentContract'],
    path: { en: '/students/:id/contract/:studentContract/edit', fr: '/etudiants/:id/contrat/:studentContract/modifier' },
    handler: async ({ actor, body, params, services, t }) => ({
      registration: await services.contracts.update(actor, params.id!, params.studentContract!, body, t), message: t('students.contract.saved'),
    }),
  },
  {
    name: 'students_contract_update_date', method: 'post', permission: perm.studentUpdate, body: contractDatesSchema, uuidParams: ['id'],
    path: { en: '/students/:id/contract/update-date', fr: '/etudiants/:id/contrat/modifier-dates' },
    handler: async ({ actor, body, params, services, t }) => ({ registration: await services.contracts.updateDates(actor, params.id!, body, t), message: t('students.contract.datesSaved') }),
  },
  {
    name: 'students_last_situation_new', method: 'post', permission: perm.studentUpdate, body: lastSituationSchema,
    path: { en: '/students/students/last-situation/new', fr: '/etudiants/etudiants/situation-n-1/nouvelle' },
    handler: async ({ actor, body, services, t }) => ({ lastSituation: await services.lastSituations.save(actor, body, t), message: t('students.lastSituation.saved') }),
  },
  {
    // SPEC §2 Export: the student list as .xlsx with its filters, streamed.
    name: 'students_export_xlsx', method: 'get', permission: perm.export,
    path: '/export-xlsx/',
    handler: async ({ actor, query, services, t, language }) => {
      return download(await services.exports.studentList(actor, listFilterFromQuery(query), t, language));
    },
  },
];
