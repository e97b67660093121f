import { defineModule } from '@alterna/core';
import { fr, en } from './locales/index.js';
import { courses } from './migrations/20270105000100_courses.js';
import { readViews } from './migrations/20270110000100_read_views.js';
import { examGroupsReadView } from './migrations/20270320000100_exam_groups_read_view.js';
import { permissions } from './permissions.js';
import { routes } from './routes/index.js';
import { seedCourses } from './seed.js';
import { coursesServices, type CoursesServices } from './services/index.js';
import './module-services.js';

export type { CoursesServices } from './services/index.js';
export * from './types.js';
export { perm } from './permissions.js';

/**
 * Courses: the teacher's course space (sessions with their reports, exercises, exams, class photo board), the same
 * pages for the staff of the campus, and the student's published exercises and exams (issue #11).
 */
export default defineModule<CoursesServices>({
  name: 'courses',
  dependsOn: ['identity', 'training-centre', 'trainings', 'students', 'planning', 'attendance'],
  migrations: [courses, readViews, examGroupsReadView],
  locales: { fr, en },
  permissions,
  services: coursesServices,
  routes,
  seed: (_services, _core, knex) => seedCourses(knex),
});
