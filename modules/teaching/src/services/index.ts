import type { CoreDeps } from '@alterna/core';
import { serviceContext } from './context.js';
import { referencesService, type ReferencesService } from './references.js';
import { teachersService, type TeachersService } from './teachers.js';
import { contractsService, type ContractsService } from './contracts.js';
import { companiesService, type CompaniesService } from './companies.js';
import { pagesService, type PagesService } from './pages.js';
import { coachesService, type CoachesService } from './coaches.js';
import { coachContractsService, type CoachContractsService } from './coach-contracts.js';
import { followUpsService, type FollowUpsService } from './follow-ups.js';

/** What the module offers: other modules reach it with core.module('teaching'). */
export interface TeachingServices {
  references: ReferencesService;
  teachers: TeachersService;
  contracts: ContractsService;
  companies: CompaniesService;
  coaches: CoachesService;
  coachContracts: CoachContractsService;
  followUps: FollowUpsService;
  /** What the screens load in one call. */
  pages: PagesService;
}

export function teachingServices(core: CoreDeps): TeachingServices {
  const ctx = serviceContext(core);
  const references = referencesService(ctx);
  const teachers = teachersService(ctx);
  const contracts = contractsService(ctx, references, teachers);
  const companies = companiesService(ctx, teachers);
  const coaches = coachesService(ctx);
  const coachContracts = coachContractsService(ctx, references, coaches);
  const followUps = followUpsService(ctx, coaches);
  const pages = pagesService(ctx, { teachers, contracts, companies, references, coaches, coachContracts });
  return { references, teachers, contracts, companies, coaches, coachContracts, followUps, pages };
}
