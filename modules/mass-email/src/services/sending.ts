import { Context } from '@temporalio/activity';
import { defaultLanguage, isLanguage, type CoreDeps, type Mailer } from '@alterna/core';
import type { MassEmailBatchCounts, MassEmailResult, MassEmailState } from '../workflow-contract.js';
import { CampaignModel } from '../models/index.js';
import { renderForRecipient } from '../validation/index.js';
import { withUnsubscribeLink } from './message.js';
import type { SendingSettings } from './settings.js';
import type { SendingPace } from './pace.js';
import { optedOut, type UnsubscribeService } from './unsubscribe.js';
import { realNow } from '@alterna/core/clock';

/** The activities' side of a campaign run: each safe to retry. */
export interface SendingService {
  prepare(campaignId: string): Promise<MassEmailState>;
  sendBatch(campaignId: string, fromSeq: number, toSeq: number, ratePerSecond: number): Promise<MassEmailBatchCounts>;
  finish(campaignId: string, status: 'completed' | 'cancelled'): Promise<MassEmailResult>;
}

interface Answer { state: 'sent' | 'failed'; response: string }

/** nodemailer's refusal: the SMTP code and the server's line, when the server answered at all. */
const smtpRefusal = (error: unknown): { code: number; response: string } | null => {
  const e = error as { responseCode?: unknown; response?: unknown; message?: unknown };
  return typeof e?.responseCode === 'number' ? { code: e.responseCode, response: String(e.response ?? e.message ?? e.responseCode) } : null;
};

/** nodemailer's own refusal of an address it cannot send to (no domain, nothing to parse): that recipient's failure. */
const localRefusal = (error: unknown): string | null => {
  const e = error as { code?: unknown; command?: unknown; message?: unknown };
  return e?.code === 'EENVELOPE' && e.command === 'API' ? String(e.message) : null;
};

const currentContext = (): Context | null => {
  try {
    return Context.current();
  } catch {
    return null;
  }
};

const listCap = 1000;

export function sendingService(core: CoreDeps, settings: SendingSettings, unsubscribe: UnsubscribeService, pace: SendingPace): SendingService {
  const { knex } = core;
  const sleep = (ms: number, context: Context | null) => (context ? context.sleep(ms) : new Promise<void>((resolve) => setTimeout(resolve, ms)));

  /**
   * One message: a 5xx answer, or an address nodemailer cannot send to, is recorded as failed; a 4xx one is tried again
   * after doubling delays and recorded as failed once they are used up; no answer at all (connection refused, cut)
   * throws, so the activity is retried.
   */
  async function sendOne(mailer: Mailer, message: Parameters<Mailer['send']>[0], context: Context | null, beat: () => void): Promise<Answer> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const info = await mailer.send(message);
        return { state: 'sent', response: info.response };
      } catch (error) {
        const refusal = smtpRefusal(error);
        // A bad address is one failed row, never a batch retried until the campaign stops.
        const local = refusal ? null : localRefusal(error);
        if (local) return { state: 'failed', response: local };
        if (!refusal) throw error;
        if (refusal.code >= 500) return { state: 'failed', response: refusal.response };
        if (attempt >= settings.temporaryRetries) return { state: 'failed', response: refusal.response };
        beat();
        await sleep(settings.retryDelayMs * 2 ** attempt, context);
      }
    }
  }

  /**
   * The batch's answers as the ledger holds them, whoever recorded them: a retry after a killed worker counts the rows
   * the first attempt answered too, so the campaign's progress reaches its total (it stopped at 660 of 1,000).
   */
  async function batchCounts(campaignId: string, fromSeq: number, toSeq: number): Promise<MassEmailBatchCounts> {
    const rows = await knex('mass_email_recipients')
      .where({ campaign_id: campaignId })
      .whereBetween('seq', [fromSeq, toSeq])
      .whereIn('state', ['sent', 'failed', 'unsubscribed'])
      .groupBy('state')
      .select('state')
      .count({ n: '*' });
    const of = (state: string) => Number(rows.find((row) => row.state === state)?.n ?? 0);
    return { sent: of('sent'), failed: of('failed'), unsubscribed: of('unsubscribed') };
  }

  return {
    async prepare(campaignId) {
      const counts = await knex('mass_email_recipients').where({ campaign_id: campaignId }).select('state').count({ n: '*' }).groupBy('state');
      const of = (state: string) => Number(counts.find((c) => c.state === state)?.n ?? 0);
      const total = counts.reduce((sum, c) => sum + Number(c.n), 0);
      return { total, nextSeq: 0, sent: of('sent'), failed: of('failed'), unsubscribed: of('unsubscribed') };
    },

    async sendBatch(campaignId, fromSeq, toSeq, ratePerSecond) {
      const context = currentContext();
      const campaign = await CampaignModel.query(knex).findById(campaignId).select('subject', 'html', 'text', 'workflow_id');
      if (!campaign) return { sent: 0, failed: 0, unsubscribed: 0 };
      // Only those still pending: a retry after a worker died skips every recorded answer, and resends the one in
      // flight with its stored Message-ID.
      // The heartbeat's cursor: every seq up to it has its answer recorded (a retry starts after it).
      const cursor = context?.info.heartbeatDetails;
      const from = typeof cursor === 'number' && cursor >= fromSeq ? cursor + 1 : fromSeq;
      // Who unsubscribed since the campaign was made is skipped, on the ledger as such (one statement, safe to rerun).
      await knex.raw(
        `UPDATE mass_email_recipients r SET state = 'unsubscribed', answered_at = now()
          WHERE r.campaign_id = ? AND r.state = 'pending' AND r.seq BETWEEN ? AND ? AND ${optedOut('r')}`,
        [campaignId, from, toSeq],
      );
      const rows = await knex('mass_email_recipients as r')
        .leftJoin('identity_actors as a', 'a.id', 'r.actor_id')
        .where({ 'r.campaign_id': campaignId, 'r.state': 'pending' })
        .whereBetween('r.seq', [from, toSeq])
        .orderBy('r.seq')
        .select('r.seq', 'r.email', 'r.first_name', 'r.last_name', 'r.training', 'r.group_name', 'r.campus', 'r.message_id', 'a.language');
      if (!rows.length) return batchCounts(campaignId, fromSeq, toSeq);
      // MASS_EMAIL_CONCURRENCY lanes (default 1), each one message at a time: at most that many are in flight, so a
      // worker killed mid-batch resends at most that many (the default: at most one).
      const lanes = Math.min(settings.concurrency, rows.length);
      const mailer = core.mailer.pooled({ maxConnections: lanes });
      const inFlight = new Set<number>();
      let next = 0;
      // Each message at a slot of the deployment's pace (every campaign and worker together).
      const slot = pace.slots(1000 / ratePerSecond, () => rows.length - next);
      let failure: unknown = null;
      // Every row before the lowest one not yet recorded has its answer stored: that seq is the heartbeat's cursor.
      const beat = () => {
        const lowest = Math.min(next, ...inFlight);
        if (lowest > 0) context?.heartbeat(rows[lowest - 1]!.seq);
      };
      const lane = async () => {
        while (failure === null && next < rows.length) {
          const i = next++;
          const row = rows[i]!;
          inFlight.add(i);
          const due = await slot();
          const at = realNow();
          if (due - at >= 1) await sleep(due - at, context);
          const values = { firstName: row.first_name, lastName: row.last_name, email: row.email, training: row.training, group: row.group_name, campus: row.campus };
          const language = isLanguage(row.language) ? row.language : defaultLanguage;
          const link = await unsubscribe.link(campaignId, row.seq);
          const content = withUnsubscribeLink(renderForRecipient({ subject: campaign.subject, html: campaign.html, text: campaign.text }, values), link, core.translator(language), language);
          // RFC 8058: the providers' one-click unsubscribe (Gmail and Yahoo require it of bulk senders).
          const headers = { 'X-Alterna-Campaign': campaignId, 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
          const answer = await sendOne(mailer, { to: row.email, ...content, messageId: row.message_id, headers }, context, beat);
          // Written after the server's answer: a kill between the two resends this one message, same Message-ID.
          await knex('mass_email_recipients')
            .where({ campaign_id: campaignId, seq: row.seq })
            .update({ state: answer.state, smtp_response: answer.response.slice(0, 2000), answered_at: knex.fn.now() });
          inFlight.delete(i);
          beat();
        }
      };
      try {
        // A lane that fails (no answer from the server) stops the others from taking more; the activity is retried.
        const results = await Promise.allSettled(Array.from({ length: lanes }, () => lane().catch((error: unknown) => {
          failure ??= error;
          throw error;
        })));
        if (results.some((result) => result.status === 'rejected')) throw failure;
      } finally {
        mailer.close();
      }
      return batchCounts(campaignId, fromSeq, toSeq);
    },

    async finish(campaignId, status) {
      await knex('mass_email_campaigns').where({ id: campaignId }).update({ status, finished_at: knex.fn.now() });
      const counts = await this.prepare(campaignId);
      const delivered = await knex('mass_email_recipients').where({ campaign_id: campaignId, state: 'sent' }).orderBy('seq').limit(listCap).pluck('email');
      const failures = await knex('mass_email_recipients')
        .where({ campaign_id: campaignId, state: 'failed' })
        .orderBy('seq')
        .limit(listCap)
        .select('email', 'first_name', 'last_name', 'smtp_response');
      return {
        campaignId, status, total: counts.total, sent: counts.sent, failed: counts.failed, unsubscribed: counts.unsubscribed ?? 0,
        pending: counts.total - counts.sent - counts.failed - (counts.unsubscribed ?? 0),
        delivered,
        failures: failures.map((f) => ({ email: f.email, name: `${f.first_name} ${f.last_name}`.trim(), answer: f.smtp_response ?? '' })),
        truncated: counts.sent > listCap || counts.failed > listCap,
      };
    },
  };
}
