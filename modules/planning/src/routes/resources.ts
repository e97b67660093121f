import { requiredIdParam, type RouteDefinition } from '@alterna/core';
import { perm } from '../permissions.js';
import type { PlanningServices } from '../services/index.js';

type Route = RouteDefinition<PlanningServices>;

/** API paths of the resources area (mounted under /api), English and French (SPEC §2). */
export const resourcePaths = {
  campuses: { en: '/planning/resources/campuses', fr: '/planification/ressources/campus' },
  occupancy: { en: '/planning/ROS/campus/:campus/:startDate/:endDate/:type', fr: '/planification/ROS/campus/:campus/:startDate/:endDate/:type' },
  bookingCreate: { en: '/planning/booking/:campus/:room/:startDate/:endDate/create', fr: '/planification/reservation/:campus/:room/:startDate/:endDate/creer' },
  bookingEdit: { en: '/planning/booking/:eventBooking/:campus/:startDate/:endDate/edit', fr: '/planification/reservation/:eventBooking/:campus/:startDate/:endDate/modifier' },
  bookingDelete: { en: '/planning/booking/:eventBooking/:campus/:startDate/:endDate/delete', fr: '/planification/reservation/:eventBooking/:campus/:startDate/:endDate/supprimer' },
  constraints: { en: '/planning/trainer-constraints', fr: '/planification/contraintes-formateurs' },
  constraintTeachers: { en: '/planning/trainer-constraints/teachers', fr: '/planification/contraintes-formateurs/formateurs' },
  constraintEdit: { en: '/planning/trainer-constraints/:id/edit', fr: '/planification/contraintes-formateurs/:id/modifier' },
  constraintDelete: { en: '/planning/trainer-constraints/:id/delete', fr: '/planification/contraintes-formateurs/:id/supprimer' },
  workStudies: { en: '/planning/work-studies', fr: '/planification/periodes-alternance' },
  workStudyGroups: { en: '/planning/work-studies/training-groups', fr: '/planification/periodes-alternance/groupes-de-formation' },
  workStudyEdit: { en: '/planning/work-studies/:id/edit', fr: '/planification/periodes-alternance/:id/modifier' },
  workStudyDelete: { en: '/planning/work-studies/:id/delete', fr: '/planification/periodes-alternance/:id/supprimer' },
} as const;

const period = (params: Record<string, string>) => ({ startDate: params.startDate!, endDate: params.endDate! });

/** The same handler on POST and DELETE (forms post, scripts may delete). */
const postAndDelete = (route: Omit<Route, 'method'>): Route[] => [
  { ...route, method: 'post' },
  { ...route, name: `${route.name}_delete`, method: 'delete' },
];

/** Room occupancy plan, bookings, trainer constraints and work-study periods: thin handlers, rules in the services. */
export const resourcesRoutes: Route[] = [
  {
    name: 'planning_resources_campuses', method: 'get', permission: perm.resourceRead, path: resourcePaths.campuses,
    handler: async ({ actor, services }) => ({ campuses: await services.occupancy.campuses(actor) }),
  },
  {
    name: 'planning_ros_campus', method: 'get', permission: perm.resourceRead, uuidParams: ['campus'], path: resourcePaths.occupancy,
    handler: ({ actor, params, services, t }) => services.occupancy.plan(actor, params.campus!, { ...period(params), type: params.type! }, t),
  },
  {
    name: 'planning_booking_create', method: 'post', permission: perm.resourceUpdate, uuidParams: ['campus', 'room'], path: resourcePaths.bookingCreate,
    handler: async ({ actor, params, body, services, t }) => ({
      ...(await services.bookings.create(actor, { campus: params.campus!, room: params.room!, ...period(params) }, body, t)),
      message: t('planning.resources.booking.created'),
    }),
  },
  {
    name: 'planning_booking_edit_show', method: 'get', permission: perm.resourceRead, uuidParams: ['eventBooking', 'campus'], path: resourcePaths.bookingEdit,
    handler: async ({ actor, params, services, t }) => {
      await services.occupancy.period(period(params), t);
      return { booking: await services.bookings.get(actor, params.eventBooking!, params.campus!), campus: params.campus, ...period(params) };
    },
  },
  {
    name: 'planning_booking_edit', method: 'post', permission: perm.resourceUpdate, uuidParams: ['eventBooking', 'campus'], path: resourcePaths.bookingEdit,
    handler: async ({ actor, params, body, services, t }) => ({
      ...(await services.bookings.update(actor, { eventBooking: params.eventBooking!, campus: params.campus!, ...period(params) }, body, t)),
      message: t('planning.resources.booking.saved'),
    }),
  },
  ...postAndDelete({
    name: 'planning_booking_delete', permission: perm.resourceUpdate, uuidParams: ['eventBooking', 'campus'], path: resourcePaths.bookingDelete,
    handler: async ({ actor, params, services, t }) => ({
      ...(await services.bookings.remove(actor, { eventBooking: params.eventBooking!, campus: params.campus!, ...period(params) }, t)),
      message: t('planning.resources.booking.deleted'),
    }),
  }),

  {
    name: 'planning_trainer_constraint_teachers', method: 'get', permission: perm.resourceRead, path: resourcePaths.constraintTeachers,
    handler: async ({ actor, query, services }) => ({ teachers: await services.trainerConstraints.teachers(actor, typeof query.search === 'string' ? query.search : '') }),
  },
  {
    name: 'planning_trainer_constraints', method: 'get', permission: perm.resourceRead, path: resourcePaths.constraints,
    handler: ({ actor, query, services, t }) => services.trainerConstraints.list(actor, requiredIdParam(query.teacher, 'teacher', t), t),
  },
  {
    name: 'planning_trainer_constraint_new', method: 'post', permission: perm.resourceUpdate, path: resourcePaths.constraints,
    handler: async ({ actor, body, services, t }) => ({
      trainerConstraint: await services.trainerConstraints.create(actor, body, t),
      message: t('planning.resources.constraint.created'),
    }),
  },
  {
    name: 'planning_trainer_constraint_edit', method: 'post', permission: perm.resourceUpdate, uuidParams: ['id'], path: resourcePaths.constraintEdit,
    handler: async ({ actor, params, body, services, t }) => ({
      trainerConstraint: await services.trainerConstraints.update(actor, params.id!, body, t),
      message: t('planning.resources.constraint.saved'),
    }),
  },
  ...postAndDelete({
    name: 'planning_trainer_constraint_delete', permission: perm.resourceUpdate, uuidParams: ['id'], path: resourcePaths.constraintDelete,
    handler: async ({ actor, params, services, t }) => ({
      ...(await services.trainerConstraints.remove(actor, params.id!, t)),
      message: t('planning.resources.constraint.deleted'),
    }),
  }),

  {
    name: 'planning_work_study_training_groups', method: 'get', permission: perm.resourceRead, path: resourcePaths.workStudyGroups,
    handler: async ({ actor, services }) => ({ trainingGroups: await services.workStudies.trainingGroups(actor) }),
  },
  {
    name: 'planning_work_studies', method: 'get', permission: perm.resourceRead, path: resourcePaths.workStudies,
    handler: ({ actor, query, services, t }) => services.workStudies.list(actor, requiredIdParam(query.trainingGroup, 'trainingGroup', t)),
  },
  {
    name: 'planning_work_study_new', method: 'post', permission: perm.resourceUpdate, path: resourcePaths.workStudies,
    handler: async ({ actor, body, services, t }) => ({
      workStudy: await services.workStudies.create(actor, body, t),
      message: t('planning.resources.workStudy.created'),
    }),
  },
  {
    name: 'planning_work_study_edit', method: 'post', permission: perm.resourceUpdate, uuidParams: ['id'], path: resourcePaths.workStudyEdit,
    handler: async ({ actor, params, body, services, t }) => ({
      workStudy: await services.workStudies.update(actor, params.id!, body, t),
      message: t('planning.resources.workStudy.saved'),
    }),
  },
  ...postAndDelete({
    name: 'planning_work_study_delete', permission: perm.resourceUpdate, uuidParams: ['id'], path: resourcePaths.workStudyDelete,
    handler: async ({ actor, params, services, t }) => ({
      ...(await services.workStudies.remove(actor, params.id!)),
      message: t('planning.resources.workStudy.deleted'),
    }),
  }),
];
