import { Model } from '@alterna/core';

// objection models of the mailbox module's tables, used with the knex or transaction object the services were handed.

/** `mail_templates` (20270301000100_mail_templates): SPEC §3 mail template, its tree and what was compiled from it. */
export class MailTemplateModel extends Model {
  static override tableName = 'mail_templates';
  declare id: string;
  declare campus_id: string | null;
  declare subject: string;
  declare sub_title: string;
  declare content: unknown;
  declare json_content: string;
  declare mjml: string;
  declare body: string;
  declare text_body: string;
  declare created_by: string | null;
  declare updated_by: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}

/** `mail_template_images` (20270301000100_mail_templates): an uploaded image's public token. */
export class MailTemplateImageModel extends Model {
  static override tableName = 'mail_template_images';
  static override idColumn = 'token';
  declare token: string;
  declare stored_file_id: string;
  declare campus_id: string | null;
  declare uploaded_by: string | null;
  declare created_at: Date;
}
