import crypto from 'node:crypto';
import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { RequestState } from '../http/state.js';
import type { Metrics } from './index.js';

/** What the router matched, if anything (@koa/router sets it on the context). */
interface Matched {
  path: string;
  method: string;
  _matchedRoute?: string | RegExp;
}

/**
 * A request's route label: the router's template (`/api/students/:id`), never the raw path, so that the labels stay
 * as many as the routes whatever the clients ask. GraphQL is one route; every API path no route matched is
 * `unmatched`, and every other path (the web client's pages and files) `web`.
 */
export function routeLabel(ctx: Matched): string {
  if (typeof ctx._matchedRoute === 'string') return ctx._matchedRoute;
  if (ctx.path === '/api/graphql') return '/api/graphql';
  if (ctx.path === '/api' || ctx.path.startsWith('/api/')) return 'unmatched';
  return 'web';
}

/** The same bounded set for methods: the ones HTTP defines, every other word `other`. */
const methods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
export const methodLabel = (method: string) => (methods.has(method) ? method : 'other');

/** Times each request and counts its answer of 400 and over, by route template (outermost: the status is final). */
export function requestMetrics(metrics: Metrics) {
  return async (ctx: Context, next: Next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      metrics.request(methodLabel(ctx.method), routeLabel(ctx as unknown as Matched), ctx.status, (performance.now() - started) / 1000);
    }
  };
}

/**
 * `GET /api/metrics`, the Prometheus exposition, for `Authorization: Bearer <METRICS_TOKEN>` only (401 otherwise, in
 * the caller's language). Without a token configured it is not mounted: a 404 like any unknown address.
 */
export function mountMetrics(router: Router, metrics: Metrics, token: string | undefined): void {
  if (!token) return;
  const expected = crypto.createHash('sha256').update(token).digest();
  router.get('/api/metrics', async (ctx) => {
    const [scheme, given = ''] = (ctx.get('authorization') || '').split(' ');
    const digest = crypto.createHash('sha256').update(given).digest();
    if (scheme?.toLowerCase() !== 'bearer' || !crypto.timingSafeEqual(digest, expected)) {
      ctx.status = 401;
      ctx.set('www-authenticate', 'Bearer realm="metrics"');
      ctx.body = { errors: [{ path: '', message: (ctx.state as RequestState).t('errors.metricsToken') }] };
      return;
    }
    ctx.set('cache-control', 'no-store');
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  });
}
