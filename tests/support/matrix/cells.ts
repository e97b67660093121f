import crypto from 'node:crypto';
import type { Core } from '@alterna/core';
import { validate, ValidationError } from '@alterna/core';
import type { AnySchema } from 'yup';
import { graphqlSurface, holders, routeSurface, type SurfaceRoute } from '../surface.js';
import { campusWide, type MatrixActor } from './actors.js';
import { plausibleBody } from './bodies.js';
import { document, variables } from './graphql.js';
import { historyKinds, plainParams, requiredQueries, routeParamKind, stateChangingGets } from './params.js';
import { isSearchKind, isSharedKind, pickFor, type Records, type Scope } from './records.js';

/**
 * What a cell must answer, from the declarations (the route's or field's permission, the typologies holding it)
 * and from whose record it names — never from running the code:
 * - unauthenticated: 401 `User is not logged in` (GraphQL UNAUTHENTICATED); denied: 403 `Access Denied.` (FORBIDDEN);
 * - allowed: 2xx (GraphQL data without errors): a holder reading its own record, or its own campus's lists;
 * - decided: 2xx, 403 or 404: a route declared for any logged actor ('authenticated') names a record of the actor's
 *   campus but not the actor's own: which typologies read it is the service's rule, not a declaration;
 * - rejected: a 4xx other than 401 and 403. Changes are sent so that nothing changes: a body failing the route's
 *   schema (every field of a wrong JSON type) with the actor's own ids, else an id naming nothing (a random UUID) for
 *   the record changed, so that a holder gets 422 or 404 and never writes;
 * - passes: anything but 401, 403 and 5xx: a holder's change with nothing to make it fail (no param, no body schema);
 * - refused: 403 or 404, or an answer with nothing in it (GraphQL FORBIDDEN, NOT_FOUND, null or empty): another
 *   campus's record, or another person's;
 * - refusedChange: any 4xx but 401: a change naming another campus's or person's record (422 when its body fails);
 * - filtered: 2xx, 403, 404 or 422: a list or a search asked with another campus's or person's values;
 * - public: anything but 5xx (login, language, public images and feeds).
 * Every cell also: never 5xx, and no marker the actor may not see (markers.ts).
 */
export type Expectation = 'unauthenticated' | 'denied' | 'allowed' | 'decided' | 'rejected' | 'passes' | 'refused' | 'refusedChange' | 'filtered' | 'public';

export interface HttpRequest {
  method: string;
  path: string;
  body?: unknown;
  multipart?: boolean;
}

export interface Cell {
  /** `GET /api/students/:id` or `Query student`. */
  entry: string;
  graphql: boolean;
  /** The field read in `data` (GraphQL). */
  field?: string;
  actor: MatrixActor | null;
  scope: Scope | 'anonymous';
  expect: Expectation;
  request: HttpRequest;
  /** 0 reads, 1 changes, 2 public changes (a logout ends the session: last). */
  phase: 0 | 1 | 2;
  /** A change from another side whose body its schema accepts (bodies.ts). */
  acceptedBody?: boolean;
}

/** Person-scoped logins: their records are their own (their lessons, their apprentices, themselves). */
export const personScoped = (actor: MatrixActor | null) => !!actor && !campusWide.has(actor.typology);

const identity = ((key: string) => key) as never;

/** A body every field of which has the wrong JSON type: the route answers 422 before its handler runs. Null when none fails. */
async function failingBody(schema: AnySchema | undefined): Promise<Record<string, unknown> | null> {
  const fields = (schema as unknown as { fields?: Record<string, { type: string }> } | undefined)?.fields;
  if (!schema || !fields) return null;
  const body: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (field.type === 'mixed') continue;
    body[name] = field.type === 'object' || field.type === 'array' ? 'matrix' : { matrix: true };
  }
  if (!Object.keys(body).length) return null;
  try {
    await validate(schema, body, identity);
    return null;
  } catch (error) {
    if (error instanceof ValidationError) return body;
    throw error;
  }
}

/** The permission's verdict before any record: public, any logged actor, or the typologies that hold it. */
function gate(core: Core, permission: string, actor: MatrixActor | null): 'public' | 'unauthenticated' | 'denied' | 'holds' {
  if (permission === 'public') return 'public';
  if (!actor) return 'unauthenticated';
  const held = holders(core, permission);
  return held === 'authenticated' || (held as readonly string[]).includes(actor.typology) ? 'holds' : 'denied';
}

interface Filled {
  path: string;
  reachable: boolean;
  personal: boolean;
  /** A record is named (else another side's cell would repeat the own one). */
  scoped: boolean;
  /** The lead record is looked up by value (a room's name): another side's value finds nothing. */
  search: boolean;
}

type Fill = Filled | 'shared' | { missing: string };

/** One way to fill a route's params: the kinds and values a `:kind` param sets (a history's record kind). */
interface Variant {
  label: string;
  kinds: Record<string, string>;
  values: Record<string, string>;
}

/** A route naming a record's kind in its path is covered once per kind the modules declare a history for. */
function variantsOf(core: Core, route: SurfaceRoute): Variant[] {
  if (!route.params.includes('kind')) return [{ label: '', kinds: {}, values: {} }];
  const declared = core.modules.flatMap((module) => module.history ?? []).filter((history) => history.assertReadable).map((history) => history.kind);
  return declared.map((kind) => {
    const recordKind = historyKinds[kind];
    if (!recordKind) throw new Error(`authorization matrix: no rule says what a "${kind}" history names (historyKinds in tests/support/matrix/params.ts)`);
    return { label: ` (${kind})`, kinds: { id: recordKind }, values: { kind } };
  });
}

/**
 * Fills a route's params for an actor and scope: one record leads (a campus-scoped one carrying the most of the
 * others: a line carries its lesson, subject and teacher) and gives the others. With `randomLead`, the lead (the
 * record a change acts on) is a random UUID: it names nothing.
 */
function fill(route: SurfaceRoute, enPath: string, records: Records, actor: MatrixActor | null, scope: Scope, homeCampus: string, randomLead: boolean, variant: Variant): Fill {
  const kinds = new Map(route.params.map((param) => [param, param in variant.values ? undefined : variant.kinds[param] ?? routeParamKind(enPath, param)]));
  const idParams = route.params.filter((param) => kinds.get(param));
  const values = new Map<string, string>();
  const sample = (kind: string) => records.get(kind)?.[0] ?? {};
  const carries = (p: string, q: string) => kinds.get(q)! in sample(kinds.get(p)!) || (q !== 'id' && q in sample(kinds.get(p)!));
  const carried = (p: string) => idParams.filter((q) => q !== p && carries(p, q)).length;
  const ordered = [...idParams].sort((a, b) => Number(isSharedKind(records, kinds.get(a)!)) - Number(isSharedKind(records, kinds.get(b)!)) || carried(b) - carried(a));
  let lead: { reachable: boolean; personal: boolean; search: boolean } | null = null;
  let named = false;
  for (const param of ordered) {
    if (values.has(param)) continue;
    const kind = kinds.get(param)!;
    const chosen = pickFor(records, kind, actor, scope, homeCampus);
    if (!chosen) return { missing: kind };
    lead ??= { reachable: chosen.reachable, personal: chosen.personal, search: isSearchKind(kind) };
    if (!chosen.shared) named = true;
    values.set(param, String(chosen.row.id));
    for (const other of idParams) {
      const value = chosen.row[kinds.get(other)!] ?? (other === 'id' ? undefined : chosen.row[other]);
      if (!values.has(other) && typeof value === 'string') values.set(other, value);
    }
  }
  if (scope !== 'own' && idParams.length && !named) return 'shared';
  if (randomLead && ordered[0]) values.set(ordered[0], crypto.randomUUID());
  const path = route.path.replace(/:([A-Za-z_]\w*)/g, (_, param: string) => encodeURIComponent(values.get(param) ?? variant.values[param] ?? plainParams[param] ?? ''));
  // The teacher's own course (`/my-courses/{schoolSubject}/…`): its lessons must be the actor's own, whoever else
  // may read them under `/teacher/{teacher}/…`.
  const ownSpace = /^\/api\/my-courses\/:schoolSubject/.test(enPath);
  const reachable = (lead?.reachable ?? true) && (!ownSpace || !lead || lead.personal);
  return { path, reachable, personal: lead?.personal ?? false, scoped: idParams.length > 0, search: lead?.search ?? false };
}

/** The query of a read: its required filters (params.ts), or for a list asked from another side the usual filters naming that side's records. */
function queryOf(enPath: string, records: Records, actor: MatrixActor | null, scope: Scope, homeCampus: string, page: string, scoped: boolean): string {
  const required = requiredQueries.find(([pattern]) => pattern.test(enPath))?.[1];
  const filters: Record<string, string> = {};
  const named = (kind: string) => String(pickFor(records, kind, actor, scope, homeCampus)?.row.id ?? '');
  if (required) {
    for (const [name, value] of Object.entries(required)) filters[name] = value.replace('{page}', page).replace(/\{(\w+)\}/, (_, kind: string) => named(kind));
  } else if (scope !== 'own' && !scoped) {
    for (const [name, kind] of [['campus', 'campus'], ['student', 'student'], ['planningGroup', 'planningGroup'], ['trainingGroup', 'trainingGroup'], ['teacher', 'teacher'], ['registration', 'registration']] as const) {
      const value = named(kind);
      if (value) filters[name] = value;
    }
  }
  const query = new URLSearchParams(filters).toString();
  return query ? `?${query}` : '';
}

export interface CellPlan {
  cells: Cell[];
  /** Grid cells not sent, with why (an identical request, no such record, a refusal the gate already gave). */
  notSent: Record<string, number>;
  routes: number;
  operations: number;
}

/**
 * Every cell of the matrix, from the core's route table, GraphQL schema and permission matrix: each route path
 * (English and French, each mounted on its own) and operation, for anonymous and every typology on its own campus,
 * the other campus and, for those scoped to a person, another person's records — holders of the permission or not.
 * Only requests identical to one already planned are not resent. `page` is a web page the news link tool may read.
 */
export async function planCells(core: Core, records: Records, actors: MatrixActor[], homeCampus: string, page: string): Promise<CellPlan> {
  const routes = routeSurface(core);
  const operations = graphqlSurface(core);
  const cells: Cell[] = [];
  const notSent: Record<string, number> = {};
  const skip = (why: string, count = 1) => (notSent[why] = (notSent[why] ?? 0) + count);
  const missing: string[] = [];
  // Every typology on its own campus and the other one (and on another person's records when scoped to a person),
  // whether or not it holds the permission: the gate's refusal must not depend on whose record is named.
  const scopesOf = (actor: MatrixActor | null): Scope[] => {
    if (!actor) return ['own'];
    return personScoped(actor) ? ['own', 'other-campus', 'other-person'] : ['own', 'other-campus'];
  };

  for (const route of routes) {
    const enPath = (routes.find((r) => r.definition === route.definition && r.name.endsWith('.en')) ?? route).path;
    const entry = `${route.method.toUpperCase()} ${route.path}`;
    const change = route.method !== 'get' || stateChangingGets.some((pattern) => pattern.test(enPath));
    const bad = route.method === 'get' ? null : await failingBody(route.definition.body);
    const upload = !!route.definition.upload;
    const phase = !change ? 0 : route.permission === 'public' ? 2 : 1;
    const seen = new Set<string>();
    // Both paths of a route get the whole grid: each is mounted on its own.
    for (const variant of variantsOf(core, route)) for (const actor of [null, ...actors]) {
      const verdict = gate(core, route.permission, actor);
      for (const scope of scopesOf(actor)) {
        // A holder's change on its own side names nothing (random lead id) unless its body fails validation first.
        const randomLead = change && verdict === 'holds' && scope === 'own' && !bad && !upload;
        const filled = fill(route, enPath, records, actor, scope, homeCampus, randomLead, variant);
        if (filled === 'shared') {
          skip('records the campuses share (no other side)');
          continue;
        }
        if ('missing' in filled) {
          if (scope === 'other-person') skip('no record of another person on the same campus');
          else missing.push(`a ${filled.missing} for ${actor?.typology ?? 'anonymous'} (${scope})`);
          continue;
        }
        let expect: Expectation;
        let path = filled.path;
        if (verdict !== 'holds') expect = verdict;
        else if (!change) {
          path += queryOf(enPath, records, actor, scope, homeCampus, page, filled.scoped);
          if (scope === 'own') expect = !filled.reachable ? 'refused' : route.permission === 'authenticated' && !filled.personal ? 'decided' : 'allowed';
          else expect = filled.scoped && !filled.search ? 'refused' : 'filtered';
        } else if (scope === 'own') expect = bad || upload || filled.scoped ? 'rejected' : 'passes';
        else expect = 'refusedChange';
        // Another side's change carries a body its schema accepts, naming that side's records (bodies.ts), when one can
        // be made: refused for what it names, not only for its shape.
        let body: unknown = bad ?? {};
        let acceptedBody = false;
        if (change && route.method !== 'get' && !upload && verdict === 'holds' && scope !== 'own' && route.definition.body) {
          const plausible = await plausibleBody(route.definition.body, (kind) => {
            const chosen = pickFor(records, kind, actor, scope, homeCampus);
            return chosen ? { id: String(chosen.row.id), shared: chosen.shared } : null;
          }, filled.scoped);
          if (plausible) {
            body = plausible;
            acceptedBody = true;
          }
        }
        const request: HttpRequest = { method: route.method.toUpperCase(), path, ...(route.method === 'get' ? {} : upload ? { multipart: true } : { body }) };
        const key = `${actor?.typology}|${request.path}|${JSON.stringify(request.body)}`;
        if (seen.has(key)) {
          skip('identical request (no record named)');
          continue;
        }
        seen.add(key);
        cells.push({ entry: `${entry}${variant.label}`, graphql: false, actor, scope: actor ? scope : 'anonymous', expect, request, phase, acceptedBody });
      }
    }
  }

  for (const operation of operations) {
    const entry = `${operation.type} ${operation.field}`;
    const read = operation.type === 'Query';
    const { text } = document(operation);
    for (const actor of [null, ...actors]) {
      const verdict = gate(core, operation.permission, actor);
      for (const scope of scopesOf(actor)) {
        const filled = variables(operation, records, actor, scope, homeCampus);
        if ('missing' in filled) {
          if (scope === 'other-person') skip('no record of another person on the same campus');
          else missing.push(`a ${filled.missing} for ${actor?.typology ?? 'anonymous'} (${scope})`);
          continue;
        }
        if (scope !== 'own' && !filled.scoped) {
          skip('identical request (no record named)');
          continue;
        }
        let expect: Expectation;
        if (verdict !== 'holds') expect = verdict;
        else if (read && scope === 'own') expect = !filled.reachable ? 'refused' : operation.permission === 'authenticated' && !filled.personal ? 'decided' : 'allowed';
        else if (read) expect = filled.listFilters ? 'filtered' : 'refused';
        else expect = scope === 'own' ? 'rejected' : 'refusedChange';
        cells.push({
          entry, graphql: true, field: operation.field, actor, scope: actor ? scope : 'anonymous', expect,
          request: { method: 'POST', path: '/api/graphql', body: { query: text, variables: filled.values } },
          phase: read ? 0 : operation.permission === 'public' ? 2 : 1,
        });
      }
    }
  }
  if (missing.length) throw new Error(`authorization matrix: no record to name: ${[...new Set(missing)].join('; ')} (tests/support/matrix/fixtures.ts adds what the seed lacks)`);
  return { cells, notSent, routes: routes.length, operations: operations.length };
}
