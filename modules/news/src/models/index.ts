import { Model, type RelationMappings } from '@alterna/core';
import type { NewsCampusesRow, NewsFilesRow, NewsRow } from './rows.js';

// objection models of the news module's tables: one class per table, relations only between its tables.

// The tables' row and insert types, generated from the database (`npm run db:rows`).
export type * from './rows.js';

/** `news` (20270301000100_news): SPEC §3 News. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface NewsModel extends Omit<NewsRow, 'type' | 'content'> {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class NewsModel extends Model {
  static override tableName = 'news';
  declare type: 'page' | 'file' | 'link';
  declare content: { blocks: unknown[] } | null;
  declare campuses?: NewsCampusModel[];
  static override relationMappings = (): RelationMappings => ({
    campuses: { relation: Model.HasManyRelation, modelClass: NewsCampusModel, join: { from: 'news.id', to: 'news_campuses.news_id' } },
    files: { relation: Model.HasManyRelation, modelClass: NewsFileModel, join: { from: 'news.id', to: 'news_files.news_id' } },
  });
}

/** `news_campuses`: the campuses a news item is for. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface NewsCampusModel extends NewsCampusesRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class NewsCampusModel extends Model {
  static override tableName = 'news_campuses';
  static override idColumn = ['news_id', 'campus_id'];
}

/** `news_files`: a file the module stored (Editor.js image or downloadable file), its sender and its news item once used. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface NewsFileModel extends Omit<NewsFilesRow, 'kind' | 'size'> {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class NewsFileModel extends Model {
  static override tableName = 'news_files';
  static override idColumn = 'file_id';
  declare kind: 'image' | 'attachment';
  declare size: string | number;
}
