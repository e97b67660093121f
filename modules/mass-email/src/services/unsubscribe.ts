import crypto from 'node:crypto';
import { isLanguage, runWithAuditContext, ValidationError, type CoreDeps, type Language, type Translate } from '@alterna/core';
import { escapeHtml } from '../validation/index.js';

/**
 * Unsubscribing from mass e-mail (issue #24, RFC 8058): each recipient's message carries a link signed with the app's
 * secret (APP_SECRET, else the module's stored key) naming its campaign and row; the link records the person's
 * opt-out, and later campaigns record them as 'unsubscribed' instead of sending. Transactional mail (alerts,
 * validations) goes through the core's mailer and is not concerned.
 */
export interface UnsubscribeService {
  /** The signed address of one recipient's unsubscribe link. */
  link(campaignId: string, seq: number): Promise<string>;
  /** Records the opt-out the token names (again: nothing new); the person's language. 422 for a bad or forged token. */
  unsubscribe(token: string, t: Translate, requestId: string | null): Promise<{ language: Language | null }>;
}

/** Rows of `r` (mass_email_recipients) whose person or address opted out: one SQL condition for every statement. */
export const optedOut = (alias: string) =>
  `EXISTS (SELECT 1 FROM mass_email_opt_outs o WHERE o.email_key = lower(${alias}.email) OR o.actor_id = ${alias}.actor_id)`;

const tokenPattern = /^([0-9a-f-]{36})\.(\d{1,9})\.([A-Za-z0-9_-]{43})$/;

export function unsubscribeService(core: CoreDeps, path: string): UnsubscribeService {
  const { knex } = core;
  let key: Promise<string> | null = null;
  const secret = () => (key ??= core.config.appSecret
    ? Promise.resolve(core.config.appSecret)
    : knex('mass_email_link_keys').where({ id: 1 }).first('token').then((row: { token: string } | undefined) => {
      if (!row) throw new Error('mass_email_link_keys has no key: run the migrations');
      return row.token;
    }));
  const sign = async (campaignId: string, seq: number) =>
    crypto.createHmac('sha256', await secret()).update(`unsubscribe:${campaignId}:${seq}`).digest('base64url');

  return {
    async link(campaignId, seq) {
      return `${core.config.publicUrl}/api${path.replace(':token', `${campaignId}.${seq}.${await sign(campaignId, seq)}`)}`;
    },

    async unsubscribe(token, t, requestId) {
      const refused = () => new ValidationError([{ path: 'token', message: t('mass-email.unsubscribe.badLink') }]);
      const [, campaignId, seqText, signature] = tokenPattern.exec(token) ?? [];
      if (!campaignId || !signature) throw refused();
      const seq = Number(seqText);
      const expected = Buffer.from(await sign(campaignId, seq));
      if (!crypto.timingSafeEqual(expected, Buffer.from(signature))) throw refused();
      const row = await knex('mass_email_recipients as r')
        .leftJoin('identity_actors as a', 'a.id', 'r.actor_id')
        .where({ 'r.campaign_id': campaignId, 'r.seq': seq })
        .first('r.actor_id', 'r.email', 'r.first_name', 'r.last_name', 'a.language');
      // Signed by us but gone since (the campaign deleted): nothing to record, and nothing to tell.
      if (!row) throw refused();
      // In the trail as the person's own act, under the request that carried it.
      // (Run inside the context: a query builder runs where it is awaited.)
      await runWithAuditContext({ actorId: row.actor_id, actorName: `${row.first_name} ${row.last_name}`.trim(), requestId }, async () => {
        await knex('mass_email_opt_outs')
          .insert({ email_key: String(row.email).toLowerCase(), actor_id: row.actor_id, campaign_id: campaignId })
          .onConflict('email_key')
          .ignore();
      });
      return { language: isLanguage(row.language) ? row.language : null };
    },
  };
}

/** The small page a person sees after following the link, in their language. */
export function unsubscribedPage(t: Translate, language: Language): string {
  const title = escapeHtml(t('mass-email.unsubscribe.title'));
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<title>${title}</title><style>body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#212529;background:#f8f9fa;padding:0 1rem}`
    + 'main{max-width:32rem;margin:3rem auto;padding:1.5rem;background:#fff;border:1px solid #dee2e6;border-radius:8px}h1{font-size:1.4rem;margin-top:0}p{line-height:1.5}</style>'
    + `</head><body><main><h1>${title}</h1><p>${escapeHtml(t('mass-email.unsubscribe.done'))}</p>`
    + `<p>${escapeHtml(t('mass-email.unsubscribe.stillTransactional'))}</p></main></body></html>`;
}
