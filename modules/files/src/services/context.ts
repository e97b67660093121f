import { NotFoundError, ValidationError, type Actor, type CoreDeps, type Knex, type PermissionMatrix, type Translate } from '@alterna/core';
import { FilesDocumentModel, FilesFolderModel } from '../models/index.js';
import { perm } from '../permissions.js';
import type { TypologyRules } from '../validation/index.js';

/** What every files service shares: the connection, and who may read or change which folder and file. */
export interface FilesContext {
  core: CoreDeps;
  knex: Knex;
  permissions: PermissionMatrix;
  /** Days before its expiration date a file's owner is told (FILES_EXPIRY_WARNING_DAYS). */
  warningDays: number;
  /** Each typology's accepted types and sizes in force (FILES_<TYPOLOGY>_MAX_MB). */
  typologies: TypologyRules;
  /** A folder staff of its campus read; 404 for one out of reach (another campus's is not revealed). */
  readableFolder(actor: Actor | null, id: string, db?: Knex): Promise<FilesFolderModel>;
  /** A folder managers of its campus change (read-only staff get Access Denied). */
  managedFolder(actor: Actor | null, id: string, db?: Knex): Promise<FilesFolderModel>;
  managedFile(actor: Actor | null, id: string, db?: Knex): Promise<FilesDocumentModel>;
  /** A 422 with one translated message. */
  refuse(t: Translate, key: string, path?: string, values?: Record<string, unknown>): never;
}

export function filesContext(core: CoreDeps, warningDays: number, typologies: TypologyRules): FilesContext {
  const permissions: PermissionMatrix = core.permissions;
  const ctx: FilesContext = {
    core,
    knex: core.knex,
    permissions,
    warningDays,
    typologies,
    async readableFolder(actor, id, db = core.knex) {
      permissions.assert(actor, perm.read);
      const folder = await FilesFolderModel.query(db).findById(id);
      if (!folder || !permissions.isGranted(actor, perm.read, folder.campus_id)) throw new NotFoundError('folder');
      return folder;
    },
    async managedFolder(actor, id, db = core.knex) {
      permissions.assert(actor, perm.manage);
      const folder = await ctx.readableFolder(actor, id, db);
      permissions.assert(actor, perm.manage, folder.campus_id);
      return folder;
    },
    async managedFile(actor, id, db = core.knex) {
      permissions.assert(actor, perm.manage);
      const file = await FilesDocumentModel.query(db).findById(id);
      if (!file || !permissions.isGranted(actor, perm.read, file.campus_id)) throw new NotFoundError('file');
      permissions.assert(actor, perm.manage, file.campus_id);
      return file;
    },
    refuse(t, key, path = '', values = {}) {
      throw new ValidationError([{ path, message: t(key, values) as string }]);
    },
  };
  return ctx;
}
