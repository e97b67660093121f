import type { RouteDefinition } from '@alterna/core';
import { perm } from '../permissions.js';
import type { FollowUpKind } from '../rules/references.js';
import { abandonFollowUpSchema, breakFollowUpSchema, disciplinaryFollowUpSchema, preventRegistrationBreakSchema } from '../validation/index.js';
import type { TeachingServices } from '../services/index.js';
import { paths } from './paths.js';

type Route = RouteDefinition<TeachingServices>;

/** POST …/new of a kind of follow-up; the student is the student's actor id. */
function newRoute(kind: FollowUpKind, name: string, path: { en: string; fr: string }, body: Route['body']): Route {
  return {
    name, method: 'post', permission: perm.followUpUpdate, uuidParams: ['student'], body, path,
    handler: async ({ actor, params, body: input, services, t }) => ({
      followUp: await services.followUps.create(actor, params.student!, kind, input, t),
      message: t(`teaching.followUp.created.${kind}`),
    }),
  };
}

/** GET and POST …/{id}/edit of a break or an abandon. */
function editRoutes(kind: FollowUpKind, name: string, path: { en: string; fr: string }, body: Route['body']): Route[] {
  return [
    {
      name: `${name}_show`, method: 'get', permission: perm.followUpRead, uuidParams: ['student', 'id'], path,
      handler: async ({ actor, params, services }) => ({ followUp: await services.followUps.get(actor, params.student!, kind, params.id!) }),
    },
    {
      name, method: 'post', permission: perm.followUpUpdate, uuidParams: ['student', 'id'], body, path,
      handler: async ({ actor, params, body: input, services, t }) => ({
        followUp: await services.followUps.update(actor, params.student!, kind, params.id!, input, t),
        message: t('teaching.followUp.saved'),
      }),
    },
  ];
}

/** SPEC §2 "Coaching" follow-ups of a student. */
export const followUpRoutes: Route[] = [
  {
    name: 'coaching_student', method: 'get', permission: perm.followUpRead, uuidParams: ['student'], path: paths.studentFollowUps,
    handler: ({ actor, params, services }) => services.followUps.overview(actor, params.student!),
  },
  newRoute('disciplinary', 'coaching_disciplinary_follow_up_new', paths.disciplinaryNew, disciplinaryFollowUpSchema),
  newRoute('prevent-registration-break', 'coaching_prevent_student_registration_break_new', paths.preventRegistrationBreakNew, preventRegistrationBreakSchema),
  newRoute('break', 'coaching_prevent_student_break_break_new', paths.breakNew, breakFollowUpSchema),
  ...editRoutes('break', 'coaching_prevent_student_break_break_edit', paths.breakEdit, breakFollowUpSchema),
  newRoute('abandon', 'coaching_prevent_student_break_abandon_new', paths.abandonNew, abandonFollowUpSchema),
  ...editRoutes('abandon', 'coaching_prevent_student_break_abandon_edit', paths.abandonEdit, abandonFollowUpSchema),
];
