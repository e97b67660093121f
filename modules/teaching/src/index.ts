import { defineModule } from '@alterna/core';
import { fr, en } from './locales/index.js';
import { teachers } from './migrations/20261205000100_teachers.js';
import { coaching } from './migrations/20261205000200_coaching.js';
import { readViews } from './migrations/20261205000300_read_views.js';
import { alertReadViews } from './migrations/20261231000200_alert_read_views.js';
import { contractHoursReadView } from './migrations/20270320000100_contract_hours_read_view.js';
import { retireContractsView } from './migrations/20270320000200_retire_contracts_view.js';
import { permissions } from './permissions.js';
import { teachingServices, type TeachingServices } from './services/index.js';
import './module-services.js';
import { routes } from './routes/index.js';
import { graphql } from './graphql/index.js';
import { registerUsage } from './register.js';
import { seedTeaching } from './seed.js';

export type { TeachingServices } from './services/index.js';
export type { Teacher, TeacherInformations, TeachersService } from './services/teachers.js';
export type { TeacherContract, ContractSubjectLines } from './services/contract-store.js';
export type { ContractsService, ContractUsageCheck } from './services/contracts.js';
export type { TeacherCompany, CompanyAddress } from './services/company-store.js';
export type { CompaniesService, CompanySaved } from './services/companies.js';
export type { RelatedActivity, TeacherStatus } from './services/references.js';
export type { TeacherPage, ContractForm, CoachPage, CoachContractForm, AttributionForm } from './services/pages.js';
export type { Coach, CoachedStudent, CoachInformations, CoachesService } from './services/coaches.js';
export type { CoachContract, CoachContractsService } from './services/coach-contracts.js';
export type { FollowUp, StudentFollowUps, FollowUpsService } from './services/follow-ups.js';
export { perm, teacherTypologies } from './permissions.js';

/** Teachers and their contracts and companies; coaches, their attributions and contracts; coaching follow-ups. */
export default defineModule<TeachingServices>({
  name: 'teaching',
  dependsOn: ['people', 'trainings', 'training-centre', 'identity'],
  migrations: [teachers, coaching, readViews, alertReadViews, contractHoursReadView, retireContractsView],
  locales: { fr, en },
  permissions,
  services: teachingServices,
  routes,
  graphql,
  register: ({ core }) => registerUsage(core),
  seed: (services, core, knex) => seedTeaching(services, core, knex),
});
