import { Model, type RelationMappings } from '@alterna/core';

// objection models of the files module's tables: one class per table, relations only between its tables.
// Services query them with the knex or transaction object they were handed, never a global connection.

/** `files_folders` (20270201000100_files). */
export class FilesFolderModel extends Model {
  static override tableName = 'files_folders';
  declare id: string;
  declare campus_id: string;
  declare parent_id: string | null;
  declare name: string;
  declare created_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
  declare parent?: FilesFolderModel | null;
  declare planningGroups?: FilesFolderPlanningGroupModel[];
  static override relationMappings = (): RelationMappings => ({
    parent: { relation: Model.BelongsToOneRelation, modelClass: FilesFolderModel, join: { from: 'files_folders.parent_id', to: 'files_folders.id' } },
    planningGroups: { relation: Model.HasManyRelation, modelClass: FilesFolderPlanningGroupModel, join: { from: 'files_folders.id', to: 'files_folder_planning_groups.folder_id' } },
    documents: { relation: Model.HasManyRelation, modelClass: FilesDocumentModel, join: { from: 'files_folders.id', to: 'files_documents.folder_id' } },
  });
}

/** `files_folder_planning_groups` (20270201000100_files): the planning groups allowed to see a folder. */
export class FilesFolderPlanningGroupModel extends Model {
  static override tableName = 'files_folder_planning_groups';
  static override idColumn = ['folder_id', 'planning_group_id'];
  declare folder_id: string;
  declare planning_group_id: string;
}

/** `files_documents` (20270201000100_files). */
export class FilesDocumentModel extends Model {
  static override tableName = 'files_documents';
  declare id: string;
  declare folder_id: string;
  declare campus_id: string;
  declare stored_file_id: string;
  declare name: string;
  declare typology_reference: string;
  declare expiration_date: string | null;
  declare published: boolean;
  declare user_id: string | null;
  declare owner_id: string | null;
  declare uploaded_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
  static override relationMappings = (): RelationMappings => ({
    folder: { relation: Model.BelongsToOneRelation, modelClass: FilesFolderModel, join: { from: 'files_documents.folder_id', to: 'files_folders.id' } },
  });
}

/** `files_expiry_notices` (20270201000100_files): one per file, kind and expiration date. */
export class FilesExpiryNoticeModel extends Model {
  static override tableName = 'files_expiry_notices';
  declare id: string;
  declare file_id: string;
  declare kind: 'warning' | 'expired';
  declare expiration_date: string;
  declare day: string;
  declare recipients: string[] | null;
  declare mailed_at: Date | null;
  declare created_at: Date;
}
