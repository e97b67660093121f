import { typologies, type Core } from '@alterna/core';
import { graphqlSurface, holders, routeSurface } from '../surface.js';
import type { FuzzCase } from './cases.js';
import { graphqlBigBodies, graphqlCases } from './graphql-cases.js';
import { Random } from './random.js';
import { bigBodyCases, routeCases, routeTarget } from './route-cases.js';
import { bigBodyBytes } from './values.js';

// Every case of a seed, from the core's declarations: each mounted route, the few big bodies, each GraphQL
// Query and Mutation field. Numbered in sending order, the login route's last.

/** Handlers that take no input: any request reaching them acts (ends the session, renews a feed). */
const noInputRoutes = new Set(['logout', 'planning_my_calendar_feed_renew', 'planning_my_calendar_feed_revoke']);

export async function generateCases(core: Core, seed: number): Promise<FuzzCase[]> {
  const rnd = new Random(seed);
  // Someone allowed to reach it, so the input gets past the permission to validation and the services.
  const allowed = (permission: string, r: Random) => {
    const who = holders(core, permission);
    if (who === 'public') return null;
    return r.pick(who === 'authenticated' ? typologies : who.length ? who : [null]);
  };
  const routeOptions = {
    rnd,
    actorFor: (route: { permission: string }, r: Random) => allowed(route.permission, r),
    takesNoInput: (route: { name: string }) => noInputRoutes.has(route.name.replace(/^pepal_core_/, '').replace(/\.(en|fr)$/, '')),
  };
  const targets = routeSurface(core).map(routeTarget);
  const generated: FuzzCase[] = [];
  for (const target of targets) generated.push(...(await routeCases(target, routeOptions)));
  generated.push(...bigBodyCases(targets, routeOptions, bigBodyBytes));
  const schema = core.graphql.schema;
  for (const operation of graphqlSurface(core)) {
    generated.push(...graphqlCases(operation, { rnd, schema, actorFor: (op, r) => allowed(op.permission, r) }));
  }
  generated.push(...graphqlBigBodies('pedagogy'));
  // The login route's cases go last: none may lock a demo account while the others run.
  const ordered = [...generated.filter((c) => !c.last), ...generated.filter((c) => c.last)];
  ordered.forEach((c, i) => { c.id = i; });
  return ordered;
}
