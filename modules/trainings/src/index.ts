import { defineModule } from '@alterna/core';
import { fr, en } from './locales/index.js';
import { schoolSubjects } from './migrations/20261201000100_school_subjects.js';
import { trainings } from './migrations/20261201000200_trainings.js';
import { trainingPlans } from './migrations/20261201000300_training_plans.js';
import { trainingGroups } from './migrations/20261201000400_training_groups.js';
import { gradeScales } from './migrations/20261201000500_grade_scales.js';
import { readViews } from './migrations/20261210000100_read_views.js';
import { gradeScaleReadViews } from './migrations/20270110000100_grade_scale_read_views.js';
import { planHoursReadView } from './migrations/20270320000100_plan_hours_read_view.js';
import { permissions } from './permissions.js';
import { trainingsServices, type TrainingsServices } from './services/index.js';
import './module-services.js';
import { routes } from './routes/index.js';
import { graphql } from './graphql/index.js';
import { registerCampusUsage } from './register.js';
import { seedTrainings } from './seed.js';

export type { TrainingsServices } from './services/index.js';
export type * from './services/types.js';
export { perm } from './permissions.js';

/** School subjects, trainings and their plans, training sessions, training groups, grade scales, the centre export. */
export default defineModule<TrainingsServices>({
  name: 'trainings',
  dependsOn: ['training-centre'],
  migrations: [schoolSubjects, trainings, trainingPlans, trainingGroups, gradeScales, readViews, gradeScaleReadViews, planHoursReadView],
  locales: { fr, en },
  permissions,
  services: (core) => trainingsServices(core),
  routes,
  graphql,
  register: ({ core }) => registerCampusUsage(core),
  seed: (_services, _core, knex) => seedTrainings(knex),
});
