import { assertScriptedRequest, validate, type RouteDefinition } from '@alterna/core';
import { perm } from '../permissions.js';
import type { BookletsServices } from '../services/index.js';
import { cancellableModules, cancelValidationSchema, validateSchema, type CancellableKind } from '../validation/index.js';

type Route = RouteDefinition<BookletsServices>;

const form = { en: '/booklet-forms/:id', fr: '/formulaires-livret/:id' };
/** Where a request came from, recorded with a signature or a cancellation. */
const routeOf = (ctx: { koa: { method: string; path: string } }) => `${ctx.koa.method} ${ctx.koa.path}`;

/**
 * SPEC §2 "Cancelling validations (GET, by id)": both families, `/students/cancel-…-validation/{id}` (from the staff's
 * student pages) and `/cancel-…-validation/{id}` (from the holder's space); the final evaluation has only the second.
 * SPEC's GET (reason in `?reason=`) is taken from our own pages' scripted requests only (a link or an image of another
 * site could send a GET); the web posts `{ reason }` to the same paths.
 */
const cancelPaths: { kind: CancellableKind; path: string; family: string }[] = (Object.keys(cancellableModules) as CancellableKind[]).flatMap((kind) => [
  ...(kind === 'final' ? [] : [{ kind, path: `/students/cancel-${kind}-validation/:id`, family: 'students' }]),
  { kind, path: `/cancel-${kind}-validation/:id`, family: 'space' },
]);

/** Validation (checkbox + confirmation), the signatures in order from each signatory's space, and cancellation. */
export const validationRoutes: Route[] = [
  {
    name: 'booklet_form_validation', method: 'get', permission: perm.formRead, uuidParams: ['id'], path: { en: `${form.en}/validation`, fr: `${form.fr}/validation` },
    handler: async (ctx) => ({ validation: await ctx.services.validations.state(ctx.actor, ctx.params.id!) }),
  },
  {
    name: 'booklet_form_validate', method: 'post', permission: perm.formWrite, uuidParams: ['id'], body: validateSchema, path: { en: `${form.en}/validate`, fr: `${form.fr}/valider` },
    handler: (ctx) => ctx.services.validations.start(ctx.actor, ctx.params.id!, ctx.language, ctx.t),
  },
  {
    name: 'booklet_form_sign', method: 'post', permission: perm.formWrite, uuidParams: ['id'], path: { en: `${form.en}/sign`, fr: `${form.fr}/signer` },
    handler: async (ctx) => ({ validation: await ctx.services.validations.sign(ctx.actor, ctx.params.id!, routeOf(ctx), ctx.t) }),
  },
  {
    name: 'booklet_form_signed_pdf', method: 'get', permission: perm.formRead, uuidParams: ['id'], path: { en: `${form.en}/signed-pdf`, fr: `${form.fr}/pdf-signe` },
    handler: (ctx) => ctx.services.validations.pdf(ctx.actor, ctx.params.id!, ctx.language),
  },
  // Who may cancel (campus managers; signatories while pending; the coach once signed) is the service's check per form.
  ...cancelPaths.flatMap(({ kind, path, family }): Route[] => {
    const name = `booklet_cancel_${kind.replace(/-/g, '_')}_validation${family === 'students' ? '_students' : ''}`;
    return [
      {
        name, method: 'post', permission: perm.formRead, uuidParams: ['id'], body: cancelValidationSchema, path,
        handler: (ctx) => ctx.services.validations.cancel(ctx.actor, ctx.params.id!, kind, routeOf(ctx), ctx.body.reason, ctx.language, ctx.t),
      },
      {
        name: `${name}_get`, method: 'get', permission: perm.formRead, uuidParams: ['id'], path,
        handler: async (ctx) => {
          assertScriptedRequest(ctx.koa);
          const reason = await validate(cancelValidationSchema, { reason: ctx.query.reason ?? '' }, ctx.t);
          return ctx.services.validations.cancel(ctx.actor, ctx.params.id!, kind, routeOf(ctx), reason.reason, ctx.language, ctx.t);
        },
      },
    ];
  }),
];
