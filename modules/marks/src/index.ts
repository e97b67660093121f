import { defineModule } from '@alterna/core';
import { activities } from './activities.js';
import { fr, en } from './locales/index.js';
import { marks } from './migrations/20270110000200_marks.js';
import { permissions } from './permissions.js';
import { routes } from './routes/index.js';
import { seedMarks } from './seed.js';
import { marksServices, type MarksServices } from './services/index.js';
import './module-services.js';

export type { MarksServices } from './services/index.js';
export * from './types.js';
export { perm } from './permissions.js';
/** What the module's workflows call, typed by its `workflow-contract` (the worker's check: workflows/src/contracts.ts). */
export { activities } from './activities.js';

/**
 * Marks and report cards (issue #12): teachers enter the marks of the courses module's exams, each exam counting for a
 * grade scale element of the training and a semester; report cards per student and semester (SPEC §3), the student's
 * marks and their xlsx export, the marks and report cards of the apprentices a coach, company tutor or corporation
 * contact follows, and the zip of a group's report cards as a tracked run.
 */
export default defineModule<MarksServices>({
  name: 'marks',
  dependsOn: ['identity', 'trainings', 'people', 'students', 'teaching', 'planning', 'courses'],
  migrations: [marks],
  locales: { fr, en },
  permissions,
  services: marksServices,
  routes,
  activities,
  seed: (_services, _core, knex) => seedMarks(knex),
});
