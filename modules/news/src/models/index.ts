import { Model, type RelationMappings } from '@alterna/core';

// objection models of the news module's tables: one class per table, relations only between its tables.

/** `news` (20270301000100_news): SPEC §3 News. */
export class NewsModel extends Model {
  static override tableName = 'news';
  declare id: string;
  declare type: 'page' | 'file' | 'link';
  declare title: string;
  declare content: { blocks: unknown[] } | null;
  declare link: string | null;
  declare file_id: string | null;
  declare recipients: string[];
  declare published: boolean;
  declare published_at: Date | null;
  declare created_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
  declare campuses?: NewsCampusModel[];
  static override relationMappings = (): RelationMappings => ({
    campuses: { relation: Model.HasManyRelation, modelClass: NewsCampusModel, join: { from: 'news.id', to: 'news_campuses.news_id' } },
    trainings: { relation: Model.HasManyRelation, modelClass: NewsTrainingModel, join: { from: 'news.id', to: 'news_trainings.news_id' } },
    trainingGroups: { relation: Model.HasManyRelation, modelClass: NewsTrainingGroupModel, join: { from: 'news.id', to: 'news_training_groups.news_id' } },
    files: { relation: Model.HasManyRelation, modelClass: NewsFileModel, join: { from: 'news.id', to: 'news_files.news_id' } },
  });
}

/** `news_campuses`: the campuses a news item is for. */
export class NewsCampusModel extends Model {
  static override tableName = 'news_campuses';
  static override idColumn = ['news_id', 'campus_id'];
  declare news_id: string;
  declare campus_id: string;
}

/** `news_trainings`: for students, the trainings it is limited to (none: every training). */
export class NewsTrainingModel extends Model {
  static override tableName = 'news_trainings';
  static override idColumn = ['news_id', 'training_id'];
  declare news_id: string;
  declare training_id: string;
}

/** `news_training_groups`: for students, the training groups it is limited to (none: every group). */
export class NewsTrainingGroupModel extends Model {
  static override tableName = 'news_training_groups';
  static override idColumn = ['news_id', 'training_group_id'];
  declare news_id: string;
  declare training_group_id: string;
}

/** `news_files`: a file the module stored (Editor.js image or downloadable file), its sender and its news item once used. */
export class NewsFileModel extends Model {
  static override tableName = 'news_files';
  static override idColumn = 'file_id';
  declare file_id: string;
  declare kind: 'image' | 'attachment';
  declare uploaded_by: string | null;
  declare news_id: string | null;
  declare filename: string;
  declare content_type: string;
  declare size: string | number;
  declare created_at: Date;
}
