import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Server } from 'node:http';
import Koa, { type Context, type Next } from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import serve from 'koa-static';
import type { i18n as I18n } from 'i18next';
import type { Config } from './config.js';
import { createLogger, type Logger } from './logger.js';
import { openDatabase, type Database, type EmbeddedDatabase } from './db/index.js';
import { migrateLatest } from './db/migrate.js';
import { createI18n, defaultLanguage } from './i18n/index.js';
import { PermissionMatrix } from './auth/permissions.js';
import type { Actor, Authenticator } from './auth/types.js';
import { createMailer, type Mailer } from './mail/index.js';
import { requireDevTools, type DevMailboxHook } from './dev-tools.js';
import { createTemporal, isTemporalUnavailable, withRequestDeadline, type TemporalHandle } from './temporal/client.js';
import { ensureSchedules } from './temporal/schedules.js';
import { OperationsService } from './operations/service.js';
import { operationsMigration, operationsUndoesMigration } from './operations/migrations.js';
import { createFileStore, createStorageDriver, storedFilesMigration } from './storage/index.js';
import { StorageCheckService, storageCheckRoutes, storagePermissions } from './storage/check.js';
import { auditMigration, installAuditTriggers } from './audit/migration.js';
import { auditContextMiddleware } from './audit/context.js';
import { HistoryService, historyPermissions, historyRoutes } from './audit/history.js';
import { corePermissions, operationsGraphql, operationsRoutes } from './operations/api.js';
import { orderModules } from './modules/order.js';
import { coreFor } from './modules/dependencies.js';
import type { CoreDeps, Migration, ModuleDefinition } from './modules/contract.js';
import { mountRoutes, type MountedRoute, type RouteTable } from './http/routes.js';
import { errorMiddleware } from './http/errors.js';
import { bodyLimitBytes, requestGuards } from './http/guards.js';
import { utf8Checked } from './http/utf8.js';
import { clientAddressMiddleware } from './http/client-address.js';
import { securityHeaders } from './http/security-headers.js';
import { mountHealth, readiness, within, type Readiness } from './http/health.js';
import { Drain } from './http/drain.js';
import { languageMiddleware, pickLanguage } from './http/language.js';
import type { RequestState } from './http/state.js';
import { createGraphqlHandler, type SchemaPart } from './graphql/index.js';
import type { GraphQLSchema } from 'graphql';
import type { OperationPermissions } from './graphql/operation-permissions.js';
import type { CompiledStatistics } from './graphql/compiled.js';
import { setClockOffset } from './clock.js';
import { createMetrics, type Metrics } from './metrics/index.js';
import { mountMetrics, requestMetrics } from './metrics/http.js';

export interface CoreOptions {
  config: Config;
  modules: ModuleDefinition<any>[];
  log?: Logger;
  /** Where Temporal is; read lazily because the dev server may start after the core is built. */
  temporalAddress?: () => string | undefined;
  /** Embedded PGlite folder; undefined with no DATABASE_URL means in memory (tests). */
  embeddedDir?: string;
  /** The embedded database without DATABASE_URL; the development tools' PGlite when not given. */
  embeddedDatabase?: EmbeddedDatabase;
  /** Development only (`npm start` without SMTP_URL): the in-process SMTP sink whose inbox is served at /dev/mailbox. */
  devMailbox?: DevMailboxHook;
}

export interface Core {
  config: Config;
  log: Logger;
  db: Database;
  i18n: I18n;
  permissions: PermissionMatrix;
  operations: OperationsService;
  temporal: TemporalHandle;
  mailer: Mailer;
  /** The process's Prometheus metrics (served at /api/metrics behind METRICS_TOKEN, and by the worker on WORKER_METRICS_PORT). */
  metrics: Metrics;
  modules: ModuleDefinition<any>[];
  deps: CoreDeps;
  routes: MountedRoute[];
  /**
   * The GraphQL schema, who may run each Query and Mutation field, by owning module, and the compiled answers' counts
   * (answered, and left to the executor by reason).
   */
  graphql: { schema: GraphQLSchema; declarations: { owner: string; permissions: OperationPermissions }[]; compiled: CompiledStatistics };
  http: Koa;
  services<T = unknown>(moduleName: string): T;
  migrate(): Promise<string[]>;
  /** Seeds the demo centre when the database holds no actor yet; returns whether it seeded. */
  seedIfEmpty(): Promise<boolean>;
  /**
   * The modules' bootstrap, then the declared Temporal schedules brought to their specs. `schedulesInBackground`: the
   * schedules are checked after this resolves (an API listens at once, even while Temporal does not answer).
   */
  bootstrap(options?: { schedulesInBackground?: boolean }): Promise<void>;
  /** Every module's activities, for the worker. */
  activities(): Record<string, (...args: any[]) => Promise<unknown>>;
  /** Readiness: the database required, Temporal reported (`/api/health/ready`, and `/api/health` as before). */
  health(): Promise<Readiness>;
  listen(port?: number, host?: string): Promise<Server>;
  /**
   * A restart: readiness turns 'stopping', the servers stop accepting, the requests in flight finish (at most
   * SHUTDOWN_TIMEOUT_MS, then their connections are cut), then Temporal, the mailer and the database close.
   */
  close(): Promise<void>;
}

const coreMigrations: Migration[] = [operationsMigration, storedFilesMigration, auditMigration, operationsUndoesMigration];

/** Builds the core: ordered modules, their services, permissions, routes and schema, the Koa app. */
export async function createCore(options: CoreOptions): Promise<Core> {
  const { config } = options;
  setClockOffset(config.clockOffsetMs);
  const log = options.log ?? createLogger(config.logLevel);
  const modules = orderModules(options.modules);
  const embedded = config.databaseUrl ? undefined : (options.embeddedDatabase ?? (await requireDevTools(['DATABASE_URL'])).embeddedDatabase);
  const db = await openDatabase({ url: config.databaseUrl, embeddedDir: options.embeddedDir, embedded });
  const knex = db.knex;
  const i18n = await createI18n(Object.fromEntries(modules.filter((m) => m.locales).map((m) => [m.name, m.locales!])));
  const permissions = new PermissionMatrix();
  permissions.add('core', corePermissions);
  permissions.add('core', historyPermissions);
  permissions.add('core', storagePermissions);
  for (const mod of modules) permissions.add(mod.name, mod.permissions ?? []);

  const temporal = createTemporal(options.temporalAddress ?? (() => config.temporalAddress), config.temporalNamespace);
  const metrics = createMetrics(knex);
  const mailer = createMailer(config.smtpUrl, config.mailFrom, log, undefined, metrics.mail);
  const operations = new OperationsService(knex, () => temporal.client(), permissions, config.taskQueue, log, metrics);
  const services = new Map<string, unknown>();
  const installed = (name: string): unknown => {
    if (!services.has(name)) throw new Error(`Module "${name}" has no services (is it installed?)`);
    return services.get(name);
  };
  const files = createFileStore(knex, createStorageDriver(config.storage), log);
  const deps: CoreDeps = {
    config, knex, log, mailer, operations, permissions, files,
    temporal: () => temporal.client(),
    translator: (language) => i18n.getFixedT(language ?? defaultLanguage),
    // The core's own view: any installed module. Each module gets coreFor(deps, mod), which checks its dependsOn.
    module: installed as CoreDeps['module'],
  };
  const cores = new Map(modules.map((mod) => [mod.name, coreFor(deps, mod)]));
  const coreOf = (name: string) => cores.get(name)!;
  let authenticator: Authenticator | null = null;
  for (const mod of modules) {
    const moduleServices = mod.services ? mod.services(coreOf(mod.name)) : {};
    services.set(mod.name, moduleServices);
    mod.register?.({
      services: moduleServices,
      core: coreOf(mod.name),
      provideAuthenticator(a) {
        if (authenticator) throw new Error(`Module "${mod.name}" provides an authenticator, but one is already provided`);
        authenticator = a;
      },
    });
  }

  const history = new HistoryService(knex);
  history.register(modules, (name) => ({ services: services.get(name), core: coreOf(name) }));

  const router = new Router();
  const tables: RouteTable[] = [
    { routes: operationsRoutes, services: operations }, { routes: historyRoutes, services: history },
    { routes: storageCheckRoutes, services: new StorageCheckService(knex, files, permissions) },
  ];
  const schemaParts: SchemaPart[] = [operationsGraphql(operations)];
  for (const mod of modules) {
    const s = services.get(mod.name);
    const core = coreOf(mod.name);
    if (mod.routes) tables.push({ routes: typeof mod.routes === 'function' ? mod.routes(s as never) : mod.routes, services: s, core });
    if (mod.graphql) {
      const { typeDefs, permissions: declared, resolvers, compiled } = mod.graphql;
      schemaParts.push({ owner: mod.name, typeDefs, permissions: declared, resolvers: resolvers(s, core), compiled: compiled?.(s, core) });
    }
  }
  const routes: MountedRoute[] = mountRoutes(router, tables, deps, permissions);
  const graphql = createGraphqlHandler(schemaParts, permissions, log, config.env === 'production');
  metrics.watchCompiled(graphql.compiled);

  const core: Core = {
    config, log, db, i18n, permissions, operations, temporal, mailer, metrics, modules, deps, routes,
    graphql: { schema: graphql.schema, declarations: graphql.declarations, compiled: graphql.compiled },
    // Forwarded headers are believed only from TRUSTED_PROXIES (clientAddressMiddleware), never from anyone.
    http: new Koa({ proxy: false }),
    services: <T>(name: string) => installed(name) as T,
    async migrate() {
      const groups = [{ module: 'core', migrations: coreMigrations }, ...modules.map((m) => ({ module: m.name, migrations: m.migrations ?? [] }))];
      const applied = await migrateLatest(knex, groups);
      // Every table, old or just made, gets its audit triggers: no module has to remember them.
      await installAuditTriggers(knex);
      return applied;
    },
    async seedIfEmpty() {
      const hasActors = await knex.schema.hasTable('actors');
      if (hasActors) {
        const row = await knex('actors').count<{ count: number }[]>({ count: '*' }).first();
        if (Number(row?.count ?? 0) > 0) return false;
      }
      for (const mod of modules) if (mod.seed) await mod.seed(services.get(mod.name), coreOf(mod.name), knex);
      return true;
    },
    async bootstrap({ schedulesInBackground = false } = {}) {
      for (const mod of modules) await mod.bootstrap?.({ services: services.get(mod.name), core: coreOf(mod.name) });
      const schedules = modules.flatMap((mod) => mod.schedules ?? []);
      if (!schedules.length) return;
      const checked = (async () => ensureSchedules(await temporal.client(), config.taskQueue, schedules))().catch((error: unknown) => {
        // The API serves without Temporal; the worker, which cannot, sets the schedules when it starts.
        if (!isTemporalUnavailable(error)) throw error;
        log.warn({ err: error }, 'Temporal unavailable: schedules not checked at this start');
      });
      if (!schedulesInBackground) return checked;
      checked.catch((error: unknown) => log.error({ err: error }, 'schedules not checked at this start'));
    },
    activities() {
      const all: Record<string, (...args: any[]) => Promise<unknown>> = {};
      for (const mod of modules) {
        for (const [name, fn] of Object.entries(mod.activities?.(services.get(mod.name), coreOf(mod.name)) ?? {})) {
          if (all[name]) throw new Error(`Activity "${name}" is defined by two modules`);
          all[name] = fn;
        }
      }
      return all;
    },
    health() {
      // A probe answers within its own few seconds, whatever the database or Temporal do.
      const probeMs = Math.min(config.temporalRequestTimeoutMs, 2000);
      return readiness({
        stopping: () => drain.isStopping,
        db: () => within(probeMs, () => knex.raw('select 1')),
        temporal: () => temporal.health(probeMs),
        version: config.version,
      });
    },
    listen(port = config.port, host = config.host) {
      return new Promise((resolve, reject) => {
        const server = core.http.listen(port, host, () => resolve(server));
        server.once('error', reject);
        drain.track(server);
      });
    },
    async close() {
      const { unfinished } = await drain.stop(config.shutdownTimeoutMs);
      if (unfinished) log.warn({ unfinished, timeoutMs: config.shutdownTimeoutMs }, 'requests cut at shutdown');
      await temporal.close();
      mailer.close();
      await db.close();
    },
  };
  const drain = new Drain();

  mountHealth(router, () => core.health(), config.version);
  mountMetrics(router, metrics, config.metricsToken);
  if (config.metricsToken) metrics.watchProcess();
  const devMailboxServed = !!options.devMailbox && config.env !== 'production';
  if (devMailboxServed) options.devMailbox!.mount(router);
  router.post('/api/graphql', graphql);
  router.get('/api/graphql', graphql);

  const app = core.http;
  // Koa reports a body stream cut short by its client (a page left mid-download, a poll aborted): the client
  // went away, nothing failed here. Anything else is logged, not printed to stderr.
  app.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE' || error.code === 'ECONNRESET' || error.code === 'EPIPE') return;
    log.error({ err: error }, 'http error outside a request handler');
  });
  // Forms only reach the routes that declare scriptedForm (routes.ts refuses them elsewhere).
  const jsonBody = bodyParser({ enableTypes: ['json', 'form'], jsonLimit: bodyLimitBytes });
  app.use(requestMetrics(metrics));
  app.use(requestLogger(log));
  app.use(securityHeaders(config.env === 'production'));
  app.use(languageMiddleware(i18n));
  app.use(errorMiddleware(log));
  // A Temporal call made while answering fails after a few seconds (a 503), not after the SDK's 20 s of retries.
  app.use((_ctx, next) => withRequestDeadline(config.temporalRequestTimeoutMs, next));
  app.use(clientAddressMiddleware(config.trustedProxies));
  app.use(authMiddleware(() => authenticator, i18n));
  app.use(auditContextMiddleware());
  app.use(requestGuards());
  const utf8JsonBody = utf8Checked(jsonBody);
  // GraphQL reads its own body, and is answered before the router: matching its path against every module's routes
  // cost 0.35 ms a request (other methods still get the router's 405).
  app.use(async (ctx, next) => {
    if (ctx.path !== '/api/graphql') return utf8JsonBody(ctx, next);
    return ctx.method === 'POST' || ctx.method === 'GET' ? graphql(ctx) : next();
  });
  app.use(router.routes());
  app.use(router.allowedMethods());
  app.use(apiNotFound);
  // The development inbox exists only where it is served (`npm start` in development): anywhere else, production
  // first, its addresses are a 404, not the web client's page.
  if (!devMailboxServed) app.use(async (ctx, next) => (/^\/dev\/mailbox(?:\/|$)/.test(ctx.path) ? void (ctx.status = 404) : next()));
  app.use(spa(config.webDist));
  return core;
}

function requestLogger(log: Logger) {
  return async (ctx: Context, next: Next) => {
    const requestId = ctx.get('x-request-id') || crypto.randomUUID();
    (ctx.state as RequestState).requestId = requestId;
    ctx.set('x-request-id', requestId);
    const started = performance.now();
    await next();
    if (ctx.path.startsWith('/api')) {
      log.debug({ requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) }, 'request');
    }
  };
}

function authMiddleware(authenticator: () => Authenticator | null, i18n: I18n) {
  return async (ctx: Context, next: Next) => {
    const state = ctx.state as RequestState;
    const a = authenticator();
    state.actor = a ? await a.authenticate(ctx) : null;
    // The profile's language counts once the actor is known (the cookie still wins).
    const language = pickLanguage(ctx);
    if (language !== state.language) {
      state.language = language;
      state.t = i18n.getFixedT(language);
    }
    await next();
  };
}

async function apiNotFound(ctx: Context, next: Next) {
  if (ctx.path === '/api' || ctx.path.startsWith('/api/')) {
    if (ctx.body === undefined && ctx.status === 404) {
      ctx.status = 404;
      ctx.body = { errors: [{ path: '', message: (ctx.state as RequestState).t('errors.notFound') }] };
    }
    return;
  }
  await next();
}

/** Serves the built web client; every other GET gets index.html so the router can take the path. */
function spa(webDist: string) {
  const statics = serve(webDist, { index: false, maxage: 0 });
  const indexFile = path.join(webDist, 'index.html');
  return async (ctx: Context, next: Next) => {
    await statics(ctx, async () => {});
    if (ctx.body !== undefined || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    if (!fs.existsSync(indexFile)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web client is not built yet: run `npm run build:web`.';
      return;
    }
    ctx.type = 'html';
    ctx.set('cache-control', 'no-cache');
    ctx.body = fs.createReadStream(indexFile);
  };
}

export type { Actor };
