import { idParam, ValidationError, type Language, type RouteContext, type RouteDefinition, type Translate, type Violation } from '@alterna/core';
import { perm } from '../permissions.js';
import { companyAssociationSchema } from '../validation/index.js';
import type { CompanySaved } from '../services/companies.js';
import type { TeachingServices } from '../services/index.js';
import { apiPath, paths } from './paths.js';

type Route = RouteDefinition<TeachingServices>;
type Context = RouteContext<unknown, TeachingServices>;

/** SPEC §7: the popup posts with a header marking a scripted POST. */
function isScripted(ctx: Context): boolean {
  return (ctx.koa.get('x-requested-with') ?? '').toLowerCase() === 'xmlhttprequest';
}

/** SPEC §7 step 2 failure: errors as a map from field to messages. */
function errorMap(violations: Violation[]): Record<string, string[]> {
  const map: Record<string, string[]> = {};
  for (const v of violations) (map[v.path] ??= []).push(v.message);
  return map;
}

/** ?teacher= of the popup: a UUID when given. */
function teacherParam(ctx: Context): string | null {
  return idParam(ctx.query.teacher, 'teacher', ctx.t);
}

/** ?id= of step 1 when editing (SPEC: "id parameter when editing"). */
function companyParam(ctx: Context): string | null {
  return idParam(ctx.query.id ?? ctx.params.id, 'id', ctx.t);
}

/** Where the form posts and re-renders, in the user's language. */
function formPaths(language: Language, companyId: string | null, teacherId: string | null) {
  const action = companyId ? apiPath(paths.companyEdit, language, { id: companyId }, { teacher: teacherId }) : apiPath(paths.companyNew, language, {}, { teacher: teacherId });
  return { action, rerender: `${action}${action.includes('?') ? '&' : '?'}no_validation=1` };
}

function html(ctx: Context, markup: string): string {
  ctx.koa.type = 'html';
  ctx.koa.set('cache-control', 'no-store');
  return markup;
}

/** The success JSON of SPEC §7: message, success, text, siret, value. */
function success(saved: CompanySaved) {
  return { message: saved.message, success: saved.success, text: saved.text, siret: saved.siret, value: saved.value };
}

async function showForm(ctx: Context) {
  const companyId = companyParam(ctx);
  const teacherId = teacherParam(ctx);
  return html(ctx, await ctx.services.companies.form(ctx.actor, { companyId, teacherId }, formPaths(ctx.language, companyId, teacherId), ctx.t));
}

/** Steps 2 and 3; validation problems answer 422 with the field map, as the popup expects. */
async function submitForm(ctx: Context) {
  try {
    if (!isScripted(ctx)) throw new ValidationError([{ path: '', message: ctx.t('teaching.company.scriptedOnly') }]);
    const companyId = companyParam(ctx);
    const teacherId = teacherParam(ctx);
    const outcome = await ctx.services.companies.submit(
      ctx.actor,
      { companyId, teacherId },
      ctx.body,
      { noValidation: ctx.query.no_validation === '1', paths: formPaths(ctx.language, companyId, teacherId) },
      ctx.t,
    );
    return outcome.kind === 'html' ? html(ctx, outcome.html) : success(outcome.saved);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    ctx.koa.status = 422;
    return { errors: errorMap(error.violations) };
  }
}

/** Step 5: the posted company must be the route's; the route's teacher and the posted ones are associated. */
async function associate(ctx: Context, t: Translate) {
  const body = ctx.body as { teachers: string[]; teacher_company: string | null };
  if (body.teacher_company && body.teacher_company !== ctx.params.id) {
    throw new ValidationError([{ path: 'teacher_company', message: t('teaching.company.otherCompany') }]);
  }
  return success(await ctx.services.companies.associate(ctx.actor, ctx.params.id!, [ctx.params.teacher!, ...body.teachers], t));
}

/** SPEC §2 "Teacher company" routes and the six steps of the popup (SPEC §7). */
export const companyRoutes: Route[] = [
  {
    name: 'teachers_teacher_company_new_show', method: 'get', permission: perm.companyUpdate, path: paths.companyNew,
    handler: (ctx) => showForm(ctx),
  },
  {
    name: 'teachers_teacher_company_new', method: 'post', permission: perm.companyUpdate, path: paths.companyNew, scriptedForm: true,
    handler: (ctx) => submitForm(ctx),
  },
  {
    name: 'teachers_teacher_company_edit_show', method: 'get', permission: perm.companyUpdate, uuidParams: ['id'], path: paths.companyEdit,
    handler: (ctx) => showForm(ctx),
  },
  {
    name: 'teachers_teacher_company_edit', method: 'post', permission: perm.companyUpdate, uuidParams: ['id'], path: paths.companyEdit, scriptedForm: true,
    handler: (ctx) => submitForm(ctx),
  },
  {
    name: 'teachers_teacher_company_associate', method: 'post', permission: perm.companyUpdate, uuidParams: ['id', 'teacher'], body: companyAssociationSchema,
    path: paths.companyAssociate,
    handler: (ctx) => associate(ctx, ctx.t),
  },
  ...(['delete', 'post'] as const).map(
    (method): Route => ({
      name: method === 'delete' ? 'teachers_teacher_company_unlink' : 'teachers_teacher_company_unlink_post', method, permission: perm.companyUpdate,
      uuidParams: ['id', 'teacher'], path: paths.companyUnlink,
      handler: ({ actor, params, services, t }) => services.companies.unlink(actor, params.id!, params.teacher!, t),
    }),
  ),
  {
    name: 'teachers_teacher_company_invalidate', method: 'post', permission: perm.companyUpdate, uuidParams: ['id'], path: paths.companyInvalidate,
    handler: async ({ actor, params, services, t }) => {
      const { message, company } = await services.companies.invalidate(actor, params.id!, t);
      return { message, invalidatedAt: company.invalidatedAt };
    },
  },
];
