import type Router from '@koa/router';
import type { Context } from 'koa';

/**
 * 'ok'; 'degraded' when only Temporal is down (reads, attendance and the calendar still serve: the API stays in
 * the load balancer); 'unavailable' without the database; 'stopping' once a SIGTERM has come.
 */
export type ReadinessStatus = 'ok' | 'degraded' | 'unavailable' | 'stopping';

export interface Readiness {
  status: ReadinessStatus;
  db: string;
  temporal: string;
  version: string;
}

export interface ReadinessChecks {
  stopping(): boolean;
  db(): Promise<'ok' | string>;
  temporal(): Promise<'ok' | string>;
  version: string;
}

/** The database is required, Temporal only reported: a Temporal outage must not take the whole API offline. */
export async function readiness(checks: ReadinessChecks): Promise<Readiness> {
  const [db, temporal] = await Promise.all([checks.db(), checks.temporal()]);
  const status: ReadinessStatus = checks.stopping() ? 'stopping' : db !== 'ok' ? 'unavailable' : temporal !== 'ok' ? 'degraded' : 'ok';
  return { status, db, temporal, version: checks.version };
}

/** An answer within `ms`, or why not: a probe must not hang on a database that does not answer. */
export function within(ms: number, check: () => Promise<unknown>): Promise<'ok' | string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${ms} ms`), ms);
  });
  const answer = check().then(() => 'ok' as const, (error: unknown) => (error instanceof Error ? error.message : String(error)));
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

/**
 * Liveness (`/api/health/live`: the process answers; a failure means restart it) and readiness
 * (`/api/health/ready`: send it traffic). `/api/health` stays, answering as readiness, for the probes written before.
 */
export function mountHealth(router: Router, ready: () => Promise<Readiness>, version: string): void {
  router.get('/api/health/live', (ctx) => {
    ctx.body = { status: 'ok', version };
  });
  const answer = async (ctx: Context) => {
    const state = await ready();
    ctx.status = state.status === 'ok' || state.status === 'degraded' ? 200 : 503;
    ctx.set('cache-control', 'no-store');
    ctx.body = state;
  };
  router.get('/api/health/ready', answer);
  router.get('/api/health', answer);
}
