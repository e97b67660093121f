import {
  NotFoundError, ValidationError, fn, todayIn, type Actor, type FileDownload, type Knex, type Language, type PermissionMatrix, type Translate, type UploadedFile,
} from '@alterna/core';
import { FilesDocumentModel } from '../models/index.js';
import { perm } from '../permissions.js';
import { uploadProblems, type EditFileInput, type FileTypology, type TypologyRules, type UploadInput } from '../validation/index.js';
import type { FilesContext } from './context.js';
import { folderRows, toFolder, type Folder } from './folders.js';

/** A file as the staff pages see it. */
export interface ManagedFile {
  id: string;
  name: string;
  folderId: string;
  campusId: string;
  typologyReference: FileTypology;
  contentType: string;
  size: number;
  expirationDate: string | null;
  published: boolean;
  user: { id: string; firstName: string; lastName: string } | null;
  owner: { id: string; firstName: string; lastName: string } | null;
  updatedAt: string;
}

/** A file as a student, teacher or tutor sees it, in its folder. */
export interface VisibleFile {
  id: string;
  name: string;
  contentType: string;
  size: number;
  expirationDate: string | null;
  updatedAt: string;
}

export interface VisibleFolder {
  id: string;
  folderName: string;
  files: VisibleFile[];
}

export interface DocumentsService {
  /** SPEC §7 upload: a new file in a folder, or the bytes of `fileToReplace` replaced (the old ones kept until the new are stored). */
  upload(actor: Actor | null, input: UploadInput, file: UploadedFile | null, speaker: { t: Translate; language: Language }): Promise<{ file: ManagedFile; replaced: boolean }>;
  one(actor: Actor | null, id: string): Promise<ManagedFile>;
  edit(actor: Actor | null, id: string, input: EditFileInput, t: Translate): Promise<ManagedFile>;
  togglePublished(actor: Actor | null, id: string): Promise<ManagedFile>;
  setExpiration(actor: Actor | null, id: string, day: string | null): Promise<ManagedFile>;
  remove(actor: Actor | null, id: string): Promise<void>;
  /** Staff: the folders and files of their campuses (one campus when given), and each typology's rule in force for the uploaders. */
  list(actor: Actor | null, campusId: string | null): Promise<{ folders: Folder[]; files: ManagedFile[]; typologies: TypologyRules }>;
  /** The published, unexpired files of the folders the actor's planning groups may see. */
  mine(actor: Actor | null): Promise<{ folders: VisibleFolder[] }>;
  /** The bytes, for staff of its campus or a person who sees it. */
  download(actor: Actor | null, id: string): Promise<FileDownload>;
}

function fileRows(knex: Knex) {
  return knex('files_documents as d')
    .join('stored_files as s', 's.id', 'd.stored_file_id')
    .leftJoin('identity_actors as u', 'u.id', 'd.user_id')
    .leftJoin('identity_actors as o', 'o.id', 'd.owner_id')
    .select('d.id', 'd.name', 'd.folder_id', 'd.campus_id', 'd.typology_reference', 'd.published', 'd.user_id', 'd.owner_id', 'd.updated_at',
      's.content_type', 's.size', knex.raw("to_char(d.expiration_date, 'YYYY-MM-DD') AS expiration_date"),
      'u.first_name as user_first_name', 'u.last_name as user_last_name', 'o.first_name as owner_first_name', 'o.last_name as owner_last_name')
    .orderBy([{ column: 'd.name' }, { column: 'd.id' }]);
}

const person = (id: string | null, firstName: string | null, lastName: string | null) => (id ? { id, firstName: firstName ?? '', lastName: lastName ?? '' } : null);

const toFile = (row: Record<string, any>): ManagedFile => ({
  id: row.id,
  name: row.name,
  folderId: row.folder_id,
  campusId: row.campus_id,
  typologyReference: row.typology_reference,
  contentType: row.content_type,
  size: Number(row.size),
  expirationDate: row.expiration_date ?? null,
  published: row.published,
  user: person(row.user_id, row.user_first_name, row.user_last_name),
  owner: person(row.owner_id, row.owner_first_name, row.owner_last_name),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/**
 * The planning groups an actor belongs to or works with: a student's subscriptions, a teacher's lessons' groups,
 * and a tutor's (or company contact's) apprentices' groups under a current contract (read views only).
 */
export function groupsOf(knex: Knex, actorId: string) {
  return knex('students_student_registrations as r')
    .join('planning_planning_group_subscriptions as s', 's.student_registration_id', 'r.id')
    .where('r.student_id', actorId)
    .select('s.planning_group_id')
    .union((u) => u.from('planning_lesson_teachers as lt')
      .join('planning_lesson_planning_groups as lg', 'lg.lesson_id', 'lt.lesson_id')
      .where('lt.teacher_id', actorId)
      .select('lg.planning_group_id'))
    .union((u) => u.from('people_corporation_people as cp')
      .join('students_student_contracts as c', 'c.corporation_id', 'cp.corporation_id')
      .join('planning_planning_group_subscriptions as s', 's.student_registration_id', 'c.registration_id')
      .where('cp.actor_id', actorId)
      .whereRaw('?::date BETWEEN c.start_date AND c.end_date', [todayIn()])
      .select('s.planning_group_id'));
}

export function documentsService(ctx: FilesContext): DocumentsService {
  const { knex, core } = ctx;
  const permissions: PermissionMatrix = ctx.permissions;

  const read = async (db: Knex, id: string) => toFile(await fileRows(db).where('d.id', id).first());

  /** The files a person may see: published, not expired, in a folder allowed to one of their groups, on their campuses. */
  function visible(actor: Actor) {
    const campuses = permissions.campusesOrDeny(actor, perm.mine);
    return fileRows(knex)
      .whereIn('d.campus_id', campuses)
      .where('d.published', true)
      .where((q) => q.whereNull('d.expiration_date').orWhere('d.expiration_date', '>=', todayIn()))
      .whereExists(knex('files_folder_planning_groups as fg').whereRaw('fg.folder_id = d.folder_id').whereIn('fg.planning_group_id', groupsOf(knex, actor.id)));
  }

  /** The people named by a file exist (identity's read view), or a 422 on their field. */
  async function checkPeople(db: Knex, t: Translate, people: Record<string, string | null | undefined>) {
    const ids = Object.values(people).filter((id): id is string => !!id);
    if (!ids.length) return;
    const found = new Set(await db('identity_actors').whereIn('id', ids).pluck('id'));
    const violations = Object.entries(people).filter(([, id]) => id && !found.has(id)).map(([path]) => ({ path, message: t('files.validation.person') as string }));
    if (violations.length) throw new ValidationError(violations);
  }

  return {
    async upload(actor, input, file, { t, language }) {
      permissions.assert(actor, perm.manage);
      if (!file) throw new ValidationError([{ path: 'file', message: t('validation.noFile') as string }]);
      const problems = uploadProblems({ type: file.contentType, size: file.size }, ctx.typologies[input.fileTypologyReference as FileTypology], language);
      if (problems.length) throw new ValidationError(problems.map((p) => ({ path: 'file', message: t(p.key, p.values) as string })));
      await checkPeople(knex, t, { fileUser: input.fileUser, fileOwner: input.fileOwner });
      return knex.transaction(async (trx) => {
        if (input.fileToReplace) {
          const old = await ctx.managedFile(actor, input.fileToReplace, trx);
          // The new bytes first: the old file stays until they are stored, and goes once this commits.
          const stored = await core.files.save(file, { module: 'files', actorId: actor.id }, trx);
          const patch: Record<string, unknown> = { stored_file_id: stored.id, name: stored.filename, typology_reference: input.fileTypologyReference, updated_at: fn.now() };
          if (input.fileUser) patch.user_id = input.fileUser;
          if (input.fileOwner) patch.owner_id = input.fileOwner;
          if (input.fileExpirationDate) patch.expiration_date = input.fileExpirationDate;
          await FilesDocumentModel.query(trx).findById(old.id).patch(patch as object);
          await core.files.remove(old.stored_file_id, trx);
          return { file: await read(trx, old.id), replaced: true };
        }
        const folder = await ctx.managedFolder(actor, input.fileFolder!, trx);
        const stored = await core.files.save(file, { module: 'files', actorId: actor.id }, trx);
        const row = await FilesDocumentModel.query(trx).insert({
          folder_id: folder.id, campus_id: folder.campus_id, stored_file_id: stored.id, name: stored.filename, typology_reference: input.fileTypologyReference,
          expiration_date: input.fileExpirationDate ?? null, published: false, user_id: input.fileUser ?? null, owner_id: input.fileOwner ?? null, uploaded_by: actor.id,
        } as object);
        return { file: await read(trx, row.id), replaced: false };
      });
    },

    async one(actor, id) {
      permissions.assert(actor, perm.read);
      const row = await FilesDocumentModel.query(knex).findById(id);
      if (!row || !permissions.isGranted(actor, perm.read, row.campus_id)) throw new NotFoundError('file');
      return read(knex, id);
    },

    async edit(actor, id, input, t) {
      await checkPeople(knex, t, { user: input.user, owner: input.owner });
      return knex.transaction(async (trx) => {
        const file = await ctx.managedFile(actor, id, trx);
        if (input.folder !== file.folder_id) {
          const folder = await ctx.readableFolder(actor, input.folder, trx).catch(() => ctx.refuse(t, 'files.validation.id', 'folder'));
          if (folder.campus_id !== file.campus_id) ctx.refuse(t, 'files.validation.folderCampus', 'folder');
        }
        await FilesDocumentModel.query(trx).findById(id).patch({
          name: input.name, typology_reference: input.typologyReference, expiration_date: input.expirationDate ?? null, folder_id: input.folder,
          user_id: input.user ?? null, owner_id: input.owner ?? null, updated_at: fn.now(),
        } as object);
        return read(trx, id);
      });
    },

    async togglePublished(actor, id) {
      const file = await ctx.managedFile(actor, id);
      await knex('files_documents').where('id', file.id).update({ published: knex.raw('NOT published'), updated_at: knex.fn.now() });
      return read(knex, file.id);
    },

    async setExpiration(actor, id, day) {
      const file = await ctx.managedFile(actor, id);
      await FilesDocumentModel.query(knex).findById(file.id).patch({ expiration_date: day, updated_at: fn.now() } as object);
      return read(knex, file.id);
    },

    async remove(actor, id) {
      await knex.transaction(async (trx) => {
        const file = await ctx.managedFile(actor, id, trx);
        await FilesDocumentModel.query(trx).deleteById(file.id);
        await core.files.remove(file.stored_file_id, trx);
      });
    },

    async list(actor, campusId) {
      const campuses = permissions.campusesOrDeny(actor, perm.read, campusId ? [campusId] : null);
      const [folders, files] = await Promise.all([
        folderRows(knex).whereIn('f.campus_id', campuses),
        fileRows(knex).whereIn('d.campus_id', campuses),
      ]);
      return { folders: folders.map(toFolder), files: files.map(toFile), typologies: ctx.typologies };
    },

    async mine(actor) {
      permissions.assert(actor, perm.mine);
      const rows = await visible(actor);
      if (!rows.length) return { folders: [] };
      const folders = await knex('files_folders').whereIn('id', [...new Set(rows.map((r) => r.folder_id))]).select('id', 'name').orderBy('name');
      return {
        folders: folders.map((folder) => ({
          id: folder.id,
          folderName: folder.name,
          files: rows.filter((row) => row.folder_id === folder.id).map((row) => {
            const file = toFile(row);
            return { id: file.id, name: file.name, contentType: file.contentType, size: file.size, expirationDate: file.expirationDate, updatedAt: file.updatedAt };
          }),
        })),
      };
    },

    async download(actor, id) {
      if (!actor) permissions.assert(actor, perm.read);
      const row = await FilesDocumentModel.query(knex).findById(id);
      if (!row) throw new NotFoundError('file');
      const staff = permissions.isGranted(actor, perm.read, row.campus_id);
      if (!staff) {
        const seen = permissions.isGranted(actor, perm.mine) && (await visible(actor!).where('d.id', id).first());
        if (!seen) throw new NotFoundError('file');
      }
      return core.files.download(row.stored_file_id);
    },
  };
}
