import { Model, type RelationMappings } from '@alterna/core';
import type { FilesDocumentsRow, FilesExpiryNoticesRow, FilesFolderPlanningGroupsRow, FilesFoldersRow } from './rows.js';

// objection models of the files module's tables: one class per table, relations only between its tables.
// Services query them with the knex or transaction object they were handed, never a global connection.

// The tables' row and insert types, generated from the database (`npm run db:rows`).
export type * from './rows.js';

/** `files_folders` (20270201000100_files). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface FilesFolderModel extends FilesFoldersRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class FilesFolderModel extends Model {
  static override tableName = 'files_folders';
  declare parent?: FilesFolderModel | null;
  declare planningGroups?: FilesFolderPlanningGroupModel[];
  static override relationMappings = (): RelationMappings => ({
    parent: { relation: Model.BelongsToOneRelation, modelClass: FilesFolderModel, join: { from: 'files_folders.parent_id', to: 'files_folders.id' } },
    planningGroups: { relation: Model.HasManyRelation, modelClass: FilesFolderPlanningGroupModel, join: { from: 'files_folders.id', to: 'files_folder_planning_groups.folder_id' } },
    documents: { relation: Model.HasManyRelation, modelClass: FilesDocumentModel, join: { from: 'files_folders.id', to: 'files_documents.folder_id' } },
  });
}

/** `files_folder_planning_groups` (20270201000100_files): the planning groups allowed to see a folder. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface FilesFolderPlanningGroupModel extends FilesFolderPlanningGroupsRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class FilesFolderPlanningGroupModel extends Model {
  static override tableName = 'files_folder_planning_groups';
  static override idColumn = ['folder_id', 'planning_group_id'];
}

/** `files_documents` (20270201000100_files). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface FilesDocumentModel extends FilesDocumentsRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class FilesDocumentModel extends Model {
  static override tableName = 'files_documents';
  static override relationMappings = (): RelationMappings => ({
    folder: { relation: Model.BelongsToOneRelation, modelClass: FilesFolderModel, join: { from: 'files_documents.folder_id', to: 'files_folders.id' } },
  });
}

/** `files_expiry_notices` (20270201000100_files): one per file, kind and expiration date. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface FilesExpiryNoticeModel extends Omit<FilesExpiryNoticesRow, 'kind'> {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class FilesExpiryNoticeModel extends Model {
  static override tableName = 'files_expiry_notices';
  declare kind: 'warning' | 'expired';
}
