// Shapes the teaching module hands out, for other modules and the web client (`import type`; nothing runs).
export type { CoachContract, CoachContractsService } from './services/coach-contracts.js';
export type { Coach, CoachInformations, CoachedStudent, CoachesService } from './services/coaches.js';
export type { CompanyFormPaths, CompanySaved, CompanySubmitOutcome, CompaniesService } from './services/companies.js';
export type { CompanyFormField, CompanyFormValues, CompanyFormOptions } from './services/company-form.js';
export type { TeacherCompany, CompanyAddress } from './services/company-store.js';
export type { ServiceContext } from './services/context.js';
export type { TeacherContract, ContractSubjectLines, ContractRow } from './services/contract-store.js';
export type { ContractUsageCheck, ContractsService } from './services/contracts.js';
export type { FollowUp, StudentFollowUps, FollowUpsService } from './services/follow-ups.js';
export type { TeachingServices } from './services/index.js';
export type { TeacherPage, ContractForm, CoachPage, CoachContractForm, AttributionForm, PagesService } from './services/pages.js';
export type { Person } from './services/people.js';
export type { TeacherStatus, RelatedActivity, ReferencesService } from './services/references.js';
export type { Teacher, TeacherInformations, TeachersService } from './services/teachers.js';
