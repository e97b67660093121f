import type { RouteDefinition } from '@alterna/core';
import { perm } from '../permissions.js';
import type { MassEmailServices } from '../services/index.js';
import { campaignSchema, previewSchema } from '../validation/index.js';
import { paths } from './paths.js';
import { unsubscribedPage } from '../services/unsubscribe.js';

type Route = RouteDefinition<MassEmailServices>;

/**
 * A recipient's unsubscribe link (public: a mail provider posts it without a session, RFC 8058 one-click; a person
 * opens it): records the opt-out its signed token names and answers a small page in the person's language.
 */
const unsubscribe: Route['handler'] = async (ctx) => {
  const { language } = await ctx.services.unsubscribe.unsubscribe(ctx.params.token!, ctx.t, (ctx.koa.state as { requestId?: string }).requestId ?? null);
  const shown = language ?? ctx.language;
  ctx.koa.type = 'text/html; charset=utf-8';
  ctx.koa.set('Cache-Control', 'no-store');
  return unsubscribedPage(ctx.core.translator(shown), shown);
};

/** The mass e-mail form's choices and preview, campaigns (send, list, detail) and their pause and resume; unsubscribing. */
export const routes: Route[] = [
  {
    name: 'mass_email_options', method: 'get', permission: perm.send, path: paths.options,
    handler: (ctx) => ctx.services.campaigns.options(ctx.actor),
  },
  {
    name: 'mass_email_people', method: 'get', permission: perm.send, path: paths.people,
    handler: async (ctx) => ({ people: await ctx.services.campaigns.people(ctx.actor, typeof ctx.query.q === 'string' ? ctx.query.q.slice(0, 200) : '') }),
  },
  {
    name: 'mass_email_preview', method: 'post', permission: perm.send, body: previewSchema, path: paths.preview,
    handler: (ctx) => ctx.services.campaigns.preview(ctx.actor, ctx.body, ctx.t),
  },
  {
    name: 'mass_email_campaigns', method: 'get', permission: perm.read, path: paths.campaigns,
    handler: async (ctx) => ({ campaigns: await ctx.services.campaigns.list(ctx.actor) }),
  },
  {
    name: 'mass_email_campaign_create', method: 'post', permission: perm.send, body: campaignSchema, path: paths.campaigns,
    handler: (ctx) => ctx.services.campaigns.create(ctx.actor, ctx.body, ctx.t),
  },
  {
    name: 'mass_email_campaign', method: 'get', permission: perm.read, uuidParams: ['campaign'], path: paths.campaign,
    handler: async (ctx) => ({ campaign: await ctx.services.campaigns.get(ctx.actor, ctx.params.campaign!) }),
  },
  {
    name: 'mass_email_campaign_pause', method: 'post', permission: perm.send, uuidParams: ['campaign'], path: paths.pause,
    handler: async (ctx) => ({ campaign: await ctx.services.campaigns.pause(ctx.actor, ctx.params.campaign!, ctx.t) }),
  },
  {
    name: 'mass_email_campaign_resume', method: 'post', permission: perm.send, uuidParams: ['campaign'], path: paths.resume,
    handler: async (ctx) => ({ campaign: await ctx.services.campaigns.resume(ctx.actor, ctx.params.campaign!, ctx.t) }),
  },
  { name: 'mass_email_unsubscribe', method: 'get', permission: 'public', path: paths.unsubscribe, handler: unsubscribe },
  { name: 'mass_email_unsubscribe_one_click', method: 'post', permission: 'public', oneClickForm: true, path: paths.unsubscribe, handler: unsubscribe },
];
