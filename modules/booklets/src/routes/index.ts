import { isUuid, ValidationError, type RouteDefinition, type Translate } from '@alterna/core';
import { perm } from '../permissions.js';
import type { BookletsServices } from '../services/index.js';
import { bookletItemSchema, formSaveSchema, lockSchema, thesisGridSchema, thesisSkillSchema } from '../validation/index.js';
import { paths } from './paths.js';
import { validationRoutes } from './validations.js';

type Route = RouteDefinition<BookletsServices>;

const positionOf = (value: string | undefined, t: Translate) => {
  if (!value || !/^\d{1,4}$/.test(value) || Number(value) < 1) throw new ValidationError([{ path: 'position', message: t('booklets.validation.position') as string }]);
  return Number(value);
};
const sessionOf = (value: unknown) => (typeof value === 'string' && value ? value : null);
const whichRegistrations = (value: unknown, t: Translate) => {
  if (value === undefined || value === 'current' || value === 'all') return value ?? 'current';
  throw new ValidationError([{ path: 'registrations', message: t('booklets.validation.registrations') as string }]);
};

/** SPEC §2 "Coaching" (booklet items, thesis skills and grid), the booklets one follows, and SPEC §7 form locking. */
export const routes: Route[] = [
  {
    name: 'booklet_items', method: 'get', permission: perm.itemRead, uuidParams: ['training'], path: paths.trainingItems,
    handler: async (ctx) => {
      const session = sessionOf(ctx.query.session);
      if (session && !isUuid(session)) throw new ValidationError([{ path: 'session', message: ctx.t('booklets.validation.id') as string }]);
      return { items: await ctx.services.items.list(ctx.actor, ctx.params.training!, session) };
    },
  },
  {
    name: 'booklet_item_new', method: 'post', permission: perm.itemManage, uuidParams: ['training'], body: bookletItemSchema, path: paths.trainingItems,
    handler: async (ctx) => ({ item: await ctx.services.items.create(ctx.actor, ctx.params.training!, ctx.body, ctx.t) }),
  },
  {
    name: 'booklet_item', method: 'get', permission: perm.itemRead, uuidParams: ['id'], path: paths.item,
    handler: async (ctx) => ({ item: await ctx.services.items.get(ctx.actor, ctx.params.id!) }),
  },
  {
    name: 'booklet_item_edit', method: 'put', permission: perm.itemManage, uuidParams: ['id'], body: bookletItemSchema, path: paths.item,
    handler: async (ctx) => ({ item: await ctx.services.items.update(ctx.actor, ctx.params.id!, ctx.body, ctx.t) }),
  },
  {
    name: 'booklet_item_delete', method: 'delete', permission: perm.itemManage, uuidParams: ['id'], path: paths.item,
    handler: (ctx) => ctx.services.items.remove(ctx.actor, ctx.params.id!),
  },
  {
    name: 'booklet_item_position', method: 'post', permission: perm.itemManage, uuidParams: ['id'], path: paths.itemPosition,
    handler: async (ctx) => ({ items: await ctx.services.items.move(ctx.actor, ctx.params.id!, positionOf(ctx.params.position, ctx.t)) }),
  },
  {
    name: 'thesis_skill_new', method: 'post', permission: perm.itemManage, uuidParams: ['training'], body: thesisSkillSchema, path: paths.thesisSkillNew,
    handler: async (ctx) => ({ skill: await ctx.services.thesis.addSkill(ctx.actor, ctx.params.training!, ctx.body) }),
  },
  {
    name: 'thesis_skill_delete', method: 'delete', permission: perm.itemManage, uuidParams: ['id'], path: paths.thesisSkill,
    handler: (ctx) => ctx.services.thesis.removeSkill(ctx.actor, ctx.params.id!),
  },
  {
    name: 'thesis_evaluation_grid', method: 'get', permission: perm.itemRead, uuidParams: ['training'], path: paths.thesisGrid,
    handler: async (ctx) => ({ grid: await ctx.services.thesis.grid(ctx.actor, ctx.params.training!) }),
  },
  {
    name: 'thesis_evaluation_grid_edit', method: 'post', permission: perm.itemManage, uuidParams: ['training'], body: thesisGridSchema, path: paths.thesisGrid,
    handler: async (ctx) => ({ grid: await ctx.services.thesis.editGrid(ctx.actor, ctx.params.training!, ctx.body, ctx.t) }),
  },
  {
    name: 'booklets_mine', method: 'get', permission: perm.formRead, path: paths.mine,
    // The current school year's registrations, unless `?registrations=all`.
    handler: async (ctx) => ({ booklets: await ctx.services.forms.mine(ctx.actor, whichRegistrations(ctx.query.registrations, ctx.t)) }),
  },
  {
    name: 'booklets_group', method: 'get', permission: perm.formReadAll, uuidParams: ['trainingGroup'], path: paths.group,
    handler: async (ctx) => ({ booklets: await ctx.services.forms.group(ctx.actor, ctx.params.trainingGroup!) }),
  },
  {
    name: 'booklet', method: 'get', permission: perm.formRead, uuidParams: ['registration'], path: paths.booklet,
    handler: async (ctx) => ({ booklet: await ctx.services.forms.booklet(ctx.actor, ctx.params.registration!) }),
  },
  {
    name: 'booklet_form', method: 'get', permission: perm.formRead, uuidParams: ['id'], path: paths.form,
    handler: async (ctx) => ({ form: await ctx.services.forms.form(ctx.actor, ctx.params.id!) }),
  },
  {
    name: 'booklet_form_save', method: 'post', permission: perm.formWrite, uuidParams: ['id'], body: formSaveSchema, path: paths.form,
    handler: (ctx) => ctx.services.forms.save(ctx.actor, ctx.params.id!, ctx.body, ctx.t),
  },
  {
    name: 'booklet_form_check_lock', method: 'get', permission: perm.formRead, uuidParams: ['id'], path: paths.checkLock,
    handler: (ctx) => ctx.services.forms.checkLock(ctx.actor, ctx.params.id!),
  },
  {
    name: 'booklet_form_set_lock', method: 'post', permission: perm.formWrite, uuidParams: ['id'], body: lockSchema, path: paths.setLock,
    handler: (ctx) => ctx.services.forms.setLock(ctx.actor, ctx.params.id!, ctx.body.force, ctx.t),
  },
  {
    // Forcing needs no write permission: a campus manager may open a lock (SPEC §6) without filling the form.
    name: 'booklet_form_release_lock', method: 'post', permission: perm.formRead, uuidParams: ['id'], body: lockSchema, path: paths.releaseLock,
    handler: (ctx) => ctx.services.forms.releaseLock(ctx.actor, ctx.params.id!, ctx.body.force, ctx.t),
  },
  {
    // SPEC §7 notifyChanges: the holder says they are still editing; the answer tells whether they still hold the lock.
    name: 'booklet_form_notify_changes', method: 'post', permission: perm.formWrite, uuidParams: ['id'], path: paths.notifyChanges,
    handler: (ctx) => ctx.services.forms.checkLock(ctx.actor, ctx.params.id!),
  },
  ...validationRoutes,
];
