import crypto from 'node:crypto';
import { AccessDeniedError, NotFoundError, fn, isUuid, ValidationError, type Actor, type CoreDeps, type FileDownload, type Knex, type Translate, type UploadedFile } from '@alterna/core';
import { MailTemplateImageModel, MailTemplateModel } from '../models/index.js';
import { perm } from '../permissions.js';
import { compileTemplate } from './render/mjml.js';
import type { TemplateContent, TemplateInput } from '../validation/index.js';

/** A template as a picker lists it (`GET /api/mailbox/mail-templates`). */
export interface MailTemplateSummary {
  id: string;
  subject: string;
  subTitle: string;
  /** null: centre-wide. */
  campusId: string | null;
  campusName: string | null;
  updatedAt: string;
  /** Whether the asking person may edit, duplicate into its campus and delete it. */
  canEdit: boolean;
}

/** A template as the editor opens it (SPEC §3: subject, sub-title, content tree; jsonContent, mjml and body). */
export interface MailTemplate extends MailTemplateSummary {
  content: TemplateContent;
  jsonContent: string;
  mjml: string;
  body: string;
  createdAt: string;
}

/** What a sender needs: the compiled message, merge tags left literal (`{{firstName}}`). */
export interface RenderedTemplate {
  subject: string;
  html: string;
  text: string;
}

export interface SaveTemplateInput extends TemplateInput {
  campusId: string | null;
}

export interface MailTemplatesService {
  list(actor: Actor): Promise<MailTemplateSummary[]>;
  get(actor: Actor, id: string): Promise<MailTemplate>;
  create(actor: Actor, input: SaveTemplateInput, t: Translate): Promise<MailTemplate>;
  update(actor: Actor, id: string, input: SaveTemplateInput, t: Translate): Promise<MailTemplate>;
  duplicate(actor: Actor, id: string, t: Translate): Promise<MailTemplate>;
  remove(actor: Actor, id: string): Promise<void>;
  /** The stored HTML of a template the actor may read (`GET /mailbox/mail-templates/preview/{id}`). */
  preview(actor: Actor, id: string): Promise<string>;
  /** An unsaved tree compiled by the same renderer (the editor's live preview). */
  previewDraft(input: Partial<TemplateInput> & { content: TemplateContent }): Promise<string>;
  /**
   * The contract of other modules (mass e-mail): a template compiled to HTML, merge tags left literal. No person is
   * checked here: the caller checked who may send it. NotFoundError for an unknown id.
   */
  renderForSend(templateId: string): Promise<RenderedTemplate>;
  /** Stores an uploaded image and answers its public address (an unguessable token, for e-mail clients). */
  uploadImage(actor: Actor, file: UploadedFile, campusId: string | null, origin: string): Promise<{ success: true; imageUrl: string }>;
  /** An uploaded image by its token (public: e-mail clients have no session). */
  image(token: string): Promise<FileDownload>;
  /** Demo data: a template written directly (centre-wide). */
  seed(input: SaveTemplateInput, trx?: Knex): Promise<string>;
  /**
   * Compiles again the templates stored before their icons and fonts were the app's (issue #24: Google Fonts,
   * Mailjet's icons), so that none makes a mail client contact a third party; how many. Run at every start.
   */
  recompileThirdParty(): Promise<number>;
}

/** What templates compiled before issue #24 load from third parties. */
const thirdPartyHosts = /fonts\.googleapis\.com|fonts\.gstatic\.com|mailjet\.com/i;

const imageTokenPattern = /^[A-Za-z0-9_-]{43}$/;
export const imagePath = (token: string) => `/api/mailbox/mail-templates/images/${token}`;

type Row = MailTemplateModel & { campus_name?: string | null };

export function mailTemplatesService(core: CoreDeps): MailTemplatesService {
  const { knex } = core;
  const permissions: CoreDeps['permissions'] = core.permissions;

  const allCampuses = async () => (await knex('training_centre_campuses').select('id')).map((row: { id: string }) => row.id);

  /** May the actor change what belongs to this campus (null: centre-wide, which needs every campus of the centre)? */
  async function mayManage(actor: Actor, campusId: string | null): Promise<boolean> {
    if (campusId) return permissions.isGranted(actor, perm.templateManage, campusId);
    const held = new Set(permissions.campusesFor(actor, perm.templateManage));
    const campuses = await allCampuses();
    return held.size > 0 && campuses.every((id) => held.has(id));
  }
  const mayRead = (actor: Actor, campusId: string | null) => !campusId || permissions.isGranted(actor, perm.templateRead, campusId);

  const withCampus = (query: ReturnType<typeof MailTemplateModel.query>) =>
    query.leftJoin('training_centre_campuses as c', 'c.id', 'mail_templates.campus_id').select('mail_templates.*', 'c.name as campus_name');

  const summary = (row: Row, canEdit: boolean): MailTemplateSummary => ({
    id: row.id,
    subject: row.subject,
    subTitle: row.sub_title,
    campusId: row.campus_id,
    campusName: row.campus_name ?? null,
    updatedAt: new Date(row.updated_at).toISOString(),
    canEdit,
  });
  const full = (row: Row, canEdit: boolean): MailTemplate => ({
    ...summary(row, canEdit),
    content: row.content as TemplateContent,
    jsonContent: row.json_content,
    mjml: row.mjml,
    body: row.body,
    createdAt: new Date(row.created_at).toISOString(),
  });

  /** A template the actor may read; an unknown one or one of another campus is not found (its existence is not told). */
  async function readable(actor: Actor, id: string, db: Knex = knex): Promise<Row> {
    permissions.assert(actor, perm.templateRead);
    const row = isUuid(id) ? ((await withCampus(MailTemplateModel.query(db)).findById(id)) as Row | undefined) : undefined;
    if (!row || !mayRead(actor, row.campus_id)) throw new NotFoundError('mail template');
    return row;
  }

  async function assertCampus(actor: Actor, campusId: string | null, t: Translate) {
    if (campusId) {
      const exists = isUuid(campusId) && (await knex('training_centre_campuses').where({ id: campusId }).first('id'));
      if (!exists) throw new ValidationError([{ path: 'campusId', message: t('mailbox.validation.campus') as string }]);
    }
    if (!(await mayManage(actor, campusId))) {
      throw new ValidationError([{ path: 'campusId', message: t(campusId ? 'mailbox.validation.campusNotYours' : 'mailbox.validation.centreWide') as string }]);
    }
  }

  async function compiledColumns(input: TemplateInput) {
    const compiled = await compileTemplate(input.content, { subject: input.subject, subTitle: input.subTitle, assetBase: core.config.publicUrl });
    return {
      subject: input.subject,
      sub_title: input.subTitle,
      content: JSON.stringify(input.content),
      json_content: JSON.stringify(input.content),
      mjml: compiled.mjml,
      body: compiled.html,
      text_body: compiled.text,
    };
  }

  async function get(actor: Actor, id: string): Promise<MailTemplate> {
    const row = await readable(actor, id);
    return full(row, await mayManage(actor, row.campus_id));
  }

  return {
    async list(actor) {
      const campuses = permissions.campusesOrDeny(actor, perm.templateRead);
      const rows = (await withCampus(MailTemplateModel.query(knex))
        .where((q) => q.whereNull('mail_templates.campus_id').orWhereIn('mail_templates.campus_id', campuses))
        .orderBy('mail_templates.updated_at', 'desc')
        .orderBy('mail_templates.id')) as Row[];
      const managed = new Set(permissions.campusesFor(actor, perm.templateManage));
      const centreWide = await mayManage(actor, null);
      return rows.map((row) => summary(row, row.campus_id ? managed.has(row.campus_id) : centreWide));
    },

    get,

    async create(actor, input, t) {
      await assertCampus(actor, input.campusId, t);
      const row = await MailTemplateModel.query(knex).insert({
        ...(await compiledColumns(input)), campus_id: input.campusId, created_by: actor.id, updated_by: actor.id,
      } as Partial<MailTemplateModel>);
      return get(actor, row.id);
    },

    async update(actor, id, input, t) {
      const row = await readable(actor, id);
      if (!(await mayManage(actor, row.campus_id))) throw new AccessDeniedError();
      if (input.campusId !== row.campus_id) await assertCampus(actor, input.campusId, t);
      await MailTemplateModel.query(knex).patch({
        ...(await compiledColumns(input)), campus_id: input.campusId, updated_by: actor.id, updated_at: fn.now(),
      } as unknown as Partial<MailTemplateModel>).where({ id });
      return get(actor, id);
    },

    async duplicate(actor, id, t) {
      const row = await readable(actor, id);
      // The copy stays where the original is when the actor may manage there; a campus manager copies a centre-wide
      // template into their own campus (the first they manage).
      let campusId = row.campus_id;
      if (!(await mayManage(actor, campusId))) {
        campusId = permissions.campusesFor(actor, perm.templateManage)[0] ?? null;
        if (!campusId) throw new AccessDeniedError();
      }
      const subject = (t('mailbox.templates.copyOf', { subject: row.subject }) as string).slice(0, 200);
      // Compiled again: the copy's title is its own subject.
      const copy = await MailTemplateModel.query(knex).insert({
        ...(await compiledColumns({ subject, subTitle: row.sub_title, content: row.content as TemplateContent })),
        campus_id: campusId, created_by: actor.id, updated_by: actor.id,
      } as Partial<MailTemplateModel>);
      return get(actor, copy.id);
    },

    async remove(actor, id) {
      const row = await readable(actor, id);
      if (!(await mayManage(actor, row.campus_id))) throw new AccessDeniedError();
      await MailTemplateModel.query(knex).deleteById(id);
    },

    async preview(actor, id) {
      return (await readable(actor, id)).body;
    },

    async previewDraft(input) {
      const compiled = await compileTemplate(input.content, { subject: input.subject ?? '', subTitle: input.subTitle ?? '', assetBase: core.config.publicUrl });
      return compiled.html;
    },

    async renderForSend(templateId) {
      const row = isUuid(templateId) ? await MailTemplateModel.query(knex).findById(templateId) : undefined;
      if (!row) throw new NotFoundError('mail template');
      return { subject: row.subject, html: row.body, text: row.text_body };
    },

    async uploadImage(actor, file, campusId, origin) {
      if (campusId && !permissions.isGranted(actor, perm.templateManage, campusId)) throw new AccessDeniedError();
      permissions.assert(actor, perm.templateManage);
      const token = crypto.randomBytes(32).toString('base64url');
      await knex.transaction(async (trx) => {
        const stored = await core.files.save(file, { module: 'mailbox', actorId: actor.id }, trx);
        await MailTemplateImageModel.query(trx).insert({ token, stored_file_id: stored.id, campus_id: campusId, uploaded_by: actor.id });
      });
      return { success: true, imageUrl: `${origin}${imagePath(token)}` };
    },

    async image(token) {
      const row = imageTokenPattern.test(token) ? await MailTemplateImageModel.query(knex).findById(token) : undefined;
      if (!row) throw new NotFoundError('image');
      return core.files.download(row.stored_file_id);
    },

    async recompileThirdParty() {
      const stale = (await knex('mail_templates').where((q) => q.where('body', '~*', thirdPartyHosts.source).orWhere('mjml', '~*', thirdPartyHosts.source))
        .select('id', 'subject', 'sub_title', 'content')) as { id: string; subject: string; sub_title: string | null; content: TemplateContent }[];
      if (!stale.length) return 0;
      const compiled = await Promise.all(stale.map((row) =>
        compileTemplate(row.content, { subject: row.subject, subTitle: row.sub_title ?? '', assetBase: core.config.publicUrl })));
      await knex.raw(
        'UPDATE mail_templates t SET mjml = v.mjml, body = v.body FROM unnest(?::uuid[], ?::text[], ?::text[]) AS v(id, mjml, body) WHERE t.id = v.id',
        [stale.map((row) => row.id), compiled.map((c) => c.mjml), compiled.map((c) => c.html)],
      );
      return stale.length;
    },

    async seed(input, db = knex) {
      const [row] = await db('mail_templates').insert({ ...(await compiledColumns(input)), campus_id: input.campusId }).returning('id');
      return (row as { id: string }).id;
    },
  };
}
