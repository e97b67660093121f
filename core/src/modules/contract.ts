import type { RouterContext } from '@koa/router';
import type { Knex } from 'knex';
import type { AnySchema } from 'yup';
import type { Logger } from '../logger.js';
import type { Config } from '../config.js';
import type { Catalogue, Language, Translate } from '../i18n/index.js';
import type { Actor, PermissionDeclaration } from '../auth/types.js';
import type { Mailer } from '../mail/index.js';
import type { OperationsService } from '../operations/service.js';
import type { PermissionMatrix } from '../auth/permissions.js';
import type { CompiledField } from '../graphql/compiled.js';
import type { Client } from '@temporalio/client';
import type { ScheduleDeclaration } from '../temporal/schedules.js';
import type { OperationPermissions } from '../graphql/operation-permissions.js';
import type { FileStore, UploadedFile } from '../storage/file-store.js';
import type { UploadSpec } from '../http/upload.js';

/** One migration of a module; names are timestamped so they sort in creation order. */
export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/**
 * Every module's services by its name, for `core.module(name)`. Filled by declaration merging: each module declares
 * its own in `src/module-services.ts` (`declare module '@alterna/core' { interface ModuleServices { planning:
 * PlanningServices } }`), so a call is typed by the callee's package, without a cast.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules
export interface ModuleServices {}

/** The name of an installed module that offers services. */
export type ModuleName = keyof ModuleServices & string;

/** What every module's services and hooks receive from the core. */
export interface CoreDeps {
  config: Config;
  knex: Knex;
  log: Logger;
  mailer: Mailer;
  operations: OperationsService;
  permissions: PermissionMatrix;
  /** Stored files (uploads): rows in the core's stored_files, bytes in the configured storage driver. */
  files: FileStore;
  /** Messages of the core and every module in a language, for work done outside a request (mails, workflows). */
  translator(language: Language | null | undefined): Translate;
  /** The Temporal client, connected lazily (signals, updates and queries to a module's own workflows). */
  temporal(): Promise<Client>;
  /**
   * Another module's services, through the core only (never by deep import), typed by `ModuleServices`. A module may
   * call only the modules its `dependsOn` lists: any other name throws, naming both modules.
   */
  module<Name extends ModuleName>(name: Name): ModuleServices[Name];
}

/** The request as a thin route handler sees it. */
export interface RouteContext<Body = unknown, Services = unknown> {
  body: Body;
  params: Record<string, string>;
  query: Record<string, string | string[] | undefined>;
  actor: Actor | null;
  language: Language;
  t: Translate;
  services: Services;
  core: CoreDeps;
  /** An upload route's file, accepted (type sniffed from the bytes, within maxBytes); null when none was sent or elsewhere. */
  file: UploadedFile | null;
  /** The Koa context, for cookies and headers; handlers should rarely need it. */
  koa: RouterContext;
}

/** A route of a module's table. Returning undefined answers 204. */
export interface RouteDefinition<Services = unknown> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** English path, or both variants; the French path is a translation of the English one (SPEC §2). */
  path: string | { en: string; fr: string };
  /** Route name without prefix/suffix; the core names it pepal_core_<name>.en / .fr. */
  name: string;
  /** A permission id, or 'public' (no login), or 'authenticated' (any logged actor). */
  permission: string;
  /** Yup schema of the body; violations answer 422. */
  body?: AnySchema;
  /** Route params that must be UUIDs. */
  uuidParams?: string[];
  /**
   * SPEC §7's scripted form submission: the body may be an urlencoded form, sent only with the scripted-POST
   * header (X-Requested-With: XMLHttpRequest), which no other site's form can send. Other routes take JSON only.
   */
  scriptedForm?: boolean;
  /**
   * RFC 8058 one-click unsubscribe: a public POST that takes the urlencoded `List-Unsubscribe=One-Click` a mail
   * provider's server sends, without the scripted-POST header (no browser form of another site gets past the
   * cross-site check). Only for a public route whose path carries what it acts on, signed.
   */
  oneClickForm?: boolean;
  /**
   * An upload route: the body is multipart/form-data, sent only with the scripted-POST header; one file part
   * named `file` (ctx.file) and text fields (ctx.body, strings, validated by `body`). A file whose sniffed type is
   * not in `accept` answers 422, one over `maxBytes` 413, a missing one 422 when `required`, all on path `file`.
   */
  upload?: UploadSpec;
  handler(ctx: RouteContext<any, Services>): Promise<unknown> | unknown;
}

export interface GraphqlContribution<Services = unknown> {
  typeDefs: string;
  /**
   * Who may run each Query and Mutation field the module resolves: a permission id, 'public' or 'authenticated',
   * as routes declare theirs. The core checks it before the resolver runs; a field without one stops the start.
   */
  permissions: OperationPermissions;
  resolvers: (services: Services, core: CoreDeps) => Record<string, Record<string, unknown>>;
  /**
   * Query fields also answered as ready JSON text when a document asks for one alone (core/src/graphql/compiled.ts):
   * for reads of hundreds of nested records, where field-by-field execution costs more than the SQL. Same permission
   * as the resolver, which stays and answers every other document; a test proves both write the same.
   */
  compiled?: (services: Services, core: CoreDeps) => Record<string, CompiledField>;
}

/**
 * A record whose changes the history panel shows (`GET /api/history/:kind/:id`), from the audit trail the core
 * keeps of every table. The core reads the trail; the module says which table holds the record and who may read it.
 */
export interface HistoryDeclaration<Services = unknown> {
  /** The record's kind in the URL ('lesson', 'student'…), unique across modules. */
  kind: string;
  /** The module's table holding the record; its primary key is the record's id. */
  table: string;
  /** The module's tables whose primary key is the record's id or starts with it (a lesson's teachers), shown with it. */
  related?: string[];
  /** Kinds whose record has the same id, shown with this one (a student is an identity actor too). */
  includes?: string[];
  /**
   * Throws NotFoundError or AccessDeniedError unless the actor may read the record (the module's campus check,
   * through its services). A declaration without it is not served alone, only through another's `includes`.
   */
  assertReadable?: (services: Services, actor: Actor, id: string, core: CoreDeps) => Promise<void>;
}

export interface ModuleDefinition<Services = unknown> {
  name: string;
  dependsOn: string[];
  migrations?: Migration[];
  permissions?: PermissionDeclaration[];
  locales?: { fr: Catalogue; en: Catalogue };
  services?: (deps: CoreDeps) => Services;
  /** The module's routes; a function of its services when a route's declaration follows a setting (an upload's maxBytes). */
  routes?: RouteDefinition<Services>[] | ((services: Services) => RouteDefinition<Services>[]);
  graphql?: GraphqlContribution<Services>;
  /** Records whose change history the web shows (the audit trail itself is the core's, for every table). */
  history?: HistoryDeclaration<Services>[];
  /** Idempotent functions the Temporal worker may call. */
  activities?: (services: Services, core: CoreDeps) => Record<string, (...args: any[]) => Promise<unknown>>;
  /** Temporal Schedules the module wants; created or updated at bootstrap. */
  schedules?: ScheduleDeclaration[];
  /** Binds only (e.g. provides the authenticator); runs in dependency order. */
  register?: (core: RegisterApi<Services>) => void;
  /** Runs once every module is registered and migrated (seed data, schedules). */
  bootstrap?: (core: BootstrapApi<Services>) => Promise<void>;
  /** Demo data for an empty database, in dependency order. */
  seed?: (services: Services, core: CoreDeps, knex: Knex) => Promise<void>;
}

export interface RegisterApi<Services> {
  services: Services;
  core: CoreDeps;
  provideAuthenticator(authenticator: import('../auth/types.js').Authenticator): void;
}

export interface BootstrapApi<Services> {
  services: Services;
  core: CoreDeps;
}

/** The one way a module hands itself to the core. */
export function defineModule<Services>(definition: ModuleDefinition<Services>): ModuleDefinition<Services> {
  if (!/^[a-z][a-z-]*$/.test(definition.name)) throw new Error(`Module name "${definition.name}" must be lowercase words joined by dashes`);
  return definition;
}
