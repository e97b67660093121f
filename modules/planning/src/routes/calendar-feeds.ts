import type { RouteContext, RouteDefinition } from '@alterna/core';
import { perm } from '../permissions.js';
import type { PlanningServices } from '../services/index.js';

type Route = RouteDefinition<PlanningServices>;

/** API paths of the live iCal feeds (mounted under /api), English and French. */
export const calendarFeedPaths = {
  mine: { en: '/planning/my-calendar-feed', fr: '/planification/mon-agenda-abonnement' },
  room: { en: '/planning/rooms/:room/calendar-feed', fr: '/planification/salles/:room/agenda-abonnement' },
  /** The URL calendar apps poll: the same path in both languages, the token is the only key. */
  public: '/calendar-feeds/:token.ics',
} as const;

/**
 * The feed's absolute URL as the person reached us: the Host header, and HTTPS when the socket is TLS or a
 * trusted proxy said so (the core then marks cookies secure).
 */
export function feedUrl(koa: RouteContext['koa'], token: string): string {
  const secure = koa.secure || (koa.cookies as { secure?: boolean }).secure === true;
  return `${secure ? 'https' : 'http'}://${koa.host}/api/calendar-feeds/${token}.ics`;
}

/** The actor's own feed, a room's feed, and the public feed itself: thin handlers, checks in the service. */
export const calendarFeedsRoutes: Route[] = [
  {
    name: 'planning_my_calendar_feed', method: 'get', permission: perm.ownCalendarFeed, path: calendarFeedPaths.mine,
    handler: async ({ actor, services }) => ({ feed: await services.calendarFeeds.myStatus(actor) }),
  },
  {
    name: 'planning_my_calendar_feed_renew', method: 'post', permission: perm.ownCalendarFeed, path: calendarFeedPaths.mine,
    handler: async ({ actor, services, koa }) => {
      const { token, status } = await services.calendarFeeds.myRenew(actor);
      return { url: feedUrl(koa, token), feed: status };
    },
  },
  {
    name: 'planning_my_calendar_feed_revoke', method: 'delete', permission: perm.ownCalendarFeed, path: calendarFeedPaths.mine,
    handler: async ({ actor, services }) => ({ feed: await services.calendarFeeds.myRevoke(actor) }),
  },
  {
    name: 'planning_room_calendar_feed', method: 'get', permission: perm.resourceRead, uuidParams: ['room'], path: calendarFeedPaths.room,
    handler: async ({ actor, params, services }) => ({ feed: await services.calendarFeeds.roomStatus(actor, params.room!) }),
  },
  {
    name: 'planning_room_calendar_feed_renew', method: 'post', permission: perm.resourceUpdate, uuidParams: ['room'], path: calendarFeedPaths.room,
    handler: async ({ actor, params, services, koa }) => {
      const { token, status } = await services.calendarFeeds.roomRenew(actor, params.room!);
      return { url: feedUrl(koa, token), feed: status };
    },
  },
  {
    name: 'planning_room_calendar_feed_revoke', method: 'delete', permission: perm.resourceUpdate, uuidParams: ['room'], path: calendarFeedPaths.room,
    handler: async ({ actor, params, services }) => ({ feed: await services.calendarFeeds.roomRevoke(actor, params.room!) }),
  },
  {
    name: 'planning_calendar_feed_ics', method: 'get', permission: 'public', path: calendarFeedPaths.public,
    handler: async ({ params, services, koa, language }) => {
      const feed = await services.calendarFeeds.render(params.token ?? '', {
        language, ifNoneMatch: koa.get('If-None-Match') || undefined, ifModifiedSince: koa.get('If-Modified-Since') || undefined,
      });
      // Calendar apps poll: no shared cache keeps someone's timetable, and the app asks again each time (a 304 when unchanged).
      koa.set({ 'Cache-Control': 'private, no-cache', ETag: feed.etag, 'Last-Modified': feed.lastModified.toUTCString() });
      koa.vary('Accept-Language');
      if (feed.notModified) {
        koa.status = 304;
        koa.body = null;
        return undefined;
      }
      koa.type = 'text/calendar; charset=utf-8';
      return feed.ics;
    },
  },
];
