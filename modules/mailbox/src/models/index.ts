import { Model } from '@alterna/core';
import type { MailTemplateImagesRow, MailTemplatesRow } from './rows.js';

// objection models of the mailbox module's tables, used with the knex or transaction object the services were handed.

// The tables' row and insert types, generated from the database (`npm run db:rows`).
export type * from './rows.js';

/** `mail_templates` (20270301000100_mail_templates): SPEC §3 mail template, its tree and what was compiled from it. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface MailTemplateModel extends MailTemplatesRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class MailTemplateModel extends Model {
  static override tableName = 'mail_templates';
}

/** `mail_template_images` (20270301000100_mail_templates): an uploaded image's public token. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the columns come from the generated row
export interface MailTemplateImageModel extends MailTemplateImagesRow {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see above
export class MailTemplateImageModel extends Model {
  static override tableName = 'mail_template_images';
  static override idColumn = 'token';
}
