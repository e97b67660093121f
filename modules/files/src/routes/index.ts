import { idParam, type RouteContext, type RouteDefinition } from '@alterna/core';
import { perm } from '../permissions.js';
import type { FilesServices } from '../services/index.js';
import {
  editFileSchema, expirationSchema, largestFile, togglePublishedSchema, uploadContentTypes, uploadSchema, type UploadInput,
} from '../validation/index.js';

type Route = RouteDefinition<FilesServices>;
type Ctx = RouteContext<any, FilesServices>;

/** SPEC §2 Files (English paths as the SPEC names them, French translations), and the pages' reads. */
export const paths = {
  list: { en: '/files', fr: '/fichiers' },
  edit: { en: '/files/:id/edit', fr: '/fichiers/:id/modifier' },
  remove: { en: '/files/:id/delete', fr: '/fichiers/:id/supprimer' },
  download: { en: '/files/:id/download', fr: '/fichiers/:id/telecharger' },
  togglePublished: { en: '/files/toggle-published', fr: '/fichiers/basculer-publication' },
  upload: { en: '/files/upload', fr: '/fichiers/televerser' },
  multipleUpload: { en: '/files/multiple-upload', fr: '/fichiers/televersement-multiple' },
  expiration: { en: '/files/update-expiration-date', fr: '/fichiers/modifier-date-expiration' },
  folder: { en: '/folders/:id', fr: '/dossiers/:id' },
  folderRemove: { en: '/folders/:id/delete', fr: '/dossiers/:id/supprimer' },
  mine: { en: '/my-documents', fr: '/mes-documents' },
} as const;

/**
 * Every type a typology may take, up to the largest typology's size in force (read no further); the typology's own
 * SPEC §5 rules (kind, sizes) are the service's, with their messages.
 */
const uploadSpec = (services: FilesServices) => ({ maxBytes: largestFile(services.typologies), accept: [...uploadContentTypes], required: true });

async function uploaded(ctx: Ctx) {
  const { file, replaced } = await ctx.services.documents.upload(ctx.actor, ctx.body as UploadInput, ctx.file, { t: ctx.t, language: ctx.language });
  return { success: true, message: ctx.t(replaced ? 'files.upload.replaced' : 'files.upload.success', { name: file.name }), file };
}

/** The module's routes; the upload routes' limit follows the typologies' sizes in force. */
export const routes = (services: FilesServices): Route[] => [
  {
    name: 'files', method: 'get', permission: perm.read, path: paths.list,
    handler: (ctx) => ctx.services.documents.list(ctx.actor, idParam(ctx.query.campus, 'campus', ctx.t)),
  },
  {
    name: 'files_edit', method: 'get', permission: perm.read, uuidParams: ['id'], path: paths.edit,
    handler: async (ctx) => ({ file: await ctx.services.documents.one(ctx.actor, ctx.params.id!) }),
  },
  {
    name: 'files_edit_submit', method: 'post', permission: perm.manage, uuidParams: ['id'], path: paths.edit, body: editFileSchema,
    handler: async (ctx) => ({
      file: await ctx.services.documents.edit(ctx.actor, ctx.params.id!, ctx.body, ctx.t),
      message: ctx.t('files.file.saved'),
    }),
  },
  {
    name: 'files_delete', method: 'post', permission: perm.manage, uuidParams: ['id'], path: paths.remove,
    handler: async (ctx) => {
      await ctx.services.documents.remove(ctx.actor, ctx.params.id!);
      return { success: true, message: ctx.t('files.file.deleted') };
    },
  },
  {
    name: 'files_download', method: 'get', permission: 'authenticated', uuidParams: ['id'], path: paths.download,
    handler: (ctx) => ctx.services.documents.download(ctx.actor, ctx.params.id!),
  },
  {
    name: 'files_toggle_published', method: 'post', permission: perm.manage, path: paths.togglePublished, body: togglePublishedSchema,
    handler: async (ctx) => ({ file: await ctx.services.documents.togglePublished(ctx.actor, ctx.body.fileId) }),
  },
  { name: 'files_upload', method: 'post', permission: perm.manage, path: paths.upload, body: uploadSchema, upload: uploadSpec(services), handler: uploaded },
  { name: 'files_multiple_upload', method: 'post', permission: perm.manage, path: paths.multipleUpload, body: uploadSchema, upload: uploadSpec(services), handler: uploaded },
  {
    // SPEC §7: form data fileId and fileExpirationDate; 200 → success.message.
    name: 'files_update_expiration_date', method: 'post', permission: perm.manage, path: paths.expiration, body: expirationSchema, scriptedForm: true,
    handler: async (ctx) => {
      const file = await ctx.services.documents.setExpiration(ctx.actor, ctx.body.fileId, ctx.body.fileExpirationDate ?? null);
      return { success: { message: ctx.t(file.expirationDate ? 'files.expiration.updated' : 'files.expiration.removed') }, file };
    },
  },
  {
    name: 'folders_show', method: 'get', permission: perm.read, uuidParams: ['id'], path: paths.folder,
    handler: async (ctx) => ({ folder: await ctx.services.folders.one(ctx.actor, ctx.params.id!) }),
  },
  {
    name: 'folders_delete', method: 'post', permission: perm.manage, uuidParams: ['id'], path: paths.folderRemove,
    handler: async (ctx) => {
      await ctx.services.folders.remove(ctx.actor, ctx.params.id!);
      return { success: true, message: ctx.t('files.folder.deleted') };
    },
  },
  {
    name: 'my_documents', method: 'get', permission: perm.mine, path: paths.mine,
    handler: (ctx) => ctx.services.documents.mine(ctx.actor),
  },
];
