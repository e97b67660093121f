import { fn, validate, type Actor, type Knex, type PermissionMatrix, type Translate } from '@alterna/core';
import { FilesFolderModel, FilesFolderPlanningGroupModel } from '../models/index.js';
import { perm } from '../permissions.js';
import { createFolderSchema, updateFolderSchema } from '../validation/index.js';
import type { FilesContext } from './context.js';

/** A folder as GraphQL (PepalFolder) and the pages see it. */
export interface Folder {
  id: string;
  folderName: string;
  campusId: string;
  parent: { id: string; folderName: string } | null;
  planningGroups: { id: string; name: string }[];
}

export interface FoldersService {
  /** GraphQL createPepalFolder: a name, a campus the actor manages, an optional parent there, the groups allowed. */
  create(actor: Actor | null, input: unknown, t: Translate): Promise<Folder>;
  /** GraphQL updatePepalFolder: renames, moves (never into itself or its subfolders) or sets the groups. */
  update(actor: Actor | null, input: unknown, t: Translate): Promise<Folder>;
  /** `/folders/{id}/delete`: the folder, its subfolders and their files (rows, then the bytes once committed). */
  remove(actor: Actor | null, id: string): Promise<void>;
  one(actor: Actor | null, id: string): Promise<Folder>;
  /** The folders of the campuses the actor reads (one campus when given), by name. */
  list(actor: Actor | null, campusId: string | null): Promise<Folder[]>;
}

/** The folders' rows with their parent's name and their groups, in one statement. */
export function folderRows(knex: Knex) {
  return knex('files_folders as f')
    .leftJoin('files_folders as p', 'p.id', 'f.parent_id')
    .select('f.id', 'f.name', 'f.campus_id', 'f.parent_id', 'p.name as parent_name',
      knex.raw(`coalesce((SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.name)
        FROM files_folder_planning_groups fg JOIN planning_planning_groups g ON g.id = fg.planning_group_id WHERE fg.folder_id = f.id), '[]'::json) AS planning_groups`))
    .orderBy([{ column: 'f.name' }, { column: 'f.id' }]);
}

export const toFolder = (row: Record<string, any>): Folder => ({
  id: row.id,
  folderName: row.name,
  campusId: row.campus_id,
  parent: row.parent_id ? { id: row.parent_id, folderName: row.parent_name } : null,
  planningGroups: row.planning_groups ?? [],
});

/** The folder and every folder under it. */
export function subtree(knex: Knex, id: string) {
  return knex.withRecursive('tree', (q) => q.select('id').from('files_folders').where('id', id)
    .unionAll((u) => u.select('c.id').from('files_folders as c').join('tree', 'tree.id', 'c.parent_id')))
    .select('id').from('tree');
}

export function foldersService(ctx: FilesContext): FoldersService {
  const { knex, core } = ctx;
  const permissions: PermissionMatrix = ctx.permissions;

  /** Groups are the folder's campus's, all of them, or a 422 on planningGroups. */
  async function checkGroups(db: Knex, t: Translate, campusId: string, ids: string[]) {
    const unique = [...new Set(ids)];
    if (!unique.length) return unique;
    const found = await db('planning_planning_groups').whereIn('id', unique).where('campus_id', campusId).count<{ n: string }[]>('* as n');
    if (Number(found[0]!.n) !== unique.length) ctx.refuse(t, 'files.validation.planningGroups', 'planningGroups');
    return unique;
  }

  async function setGroups(db: Knex, folderId: string, ids: string[]) {
    await FilesFolderPlanningGroupModel.query(db).where('folder_id', folderId).delete();
    if (ids.length) await db('files_folder_planning_groups').insert(ids.map((id) => ({ folder_id: folderId, planning_group_id: id })));
  }

  async function read(db: Knex, id: string): Promise<Folder> {
    return toFolder(await folderRows(db).where('f.id', id).first());
  }

  const service: FoldersService = {
    async create(actor, input, t) {
      const values = await validate(createFolderSchema, input, t);
      permissions.assert(actor, perm.manage);
      // A campus out of reach is not revealed: the same 404 as an unknown one.
      if (!permissions.isGranted(actor, perm.read, values.campus)) ctx.refuse(t, 'files.validation.id', 'campus');
      permissions.assert(actor, perm.manage, values.campus);
      return knex.transaction(async (trx) => {
        if (values.parent) {
          const parent = await ctx.readableFolder(actor, values.parent, trx).catch(() => ctx.refuse(t, 'files.validation.id', 'parent'));
          if (parent.campus_id !== values.campus) ctx.refuse(t, 'files.validation.parentCampus', 'parent');
        }
        const groups = await checkGroups(trx, t, values.campus, values.planningGroups as string[]);
        const folder = await FilesFolderModel.query(trx).insert({ campus_id: values.campus, parent_id: values.parent, name: values.folderName, created_by: actor.id } as object);
        await setGroups(trx, folder.id, groups);
        return read(trx, folder.id);
      });
    },

    async update(actor, input, t) {
      const values = await validate(updateFolderSchema, input, t);
      return knex.transaction(async (trx) => {
        const folder = await ctx.managedFolder(actor, values.id, trx);
        const patch: Record<string, unknown> = {};
        if (values.folderName !== undefined) patch.name = values.folderName;
        if (values.parent !== undefined) {
          if (values.parent) {
            const parent = await ctx.readableFolder(actor, values.parent, trx).catch(() => ctx.refuse(t, 'files.validation.id', 'parent'));
            if (parent.campus_id !== folder.campus_id) ctx.refuse(t, 'files.validation.parentCampus', 'parent');
            const inside = await subtree(trx, folder.id).where('id', parent.id).first();
            if (inside) ctx.refuse(t, 'files.validation.parentCycle', 'parent');
          }
          patch.parent_id = values.parent;
        }
        if (Object.keys(patch).length) await FilesFolderModel.query(trx).findById(folder.id).patch({ ...patch, updated_at: fn.now() } as object);
        if (values.planningGroups) await setGroups(trx, folder.id, await checkGroups(trx, t, folder.campus_id, values.planningGroups as string[]));
        return read(trx, folder.id);
      });
    },

    async remove(actor, id) {
      await knex.transaction(async (trx) => {
        const folder = await ctx.managedFolder(actor, id, trx);
        const stored = await trx('files_documents').whereIn('folder_id', subtree(trx, folder.id)).pluck('stored_file_id');
        // The subfolders and their files go with it (ON DELETE CASCADE); the bytes once this commits.
        await FilesFolderModel.query(trx).deleteById(folder.id);
        for (const storedId of stored) await core.files.remove(storedId, trx);
      });
    },

    async one(actor, id) {
      const folder = await ctx.readableFolder(actor, id);
      return read(knex, folder.id);
    },

    async list(actor, campusId) {
      const campuses = permissions.campusesOrDeny(actor, perm.read, campusId ? [campusId] : null);
      return (await folderRows(knex).whereIn('f.campus_id', campuses)).map(toFolder);
    },
  };
  return service;
}
