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
  declare validation_cancelled_by: string | null;
  declare validation_cancelled_at: Date | null;
  declare validation_cancel_reason: string | null;
  declare lock_broken_holder_id: string | null;
  declare created_at: Date;
  declare updated_at: Date;
  declare item?: BookletItemModel;
  static override relationMappings = (): RelationMappings => ({
    item: { relation: Model.BelongsToOneRelation, modelClass: BookletItemModel, join: { from: 'booklet_forms.booklet_item_id', to: 'booklet_items.id' } },
  });
}

/** `booklet_validations` (20270201000200_booklet_validations): a form's n-th validation run. */
export class BookletValidationModel extends Model {
  static override tableName = 'booklet_validations';
  declare id: string;
  declare form_id: string;
  declare run: number;
  declare workflow_id: string;
  declare status: string;
  declare requested_by: string | null;
  declare requested_at: Date;
  declare validated_at: Date | null;
  declare pdf_file_id: string | null;
  declare cancelled_by: string | null;
  declare cancelled_at: Date | null;
  declare cancel_reason: string | null;
  declare cancel_route: string | null;
  declare cancellation_mailed_at: Date | null;
  static override relationMappings = (): RelationMappings => ({
    signatures: { relation: Model.HasManyRelation, modelClass: BookletValidationSignatureModel, join: { from: 'booklet_validations.id', to: 'booklet_validation_signatures.validation_id' } },
  });
}

/** `booklet_validation_signatures`: one per signatory a validation needs, signed or awaited. */
export class BookletValidationSignatureModel extends Model {
  static override tableName = 'booklet_validation_signatures';
  static override idColumn = ['validation_id', 'role'];
  declare validation_id: string;
  declare role: string;
  declare position: number;
  declare signer_id: string | null;
  declare signed_at: Date | null;
  declare route: string | null;
}

/** `booklet_validation_reminders`: the reminders a validation already sent, once each. */
export class BookletValidationReminderModel extends Model {
  static override tableName = 'booklet_validation_reminders';
  static override idColumn = ['validation_id', 'role', 'kind'];
  declare validation_id: string;
  declare role: string;
  declare kind: string;
  declare recipients: number;
  declare sent_at: Date;
}
