import type { CoreDeps } from '@alterna/core';
import { serviceContext } from './context.js';
import { peopleAdapter } from './people.js';
import { studentAccess, type StudentAccess } from './access.js';
import { registrationsService, type RegistrationsService } from './registrations.js';
import { studentsService, type StudentsService } from './students.js';
import { duplicatesService, type DuplicatesService } from './duplicates.js';
import { contractsService, type ContractsService } from './contracts.js';
import { lastSituationsService, type LastSituationsService } from './last-situations.js';
import { studentListService, type StudentListService } from './list.js';
import { exportService, type ExportService } from './export.js';
import { birthplacesService, cityDirectory, type BirthplacesService, type CityDirectory } from './birthplaces/index.js';

/** What the module offers: other modules reach it with core.module('students'). */
export interface StudentsServices {
  access: StudentAccess;
  students: StudentsService;
  registrations: RegistrationsService;
  contracts: ContractsService;
  lastSituations: LastSituationsService;
  duplicates: DuplicatesService;
  list: StudentListService;
  exports: ExportService;
  birthplaces: BirthplacesService;
}

export function studentsServices(core: CoreDeps, options: { today?: () => string; directory?: CityDirectory } = {}): StudentsServices {
  const ctx = serviceContext(core, options.today);
  const people = peopleAdapter(core);
  const access = studentAccess(ctx);
  const registrations = registrationsService(ctx, { people, access });
  const students = studentsService(ctx, { people, access, registrations });
  const duplicates = duplicatesService(ctx, { registrations });
  const contracts = contractsService(ctx, { people, registrations });
  const lastSituations = lastSituationsService(ctx, { access });
  const list = studentListService(ctx, { registrations });
  const exports = exportService(ctx, { list });
  const birthplaces = birthplacesService(core, options.directory ?? cityDirectory(core));
  return { access, students, registrations, contracts, lastSituations, duplicates, list, exports, birthplaces };
}
