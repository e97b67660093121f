import Router, { type RouterContext } from '@koa/router';
import { NotLoggedInError, ValidationError, type Violation } from '../errors.js';
import type { PermissionMatrix } from '../auth/permissions.js';
import type { CoreDeps, RouteDefinition } from '../modules/contract.js';
import { forbiddenTextPaths, hasForbiddenCharacter, isUuid, validate } from '../validation/index.js';
import type { RequestState } from './state.js';
import { assertJsonBody } from './guards.js';
import { contentDisposition, FileDownload } from './download.js';
import { discardUpload, readUpload } from './upload.js';
import type { UploadedFile } from '../storage/file-store.js';

export interface MountedRoute {
  name: string;
  method: string;
  path: string;
  permission: string;
  /** The module's declaration (body schema, UUID params, upload): what the proof suites generate requests from. */
  definition: RouteDefinition<any>;
}

/** Both language variants of a path: a plain string serves the same path for both. */
export function pathVariants(path: RouteDefinition['path']): { en: string; fr: string } {
  return typeof path === 'string' ? { en: path, fr: path } : path;
}

/** A module's route table with the services its handlers receive. */
export interface RouteTable<S = any> {
  routes: RouteDefinition<S>[];
  services: S;
  /** The core as the owning module sees it (its dependsOn checked); the core's own view by default. */
  core?: CoreDeps;
}

/**
 * Orders paths so that a static segment is tried before a parameter at the same place: the router answers
 * with the first match, so `/training-center/trainings/new` must come before `/training-center/:site/new`,
 * whichever module declared it. Paths of the same shape keep their declared order.
 */
export function bySpecificity(a: string, b: string): number {
  const shape = (path: string) => path.split('/').filter(Boolean).map((segment) => (segment.startsWith(':') ? 1 : 0));
  const [x, y] = [shape(a), shape(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) if (x[i] !== y[i]) return x[i]! - y[i]!;
  // Paths of different lengths never match the same URL; ordering them by length keeps the order total.
  return x.length - y.length;
}

/**
 * Mounts every module's route table under /api, most specific paths first: each route checks login and
 * permission, validates its UUID params and its body, then calls a thin handler. Route names follow
 * SPEC §2: pepal_core_<name>.en/.fr.
 */
export function mountRoutes(router: Router, tables: RouteTable[], core: CoreDeps, permissions: PermissionMatrix): MountedRoute[] {
  const entries = tables.flatMap(({ routes, services, core: tableCore = core }) =>
    routes.flatMap((route) => {
      if (!['public', 'authenticated'].includes(route.permission) && !permissions.has(route.permission)) {
        throw new Error(`Route ${route.name} names the unknown permission "${route.permission}"`);
      }
      const upload = route.upload;
      if (upload && (!['post', 'put', 'patch'].includes(route.method) || !(upload.maxBytes > 0) || !upload.accept.length)) {
        throw new Error(`Route ${route.name} declares an upload no request can send: it needs POST, PUT or PATCH, maxBytes above 0 and accepted types`);
      }
      if (route.oneClickForm && (route.method !== 'post' || route.permission !== 'public')) {
        throw new Error(`Route ${route.name} declares a one-click form: only a public POST may take one`);
      }
      const variants = pathVariants(route.path);
      const paths = variants.en === variants.fr ? [['en', variants.en] as const] : (Object.entries(variants) as [string, string][]);
      return paths.map(([lang, path]) => ({ route, services, core: tableCore, name: `pepal_core_${route.name}.${lang}`, path: `/api${path}` }));
    }),
  );
  entries.sort((a, b) => bySpecificity(a.path, b.path));
  const mounted: MountedRoute[] = [];
  for (const { route, services, core: routeCore, name, path } of entries) {
    router[route.method](name, path, async (koa: RouterContext) => {
      const state = koa.state as RequestState;
      if (route.permission !== 'public') {
        if (!state.actor) throw new NotLoggedInError();
        // Campus-scoped checks happen in the service, which knows the campus of what is touched.
        if (route.permission !== 'authenticated') permissions.assert(state.actor, route.permission);
      }
      const badIds = (route.uuidParams ?? []).filter((param) => !isUuid(koa.params[param]));
      if (badIds.length) {
        throw new ValidationError(badIds.map((param) => ({ path: param, message: state.t('errors.invalidId', { value: koa.params[param] }) })));
      }
      // The path's and the query string's texts, as a body's: no control character (NUL…) reaches a handler.
      const badTexts = [...Object.entries(koa.params), ...Object.entries(koa.query)]
        .filter(([, value]) => [value].flat().some((text) => typeof text === 'string' && hasForbiddenCharacter(text)));
      if (badTexts.length) throw new ValidationError(badTexts.map(([name]) => ({ path: name, message: state.t('validation.forbiddenCharacter') })));
      let rawBody: unknown;
      let file: UploadedFile | null = null;
      let fileViolations: Violation[] = [];
      if (route.upload) {
        const upload = await readUpload(koa, route.upload, state);
        ({ file, violations: fileViolations } = upload);
        rawBody = upload.fields;
      } else {
        assertJsonBody(koa, !!route.scriptedForm, !!route.oneClickForm);
        rawBody = (koa.request as { body?: unknown }).body;
      }
      // The received file's temporary copy goes once the route has answered (stored by then, or unwanted).
      let result: unknown;
      try {
        // An upload's fields are text: its schema's numbers and booleans read them as yup casts them.
        const body = route.body
          ? await validate(route.body, rawBody, state.t, { textFields: !!route.upload }).catch((error: unknown) => {
            // The file's problems are reported with the fields', in one answer.
            if (error instanceof ValidationError && fileViolations.length) throw new ValidationError([...error.violations, ...fileViolations], error.details);
            throw error;
          })
          : textChecked(rawBody, state);
        if (fileViolations.length) throw new ValidationError(fileViolations);
        result = await route.handler({
          body,
          params: koa.params,
          query: koa.query as Record<string, string | string[] | undefined>,
          actor: state.actor,
          language: state.language,
          t: state.t,
          services,
          core: routeCore,
          file,
          koa,
        });
      } finally {
        await discardUpload(file);
      }
      if (result instanceof FileDownload) {
        koa.set('Content-Disposition', contentDisposition(result.file.filename));
        koa.type = result.file.contentType;
        koa.body = result.file.stream;
        if (result.file.size !== undefined) koa.length = result.file.size;
      } else if (result === undefined) {
        if (koa.body === undefined) koa.status = 204;
      } else {
        koa.body = result;
      }
    });
    mounted.push({ name, method: route.method, path, permission: route.permission, definition: route });
  }
  return mounted;
}

/** A body its route checks itself (no schema): its texts are checked here all the same, 422 on each one. */
function textChecked(body: unknown, state: RequestState): unknown {
  const paths = forbiddenTextPaths(body);
  if (paths.length) throw new ValidationError(paths.slice(0, 100).map((path) => ({ path, message: state.t('validation.forbiddenCharacter') })));
  return body;
}
