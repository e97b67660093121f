import crypto from 'node:crypto';
import { AccessDeniedError, NotFoundError, sanitizeHtml, ValidationError, type Actor, type CoreDeps, type HtmlPolicy, type Knex, type Operation, type PermissionMatrix, type Translate, type Violation } from '@alterna/core';
import { massEmailSignals, massEmailWorkflows, type MassEmailRun } from '../workflow-contract.js';
import { CampaignModel } from '../models/index.js';
import { perm } from '../permissions.js';
import type { CampaignSummary, CampaignDetail, MassEmailOptions, PreviewResult, TemplateSource } from '../types.js';
import { renderForRecipient, textOfHtml, type CampaignInput, type MailContent, type PreviewInput, type RecipientsInput } from '../validation/index.js';
import { choiceOf, recipientsQuery, type ResolvedChoice } from './recipients.js';
import type { SendingSettings } from './settings.js';
import { optedOut } from './unsubscribe.js';

export interface CampaignsService {
  /** What the form offers: the sender's campuses, their trainings and groups, the typologies, the templates if any. */
  options(actor: Actor | null): Promise<MassEmailOptions>;
  /** People of the sender's campuses whose name or address matches, for the hand-picked list (20 at most). */
  people(actor: Actor | null, search: string): Promise<{ id: string; firstName: string; lastName: string; email: string }[]>;
  /** The number of recipients and the message as the first of them gets it. */
  preview(actor: Actor | null, input: PreviewInput, t: Translate): Promise<PreviewResult>;
  /** Stores the campaign and its recipients, then starts its run (the same requestId again answers the same campaign). */
  create(actor: Actor | null, input: CampaignInput, t: Translate): Promise<{ campaign: CampaignDetail; operation: Operation }>;
  list(actor: Actor | null): Promise<CampaignSummary[]>;
  get(actor: Actor | null, id: string): Promise<CampaignDetail>;
  pause(actor: Actor | null, id: string, t: Translate): Promise<CampaignDetail>;
  resume(actor: Actor | null, id: string, t: Translate): Promise<CampaignDetail>;
}

/** `Name <user@host>` or `user@host` → host: the right-hand side of every Message-ID the module makes. */
export function messageIdDomain(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const domain = address.split('@')[1]?.trim().replace(/[^A-Za-z0-9.-]/g, '');
  return domain || 'alterna.localhost';
}

/**
 * What a message written in the form may hold, cleaned by the core's sanitiser as news pages are: the elements and
 * attributes of e-mail layouts (tables, inline styles, images on the web), no script, no event handler, no form, no
 * frame, addresses only http(s) and mailto. What is previewed, stored and sent is the cleaned HTML.
 */
const mailHtmlPolicy: HtmlPolicy = {
  tags: [
    'p', 'div', 'span', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'b', 'strong', 'i', 'em', 'u', 's',
    'small', 'sub', 'sup', 'mark', 'a', 'img', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'center', 'font',
  ],
  attributes: {
    '*': ['style', 'class', 'align', 'dir', 'title'],
    a: ['href', 'target', 'name'],
    img: ['src', 'alt', 'width', 'height'],
    table: ['width', 'border', 'cellpadding', 'cellspacing', 'bgcolor', 'role'],
    td: ['width', 'height', 'colspan', 'rowspan', 'valign', 'bgcolor'],
    th: ['width', 'height', 'colspan', 'rowspan', 'valign', 'bgcolor'],
    font: ['color', 'face', 'size'],
  },
  // A recipient's mail client loads an image from its full web address, never from a path.
  imageSchemes: ['http', 'https'],
  image: (src) => /^https?:\/\//i.test(src),
};

interface SummaryRow {
  id: string; subject: string; status: CampaignSummary['status']; total: number; sent: number; failed: number; pending: number; unsubscribed: number;
  created_at: Date; finished_at: Date | null; campus_ids: string[]; created_by: string | null;
  first_name: string | null; last_name: string | null; operation_id: string | null;
}

export function campaignsService(core: CoreDeps, settings: SendingSettings, templates: () => TemplateSource | null): CampaignsService {
  const { knex } = core;
  const permissions: PermissionMatrix = core.permissions;
  const visibility = () => core.module('identity').visibility;
  const domain = messageIdDomain(core.config.mailFrom);

  /** Checks every id of the choice against the sender's campuses; 403 for another campus's group or campus. */
  async function checkChoice(actor: Actor | null, input: RecipientsInput, t: Translate): Promise<{ choice: ResolvedChoice; scope: string[]; campusIds: string[] }> {
    const scope = permissions.campusesOrDeny(actor, perm.send);
    if (input.campuses.some((campusId) => !scope.includes(campusId))) throw new AccessDeniedError();
    const violations: Violation[] = [];
    const campusIds = new Set(input.campuses.length ? input.campuses : []);
    if (input.trainingGroups.length) {
      const groups = await knex('trainings_training_groups').whereIn('id', input.trainingGroups).select<{ id: string; campus_id: string }[]>('id', 'campus_id');
      const byId = new Map(groups.map((group) => [group.id, group]));
      input.trainingGroups.forEach((id, i) => {
        const group = byId.get(id);
        if (!group) violations.push({ path: `recipients.trainingGroups[${i}]`, message: t('mass-email.validation.unknownGroup') });
      });
      if (groups.some((group) => !scope.includes(group.campus_id))) throw new AccessDeniedError();
      for (const group of groups) campusIds.add(group.campus_id);
    }
    if (input.trainings.length) {
      const known = new Set((await knex('trainings_trainings').whereIn('id', input.trainings).select<{ id: string }[]>('id')).map((row) => row.id));
      input.trainings.forEach((id, i) => {
        if (!known.has(id)) violations.push({ path: `recipients.trainings[${i}]`, message: t('mass-email.validation.unknownTraining') });
      });
    }
    if (input.actors.length) {
      const reachable = await knex
        .raw<{ rows: { id: string }[] }>(
          `SELECT a.id FROM identity_actors a
            WHERE a.id = ANY(?::uuid[])
              AND (?
                OR EXISTS (SELECT 1 FROM students_student_registrations sr JOIN trainings_training_groups g ON g.id = sr.training_group_id
                            WHERE sr.student_id = a.id AND g.campus_id = ANY(?::uuid[])))`,
          [input.actors, visibility().onCampuses('a.id', scope), scope],
        )
        .then((result) => new Set(result.rows.map((row) => row.id)));
      input.actors.forEach((id, i) => {
        if (!reachable.has(id)) violations.push({ path: `recipients.actors[${i}]`, message: t('mass-email.validation.notOnCampuses') });
      });
    }
    if (violations.length) throw new ValidationError(violations);
    const choice = choiceOf(input, scope);
    if (choice.byRule || choice.trainings.length) for (const campusId of choice.campuses) campusIds.add(campusId);
    if (!campusIds.size) for (const campusId of scope) campusIds.add(campusId);
    return { choice, scope, campusIds: [...campusIds] };
  }

  /** The message: the template's (rendered by the mailbox module) or the one written in the form. */
  async function contentOf(actor: Actor, input: { templateId: string | null; subject: string; html: string }, t: Translate): Promise<MailContent> {
    if (input.templateId) {
      const source = templates();
      if (!source) throw new ValidationError([{ path: 'templateId', message: t('mass-email.validation.noTemplates') }]);
      // Only a template the sender may read (a centre-wide one, or one of their campuses).
      const readable = await source.list(actor);
      if (!readable.some((template) => template.id === input.templateId)) throw new ValidationError([{ path: 'templateId', message: t('mass-email.validation.unknownTemplate') }]);
      const rendered = await source.renderForSend(input.templateId).catch((error: unknown) => {
        if (error instanceof NotFoundError) throw new ValidationError([{ path: 'templateId', message: t('mass-email.validation.unknownTemplate') }]);
        throw error;
      });
      return { subject: input.subject.trim() || rendered.subject, html: rendered.html, text: rendered.text || textOfHtml(rendered.html) };
    }
    const html = sanitizeHtml(input.html, mailHtmlPolicy);
    // Nothing left once cleaned (a script alone): no message to send.
    if (!html.trim()) throw new ValidationError([{ path: 'html', message: t('mass-email.validation.bodyRequired') }]);
    return { subject: input.subject.trim(), html, text: textOfHtml(html) };
  }

  const summaries = (db: Knex) =>
    db('mass_email_campaigns as c')
      .leftJoin('identity_actors as a', 'a.id', 'c.created_by')
      .leftJoin('operations as o', 'o.workflow_id', 'c.workflow_id')
      .select(
        'c.id', 'c.subject', 'c.status', 'c.total', 'c.created_at', 'c.finished_at', 'c.campus_ids', 'c.created_by', 'a.first_name', 'a.last_name', 'o.id as operation_id',
        db.raw(`(SELECT count(*) FILTER (WHERE r.state = 'sent')::int FROM mass_email_recipients r WHERE r.campaign_id = c.id) AS sent`),
        db.raw(`(SELECT count(*) FILTER (WHERE r.state = 'failed')::int FROM mass_email_recipients r WHERE r.campaign_id = c.id) AS failed`),
        db.raw(`(SELECT count(*) FILTER (WHERE r.state = 'pending')::int FROM mass_email_recipients r WHERE r.campaign_id = c.id) AS pending`),
        db.raw(`(SELECT count(*) FILTER (WHERE r.state = 'unsubscribed')::int FROM mass_email_recipients r WHERE r.campaign_id = c.id) AS unsubscribed`),
      );

  const present = (row: SummaryRow): CampaignSummary => ({
    id: row.id, subject: row.subject, status: row.status, total: row.total, sent: row.sent, failed: row.failed, pending: row.pending, unsubscribed: row.unsubscribed,
    createdAt: new Date(row.created_at).toISOString(), finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    createdBy: row.created_by ? { id: row.created_by, firstName: row.first_name ?? '', lastName: row.last_name ?? '' } : null,
    operationId: row.operation_id,
  });

  /** Readers of one of its campuses, and its sender. */
  const canRead = (actor: Actor, row: { campus_ids: string[]; created_by: string | null }) =>
    row.created_by === actor.id || row.campus_ids.some((campusId) => permissions.isGranted(actor, perm.read, campusId));
  const canSend = (actor: Actor, row: { campus_ids: string[]; created_by: string | null }) =>
    row.created_by === actor.id || row.campus_ids.some((campusId) => permissions.isGranted(actor, perm.send, campusId));

  async function detail(actor: Actor, id: string): Promise<CampaignDetail> {
    const row = (await summaries(knex).where('c.id', id).first()) as SummaryRow | undefined;
    if (!row || !canRead(actor, row)) throw new NotFoundError('campaign');
    const campaign = await CampaignModel.query(knex).findById(id).select('html', 'text', 'template_id').throwIfNotFound();
    const recipients = await knex('mass_email_recipients')
      .where({ campaign_id: id })
      .orderByRaw("CASE state WHEN 'failed' THEN 0 WHEN 'pending' THEN 1 ELSE 2 END, seq")
      .limit(5000)
      .select('seq', 'actor_id', 'email', 'first_name', 'last_name', 'training', 'group_name', 'campus', 'message_id', 'state', 'smtp_response', 'answered_at');
    return {
      ...present(row),
      html: campaign.html,
      templateId: campaign.template_id,
      canPause: row.status === 'sending' && canSend(actor, row),
      canResume: row.status === 'paused' && canSend(actor, row),
      recipients: recipients.map((r) => ({
        seq: r.seq, actorId: r.actor_id, email: r.email, firstName: r.first_name, lastName: r.last_name, training: r.training,
        group: r.group_name, campus: r.campus, messageId: r.message_id, state: r.state, answer: r.smtp_response,
        answeredAt: r.answered_at ? new Date(r.answered_at).toISOString() : null,
      })),
    };
  }

  async function signal(actor: Actor | null, id: string, t: Translate, from: 'sending' | 'paused', to: 'sending' | 'paused', signalName: string) {
    permissions.assert(actor, perm.send);
    const row = await CampaignModel.query(knex).findById(id);
    if (!row || !canRead(actor, row)) throw new NotFoundError('campaign');
    if (!canSend(actor, row)) throw new AccessDeniedError();
    if (row.status !== from) throw new ValidationError([{ path: '', message: t(from === 'sending' ? 'mass-email.validation.notRunning' : 'mass-email.validation.notPaused') }]);
    const client = await core.temporal();
    await client.workflow.getHandle(row.workflow_id).signal(signalName);
    await knex('mass_email_campaigns').where({ id, status: from }).update({ status: to });
    return detail(actor, id);
  }

  return {
    async options(actor) {
      const scope = permissions.campusesOrDeny(actor, perm.send);
      const [campuses, trainings, groups] = await Promise.all([
        knex('training_centre_campuses').whereIn('id', scope).orderBy('name').select('id', 'name'),
        knex('trainings_trainings as t')
          .whereExists((q) => q.select(knex.raw('1')).from('trainings_training_groups as g').whereRaw('g.training_id = t.id').whereIn('g.campus_id', scope))
          .orderBy('t.name')
          .select('t.id', 't.name'),
        knex('trainings_training_groups as g')
          .join('training_centre_campuses as c', 'c.id', 'g.campus_id')
          .join('trainings_training_sessions as s', 's.id', 'g.training_session_id')
          .whereIn('g.campus_id', scope)
          .orderBy([{ column: 's.start_date', order: 'desc' }, 'g.name'])
          .select('g.id', 'g.name', 'g.campus_id as campusId', 'c.name as campusName', 'g.training_id as trainingId', 's.name as sessionName'),
      ]);
      const source = templates();
      return { campuses, trainings, trainingGroups: groups, templates: source ? await source.list(actor!) : null };
    },

    async people(actor, search) {
      const scope = permissions.campusesOrDeny(actor, perm.send);
      const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 4);
      if (!words.length) return [];
      const query = knex('identity_actors as a')
        .where('a.archived', false)
        .where((q) =>
          q
            .where(visibility().onCampuses('a.id', scope))
            .orWhereExists((s) =>
              s.select(knex.raw('1')).from('students_student_registrations as sr').join('trainings_training_groups as g', 'g.id', 'sr.training_group_id').whereRaw('sr.student_id = a.id').whereIn('g.campus_id', scope),
            ),
        );
      for (const word of words) {
        const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query.where((q) => q.whereRaw('lower(a.first_name) LIKE ?', [like]).orWhereRaw('lower(a.last_name) LIKE ?', [like]).orWhereRaw('lower(a.email) LIKE ?', [like]));
      }
      return query.orderBy(['a.last_name', 'a.first_name']).limit(20).select('a.id', 'a.first_name as firstName', 'a.last_name as lastName', 'a.email');
    },

    async preview(actor, input, t) {
      const { choice, scope } = await checkChoice(actor, input.recipients, t);
      const content = await contentOf(actor!, input, t);
      const result = await knex.raw<{ rows: { total: number; actor_id: string; email: string; first_name: string; last_name: string; training: string; group_name: string; campus: string }[] }>(
        'SELECT count(*) OVER ()::int AS total, r.* FROM (?) r ORDER BY r.last_name, r.first_name, r.actor_id LIMIT 1',
        [recipientsQuery(knex, visibility(), choice, scope)],
      );
      const first = result.rows[0];
      if (!first) return { count: 0, sample: null };
      const values = { firstName: first.first_name ?? '', lastName: first.last_name ?? '', email: first.email, training: first.training, group: first.group_name, campus: first.campus };
      return { count: first.total, sample: { recipient: values, ...renderForRecipient(content, values) } };
    },

    async create(actor, input, t) {
      permissions.assert(actor, perm.send);
      const existing = await CampaignModel.query(knex).findOne({ request_id: input.requestId });
      let campaign = existing;
      if (!campaign) {
        const { choice, scope, campusIds } = await checkChoice(actor, input.recipients, t);
        const sender = actor;
        const content = await contentOf(actor, input, t);
        const id = crypto.randomUUID();
        campaign = await knex.transaction(async (trx) => {
          const inserted = await trx('mass_email_campaigns')
            .insert({
              id, request_id: input.requestId, template_id: input.templateId, subject: content.subject, html: content.html, text: content.text,
              criteria: JSON.stringify(input.recipients), campus_ids: campusIds, workflow_id: `mass-email:${id}`, created_by: sender.id,
            })
            .onConflict('request_id')
            .ignore()
            .returning('id');
          // The same request at the same moment: the other one made it.
          if (!inserted.length) return CampaignModel.query(trx).findOne({ request_id: input.requestId }).throwIfNotFound();
          const { rowCount } = await trx.raw(
            // Who unsubscribed is on the ledger as such, never sent to.
            `INSERT INTO mass_email_recipients (campaign_id, seq, actor_id, email, first_name, last_name, training, group_name, campus, message_id, state, answered_at)
             SELECT ?::uuid, (row_number() OVER (ORDER BY r.last_name, r.first_name, r.actor_id) - 1)::int, r.actor_id, r.email,
                    coalesce(r.first_name, ''), coalesce(r.last_name, ''), coalesce(r.training, ''), coalesce(r.group_name, ''), coalesce(r.campus, ''),
                    '<mass-email.' || ?::text || '.' || r.actor_id || '@' || ?::text || '>',
                    CASE WHEN ${optedOut('r')} THEN 'unsubscribed' ELSE 'pending' END, CASE WHEN ${optedOut('r')} THEN now() END
               FROM (?) r`,
            [id, id, domain, recipientsQuery(trx, visibility(), choice, scope)],
          );
          if (!rowCount) throw new ValidationError([{ path: 'recipients', message: t('mass-email.validation.noRecipient') }]);
          await trx('mass_email_campaigns').where({ id }).update({ total: rowCount });
          return CampaignModel.query(trx).findById(id).throwIfNotFound();
        });
      }
      if (!canRead(actor, campaign)) throw new AccessDeniedError();
      const run: MassEmailRun = { campaignId: campaign.id, batchSize: settings.batchSize, batchesPerRun: settings.batchesPerRun, ratePerSecond: settings.ratePerSecond };
      const operation = await core.operations.start({
        kind: massEmailWorkflows.campaign, workflowType: massEmailWorkflows.campaign, workflowId: campaign.workflow_id, args: [run], subject: campaign.subject,
        campusId: campaign.campus_ids.length === 1 ? campaign.campus_ids[0] : null, actor,
      });
      return { campaign: await detail(actor, campaign.id), operation };
    },

    async list(actor) {
      const readable = permissions.campusesOrDeny(actor, perm.read);
      const rows = (await summaries(knex)
        .where((q) => q.where('c.created_by', actor!.id).orWhereRaw('c.campus_ids && ?::uuid[]', [readable]))
        .orderBy('c.created_at', 'desc')
        .limit(200)) as SummaryRow[];
      return rows.map(present);
    },

    async get(actor, id) {
      permissions.assert(actor, perm.read);
      return detail(actor, id);
    },

    pause: (actor, id, t) => signal(actor, id, t, 'sending', 'paused', massEmailSignals.pause),
    resume: (actor, id, t) => signal(actor, id, t, 'paused', 'sending', massEmailSignals.resume),
  };
}
