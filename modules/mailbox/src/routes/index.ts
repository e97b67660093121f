import fs from 'node:fs';
import { NotFoundError, ValidationError, yup, type RouteContext, type RouteDefinition } from '@alterna/core';
import { assets } from '../services/render/assets.js';
import { perm } from '../permissions.js';
import type { MailboxServices } from '../services/index.js';
import { imageContentTypes, imageTypeViolation, maxImageBytes, previewSchema, templateSchema, type TemplateInput } from '../validation/index.js';
import { paths } from './paths.js';

type Route = RouteDefinition<MailboxServices>;

/** An HTML page under an e-mail's policy: images from anywhere, the app's web fonts, no script, framed by our pages only. */
function underEmailPolicy(ctx: RouteContext<unknown, MailboxServices>, extra: string[] = []): void {
  const app = ctx.core.config.publicUrl;
  ctx.koa.type = 'text/html; charset=utf-8';
  ctx.koa.set('Content-Security-Policy', [
    "default-src 'none'", 'img-src https: http: data:', `style-src 'unsafe-inline' 'self' ${app}`, `font-src 'self' ${app}`,
    "frame-ancestors 'self'", ...extra,
  ].join('; '));
  ctx.koa.set('X-Frame-Options', 'SAMEORIGIN');
}

/**
 * The compiled e-mail as its own page: shown in the editor's sandboxed iframe. Its policy replaces the app's: no
 * script at all, images from anywhere (an e-mail's), the web fonts, framed by our own pages only.
 */
function asEmailPage(ctx: RouteContext<unknown, MailboxServices>, html: string): string {
  underEmailPolicy(ctx, ['sandbox']);
  ctx.koa.set('Cache-Control', 'no-store');
  return html;
}

/**
 * The editor's live preview frame: an empty page under the e-mail's policy, into which the editor writes the
 * draft's HTML (a srcdoc frame would take the app's policy, which loads no image or font from elsewhere). The frame
 * is sandboxed without scripts by the page that embeds it; this policy allows none either.
 */
function previewFrame(ctx: RouteContext<unknown, MailboxServices>): string {
  underEmailPolicy(ctx);
  return '<!doctype html><html><head><meta charset="utf-8"><title>Preview</title></head><body></body></html>';
}

/**
 * An icon or a web font of the templates (render/assets.ts): public and cacheable as template images are, readable by
 * a webmail's page of another origin (fonts need CORS).
 */
function asset(ctx: RouteContext<unknown, MailboxServices>): string | fs.ReadStream {
  const found = assets.get(ctx.params.name ?? '');
  if (!found) throw new NotFoundError('asset');
  ctx.koa.type = found.type;
  ctx.koa.set('Cache-Control', 'public, max-age=604800');
  ctx.koa.set('Access-Control-Allow-Origin', '*');
  ctx.koa.set('Cross-Origin-Resource-Policy', 'cross-origin');
  return found.text ?? fs.createReadStream(found.file!);
}

/** Files the upload route reads in order to answer SPEC §5's message for a non-image (the others get the core's). */
const readableKinds = [
  ...imageContentTypes, 'application/pdf', 'text/plain', 'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.text', 'application/vnd.oasis.opendocument.spreadsheet',
];
const uploadFields = yup.object({
  campusId: yup.string().nullable().default(null).test('uuid', 'mailbox.validation.campus', (value) => !value || /^[0-9a-f-]{36}$/i.test(value)),
});

/** SPEC §2 "Mailbox": mail templates (list, create, edit, duplicate, delete), their preview and image uploads. */
export const routes: Route[] = [
  // Before `/:id`, which would take its one segment for a template id.
  {
    name: 'mailbox_mail_templates_preview_frame', method: 'get', permission: perm.templateRead, path: paths.previewFrame,
    handler: async (ctx) => previewFrame(ctx),
  },
  {
    name: 'mailbox_mail_templates', method: 'get', permission: perm.templateRead, path: paths.templates,
    handler: async (ctx) => ({ templates: await ctx.services.templates.list(ctx.actor!) }),
  },
  {
    name: 'mailbox_mail_template_new', method: 'post', permission: perm.templateManage, body: templateSchema, path: paths.templates,
    handler: async (ctx) => ({ template: await ctx.services.templates.create(ctx.actor!, ctx.body as TemplateInput & { campusId: string | null }, ctx.t) }),
  },
  {
    name: 'mailbox_mail_template', method: 'get', permission: perm.templateRead, uuidParams: ['id'], path: paths.template,
    handler: async (ctx) => ({ template: await ctx.services.templates.get(ctx.actor!, ctx.params.id!) }),
  },
  {
    name: 'mailbox_mail_template_edit', method: 'put', permission: perm.templateManage, uuidParams: ['id'], body: templateSchema, path: paths.template,
    handler: async (ctx) => ({ template: await ctx.services.templates.update(ctx.actor!, ctx.params.id!, ctx.body as TemplateInput & { campusId: string | null }, ctx.t) }),
  },
  {
    name: 'mailbox_mail_template_delete', method: 'delete', permission: perm.templateManage, uuidParams: ['id'], path: paths.template,
    handler: (ctx) => ctx.services.templates.remove(ctx.actor!, ctx.params.id!),
  },
  {
    name: 'mailbox_mail_template_duplicate', method: 'post', permission: perm.templateManage, uuidParams: ['id'], path: paths.duplicate,
    handler: async (ctx) => ({ template: await ctx.services.templates.duplicate(ctx.actor!, ctx.params.id!, ctx.t) }),
  },
  {
    name: 'mailbox_mail_templates_preview', method: 'get', permission: perm.templateRead, uuidParams: ['id'], path: paths.preview,
    handler: async (ctx) => asEmailPage(ctx, await ctx.services.templates.preview(ctx.actor!, ctx.params.id!)),
  },
  {
    // The editor's live preview of an unsaved tree: the same renderer, nothing stored.
    name: 'mailbox_mail_templates_draft_preview', method: 'post', permission: perm.templateRead, body: previewSchema, path: paths.draftPreview,
    handler: async (ctx) => asEmailPage(ctx, await ctx.services.templates.previewDraft(ctx.body)),
  },
  {
    name: 'mailbox_mail_templates_upload_file', method: 'post', permission: perm.templateManage, path: paths.uploadFile,
    upload: { maxBytes: maxImageBytes, accept: readableKinds, required: true }, body: uploadFields,
    handler: async (ctx) => {
      const refused = imageTypeViolation(ctx.file!.contentType);
      if (refused) throw new ValidationError([{ path: 'file', message: ctx.t(refused.key, refused.values) as string }]);
      return ctx.services.templates.uploadImage(ctx.actor!, ctx.file!, ctx.body.campusId ?? null, `${ctx.koa.protocol}://${ctx.koa.host}`);
    },
  },
  {
    // Public: e-mail clients load the images of a message without a session; the token is 256 random bits.
    name: 'mailbox_mail_template_image', method: 'get', permission: 'public', path: paths.image,
    handler: (ctx) => ctx.services.templates.image(ctx.params.token!),
  },
  {
    // Public too: the social icons and web fonts every recipient's mail client loads from the app, not a third party.
    name: 'mailbox_mail_template_asset', method: 'get', permission: 'public', path: paths.asset,
    handler: (ctx) => asset(ctx),
  },
];
