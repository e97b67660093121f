import { isUtf8 } from 'node:buffer';
import type { Context } from 'koa';
import { GraphQLError } from 'graphql';
import { createSchema, createYoga } from 'graphql-yoga';
import { useGraphQlJit } from '@envelop/graphql-jit';
import { UserError, ValidationError } from '../errors.js';
import { compiledAnswers, type CompiledField } from './compiled.js';
import { useGraphqlLimits } from './limits.js';
import { useLocalizedErrors } from './localized-errors.js';
import { assertEveryOperationGuarded, guardedNames, guardOperations, type OperationPermissions } from './operation-permissions.js';
import type { Logger } from '../logger.js';
import type { PermissionMatrix } from '../auth/permissions.js';
import type { Actor } from '../auth/types.js';
import type { Language, Translate } from '../i18n/index.js';
import { RequestRefused } from '../http/guards.js';
import type { RequestState } from '../http/state.js';

/** What every resolver receives as its context. */
export interface GraphqlContext {
  actor: Actor | null;
  language: Language;
  t: Translate;
  permissions: PermissionMatrix;
  koa: Context;
}

const baseTypeDefs = /* GraphQL */ `
  scalar JSON
  type Query {
    IsLogged: IsLoggedResult!
  }
  type Mutation {
    _noop: Boolean
  }
  type IsLoggedResult {
    isLogged: Boolean!
  }
`;

const baseResolvers = {
  Query: { IsLogged: (_: unknown, __: unknown, ctx: GraphqlContext) => ({ isLogged: !!ctx.actor }) },
  Mutation: { _noop: () => null },
};
const basePermissions: OperationPermissions = { Query: { IsLogged: 'public' }, Mutation: { _noop: 'public' } };

export interface SchemaPart {
  /** The module (or 'core') the part belongs to, named when a declaration is missing. */
  owner: string;
  typeDefs: string;
  permissions: OperationPermissions;
  resolvers: Record<string, Record<string, unknown>>;
  /** Query fields the part also answers as ready JSON text (compiled.ts), behind the same declared permission. */
  compiled?: Record<string, CompiledField>;
}

/**
 * Assembles the modules' schema parts behind POST /api/graphql. Errors follow SPEC §8: the SPEC's
 * messages for login and access, violations as { path, message } in the extensions, and nothing internal.
 */
export function createGraphqlHandler(parts: SchemaPart[], permissions: PermissionMatrix, log: Logger, production: boolean) {
  const all: SchemaPart[] = [{ owner: 'core', typeDefs: baseTypeDefs, permissions: basePermissions, resolvers: baseResolvers }, ...parts];
  // Every operation checks its declared permission before its resolver runs (the typology; campuses are the services').
  const guarded = all.map((part) => guardOperations(part.owner, part.resolvers, part.permissions, permissions));
  const schema = createSchema<GraphqlContext>({
    typeDefs: all.map((part) => part.typeDefs),
    resolvers: [{ JSON: jsonScalar }, ...guarded] as never,
  });
  assertEveryOperationGuarded(schema, new Set(guarded.flatMap(guardedNames)));
  const yoga = createYoga<{ koa: Context }, GraphqlContext>({
    schema,
    graphqlEndpoint: '/api/graphql',
    graphiql: !production,
    landingPage: false,
    // Compiled queries: the planning calendar returns hundreds of nested lessons, which plain graphql-js
    // executes field by field several times slower than the SQL behind them.
    plugins: [useGraphqlLimits(production), useGraphQlJit(), useLocalizedErrors()],
    // Validation depends on who asks (introspection) and speaks their language (limits): never reuse one
    // request's answer for another. Parsed documents are still cached.
    parserAndValidationCache: { validationCache: false, errorCache: { get: () => undefined, set: () => undefined } },
    logging: false,
    context: ({ koa }) => contextOf(koa),
    maskedErrors: {
      maskError(error, _message, isDev) {
        // Duck-typed: under some loaders graphql-tools and this file see two copies of the graphql package.
        const wrapped = error as { originalError?: unknown; path?: readonly (string | number)[]; name?: string } | null;
        const isGraphqlError = !!wrapped && wrapped.name === 'GraphQLError';
        const original = isGraphqlError ? wrapped.originalError : error;
        const path = isGraphqlError ? wrapped.path : undefined;
        if (original instanceof ValidationError) {
          return new GraphQLError(original.message, { path, extensions: { ...original.details, code: original.code, violations: original.violations } });
        }
        if (original instanceof UserError) {
          return new GraphQLError(original.message, { path, extensions: { code: original.code, ...(original.reason ? { reason: original.reason } : {}) } });
        }
        // Syntax and schema-validation errors are the caller's, and safe to show.
        // graphql-js wraps variable coercion errors (unknown input field, wrong type) in another GraphQLError.
        // A refused document (limits.ts) is a 400 even where the parse step marks its errors as a 200 for JSON clients.
        const refused = [error, original].find((e) => (e as GraphQLError | undefined)?.extensions?.code === 'QUERY_TOO_LARGE') as GraphQLError | undefined;
        if (refused) return new GraphQLError(refused.message, { extensions: { ...refused.extensions, http: { status: 400 } } });
        if (isGraphqlError && (!original || (original as { name?: string }).name === 'GraphQLError')) return error as GraphQLError;
        log.error({ err: original, isDev }, 'graphql resolver failed');
        return new GraphQLError('Une erreur 500 est survenue, veuillez contacter le support pour leur informer du problème', { path, extensions: { code: 'INTERNAL' } });
      },
    },
  });
  const compiled = compiledAnswers(schema, all, permissions, log);
  const contextOf = (koa: Context): GraphqlContext => {
    const state = koa.state as RequestState;
    return { actor: state.actor, language: state.language, t: state.t, permissions, koa };
  };
  const handler = async (koa: Context) => {
    const body = await bodyOf(koa);
    const answer = body ? await compiled(body, contextOf(koa), isPlainJsonRequest(koa)) : null;
    if (answer !== null) {
      koa.status = 200;
      koa.type = 'application/json; charset=utf-8';
      koa.body = answer;
      return;
    }
    const response = await yoga.fetch(requestOf(koa, body), { koa });
    koa.status = response.status;
    response.headers.forEach((value, key) => koa.set(key, value));
    koa.body = Buffer.from(await response.arrayBuffer());
  };
  // The schema and every part's declarations, for the proof suites that generate requests from them; the compiled
  // answers' counts, for the tests that fail on an unexpected fallback.
  return Object.assign(handler, {
    schema, declarations: all.map((part) => ({ owner: part.owner, permissions: part.permissions })), compiled: compiled.statistics,
  });
}

const jsonScalar = {
  __serialize: (value: unknown) => value,
  __parseValue: (value: unknown) => value,
  __parseLiteral: () => null,
};

/**
 * The body, read here first (the guards bounded its length): JSON is UTF-8 text, and a body that is not would be read
 * with U+FFFD in its strings and stored so — it answers 422 like broken JSON. None for GET and HEAD.
 */
async function bodyOf(koa: Context): Promise<Buffer<ArrayBuffer> | null> {
  if (koa.method === 'GET' || koa.method === 'HEAD') return null;
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of koa.req) chunks.push(chunk as Buffer);
  } catch {
    // The client went away mid-body (a page left while its request was sent): nothing to answer, nothing to log.
    throw new RequestRefused(400, 'BODY_ABORTED', (koa.state as RequestState).t('errors.invalidJson'));
  }
  const body = Buffer.concat(chunks);
  const encoding = koa.get('content-encoding');
  if ((!encoding || encoding === 'identity') && !isUtf8(body)) {
    throw new RequestRefused(422, 'INVALID_JSON', (koa.state as RequestState).t('errors.invalidJson'));
  }
  return body;
}

/** A JSON body, not encoded, from a client that takes plain JSON back (what a compiled answer is written as). */
function isPlainJsonRequest(koa: Context): boolean {
  const encoding = koa.get('content-encoding');
  const accept = koa.get('accept');
  return koa.is('application/json') === 'application/json' && (!encoding || encoding === 'identity')
    && (!accept || accept.includes('*/*') || accept.includes('application/json'));
}

/** The request as Yoga takes it, with the body already read. */
function requestOf(koa: Context, body: Buffer<ArrayBuffer> | null): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(koa.req.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  const url = new URL(koa.originalUrl, `http://${koa.get('host') || 'localhost'}`);
  return body === null ? new Request(url, { method: koa.method, headers }) : new Request(url, { method: koa.method, headers, body });
}
