import { Model, type RelationMappings } from '@alterna/core';

// objection models of the booklets module's tables: one class per table, relations only between its tables.
// Services query them with the knex or transaction object they were handed; lists and the lock use set statements.

/** `booklet_items` (20270201000100_booklets): SPEC §3 booklet item with its position. */
export class BookletItemModel extends Model {
  static override tableName = 'booklet_items';
  declare id: string;
  declare training_id: string;
  declare training_session_id: string | null;
  declare title: string;
  declare position: number;
  declare date: string | null;
  declare start_date: string | null;
  declare end_date: string | null;
  declare created_at: Date;
  declare updated_at: Date;
  declare modules?: BookletItemModuleModel[];
  static override relationMappings = (): RelationMappings => ({
    modules: { relation: Model.HasManyRelation, modelClass: BookletItemModuleModel, join: { from: 'booklet_items.id', to: 'booklet_item_modules.booklet_item_id' } },
  });
}

/** `booklet_item_modules` (20270201000100_booklets): an item's modules, unique per list for the single-item ones. */
export class BookletItemModuleModel extends Model {
  static override tableName = 'booklet_item_modules';
  static override idColumn = ['booklet_item_id', 'module'];
  declare booklet_item_id: string;
  declare training_id: string;
  declare scope_session_id: string;
  declare module: string;
}

/** `booklet_thesis_skills` (20270201000100_booklets). */
export class ThesisSkillModel extends Model {
  static override tableName = 'booklet_thesis_skills';
  declare id: string;
  declare training_id: string;
  declare name: string;
  declare position: number;
  declare coefficient: number;
}

/** `booklet_thesis_grids` (20270201000100_booklets): a training's thesis evaluation grid. */
export class ThesisGridModel extends Model {
  static override tableName = 'booklet_thesis_grids';
  static override idColumn = 'training_id';
  declare training_id: string;
  declare max_mark: number;
  declare instructions: string;
  declare created_at: Date;
  declare updated_at: Date;
}

/** `booklet_forms` (20270201000100_booklets): an apprentice's form of an item, with its lock and version. */
export class BookletFormModel extends Model {
  static override tableName = 'booklet_forms';
  declare id: string;
  declare booklet_item_id: string;
  declare student_registration_id: string;
  declare values: unknown;
  declare average_mark: number;
  declare version: number;
  declare updated_by: string | null;
  declare lock_holder_id: string | null;
  declare locked_at: Date | null;
  declare validated_at: Date | null;
  declare created_at: Date;
  declare updated_at: Date;
  declare item?: BookletItemModel;
  static override relationMappings = (): RelationMappings => ({
    item: { relation: Model.BelongsToOneRelation, modelClass: BookletItemModel, join: { from: 'booklet_forms.booklet_item_id', to: 'booklet_items.id' } },
  });
}
