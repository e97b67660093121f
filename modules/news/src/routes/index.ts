import { uploadedBytes, validate, ValidationError, type RouteDefinition } from '@alterna/core';
import { perm } from '../permissions.js';
import type { NewsServices } from '../services/index.js';
import { attachmentTypes, imageDeleteSchema, imageTypes, linkToolSchema, maxAttachmentBytes, maxImageBytes, newsSchema } from '../validation/index.js';
import { paths } from './paths.js';

type Route = RouteDefinition<NewsServices>;

const limitOf = (value: unknown) => {
  const n = typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : 50;
  return Math.min(Math.max(n, 1), 100);
};

/** News (SPEC §2 news /{id}/toggle, §3 News) and the Editor.js API (SPEC §2 "Editor API", §7 uploads). */
export const routes: Route[] = [
  { name: 'news_index', method: 'get', permission: perm.newsRead, path: paths.list, handler: async (ctx) => ({ news: await ctx.services.news.list(ctx.actor) }) },
  {
    name: 'news_new', method: 'post', permission: perm.newsManage, path: paths.create, body: newsSchema,
    handler: async (ctx) => ({ news: await ctx.services.news.create(ctx.actor, ctx.body, ctx.t) }),
  },
  { name: 'news_form_options', method: 'get', permission: perm.newsManage, path: paths.formOptions, handler: (ctx) => ctx.services.news.formOptions(ctx.actor) },
  {
    name: 'news_mine', method: 'get', permission: perm.feedRead, path: paths.mine,
    handler: async (ctx) => ({ news: await ctx.services.news.feed(ctx.actor, limitOf(ctx.query.limit)) }),
  },
  {
    name: 'news_mine_show', method: 'get', permission: perm.feedRead, path: paths.mineItem, uuidParams: ['id'],
    handler: async (ctx) => ({ news: await ctx.services.news.article(ctx.actor, ctx.params.id!) }),
  },
  {
    name: 'news_file_upload', method: 'post', permission: perm.newsManage, path: paths.files,
    upload: { maxBytes: maxAttachmentBytes, accept: [...attachmentTypes], required: true },
    handler: async (ctx) => ({ file: await ctx.services.news.upload(ctx.actor, ctx.file!, 'attachment') }),
  },
  {
    name: 'news_image', method: 'get', permission: perm.feedRead, path: paths.image, uuidParams: ['id'],
    handler: (ctx) => ctx.services.news.image(ctx.actor, ctx.params.id!),
  },
  { name: 'news_show', method: 'get', permission: perm.newsRead, path: paths.item, uuidParams: ['id'], handler: async (ctx) => ({ news: await ctx.services.news.get(ctx.actor, ctx.params.id!) }) },
  {
    name: 'news_edit', method: 'post', permission: perm.newsManage, path: paths.edit, uuidParams: ['id'], body: newsSchema,
    handler: async (ctx) => ({ news: await ctx.services.news.update(ctx.actor, ctx.params.id!, ctx.body, ctx.t) }),
  },
  { name: 'news_delete', method: 'post', permission: perm.newsManage, path: paths.remove, uuidParams: ['id'], handler: (ctx) => ctx.services.news.remove(ctx.actor, ctx.params.id!) },
  {
    name: 'news_toggle', method: 'post', permission: perm.newsManage, path: paths.toggle, uuidParams: ['id'],
    handler: async (ctx) => ({ news: await ctx.services.news.toggle(ctx.actor, ctx.params.id!) }),
  },
  { name: 'news_file', method: 'get', permission: perm.feedRead, path: paths.file, uuidParams: ['id'], handler: (ctx) => ctx.services.news.download(ctx.actor, ctx.params.id!) },

  // SPEC §2 Editor API. GET files/new tells the editor what it may send.
  {
    name: 'editorjs_files_new', method: 'get', permission: perm.newsManage, path: paths.editorFilesNew,
    handler: () => ({ accept: [...imageTypes], maxBytes: maxImageBytes, field: 'file' }),
  },
  {
    // Editor.js image tool: multipart field `file`, answered { success: 1, file: { url } }.
    name: 'editorjs_files_upload', method: 'post', permission: perm.newsManage, path: paths.editorFilesNew,
    upload: { maxBytes: maxImageBytes, accept: [...imageTypes], required: true },
    handler: async (ctx) => {
      const stored = await ctx.services.news.upload(ctx.actor, ctx.file!, 'image');
      return { success: 1, file: { url: stored.url, id: stored.id, name: stored.filename, size: stored.size } };
    },
  },
  {
    // SPEC §7: multipart field `file` = the image's source (sent as a small text part), answered { success, message }.
    name: 'editorjs_files_delete', method: 'post', permission: perm.newsManage, path: paths.editorFilesDelete,
    upload: { maxBytes: 4096, accept: ['text/plain'], required: true },
    handler: async (ctx) => {
      const { file } = await imageDeleteSchema.validate({ file: (await uploadedBytes(ctx.file!)).toString('utf8') }).catch(() => {
        throw new ValidationError([{ path: 'file', message: ctx.t('validation.noFile') as string }]);
      });
      const outcome = await ctx.services.news.removeImage(ctx.actor, file);
      return { success: 1, message: ctx.t(`news.editor.image.${outcome}`) };
    },
  },
  {
    name: 'editorjs_linktool', method: 'get', permission: perm.newsManage, path: paths.linkTool,
    handler: async (ctx) => {
      const { url } = await validate(linkToolSchema, { url: typeof ctx.query.url === 'string' ? ctx.query.url : '' }, ctx.t);
      return ctx.services.linkTool.fetch(ctx.actor, url, ctx.t);
    },
  },
  {
    name: 'editorjs_linktool_post', method: 'post', permission: perm.newsManage, path: paths.linkTool, body: linkToolSchema,
    handler: (ctx) => ctx.services.linkTool.fetch(ctx.actor, ctx.body.url, ctx.t),
  },
];
