import { Context } from '@temporalio/activity';
import type { CoreDeps, Mailer } from '@alterna/core';
import type { MassEmailBatchCounts, MassEmailResult, MassEmailState } from '@alterna/workflows/mass-email/contract';
import { CampaignModel } from '../models/index.js';
import { renderForRecipient } from '../validation/index.js';
import type { SendingSettings } from './settings.js';
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

export function sendingService(core: CoreDeps, settings: SendingSettings): SendingService {
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

  return {
    async prepare(campaignId) {
      const row = await knex('mass_email_recipients')
        .where({ campaign_id: campaignId })
        .first(
          knex.raw('count(*)::int AS total'),
          knex.raw("count(*) FILTER (WHERE state = 'sent')::int AS sent"),
          knex.raw("count(*) FILTER (WHERE state = 'failed')::int AS failed"),
        );
      return { total: row?.total ?? 0, nextSeq: 0, sent: row?.sent ?? 0, failed: row?.failed ?? 0 };
    },

    async sendBatch(campaignId, fromSeq, toSeq, ratePerSecond) {
      const context = currentContext();
      const campaign = await CampaignModel.query(knex).findById(campaignId).select('subject', 'html', 'text', 'workflow_id');
      if (!campaign) return { sent: 0, failed: 0 };
      // Only those still pending: a retry after a worker died skips every recorded answer, and resends the one in
      // flight with its stored Message-ID.
      // The heartbeat's cursor: every seq up to it has its answer recorded (a retry starts after it).
      const cursor = context?.info.heartbeatDetails;
      const from = typeof cursor === 'number' && cursor >= fromSeq ? cursor + 1 : fromSeq;
      const rows = await knex('mass_email_recipients')
        .where({ campaign_id: campaignId, state: 'pending' })
        .whereBetween('seq', [from, toSeq])
        .orderBy('seq')
        .select('seq', 'email', 'first_name', 'last_name', 'training', 'group_name', 'campus', 'message_id');
      const counts = { sent: 0, failed: 0 };
      if (!rows.length) return counts;
      // MASS_EMAIL_CONCURRENCY lanes (default 1), each one message at a time: at most that many are in flight, so a
      // worker killed mid-batch resends at most that many (the default: at most one).
      const lanes = Math.min(settings.concurrency, rows.length);
      const mailer = core.mailer.pooled({ maxConnections: lanes });
      const started = realNow();
      const interval = 1000 / ratePerSecond;
      const inFlight = new Set<number>();
      let next = 0;
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
          const due = started + i * interval;
          const at = realNow();
          if (due - at >= 1) await sleep(due - at, context);
          const values = { firstName: row.first_name, lastName: row.last_name, email: row.email, training: row.training, group: row.group_name, campus: row.campus };
          const content = renderForRecipient({ subject: campaign.subject, html: campaign.html, text: campaign.text }, values);
          const answer = await sendOne(mailer, { to: row.email, ...content, messageId: row.message_id, headers: { 'X-Alterna-Campaign': campaignId } }, context, beat);
          // Written after the server's answer: a kill between the two resends this one message, same Message-ID.
          await knex('mass_email_recipients')
            .where({ campaign_id: campaignId, seq: row.seq })
            .update({ state: answer.state, smtp_response: answer.response.slice(0, 2000), answered_at: knex.fn.now() });
          inFlight.delete(i);
          counts[answer.state] += 1;
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
      return counts;
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
        campaignId, status, total: counts.total, sent: counts.sent, failed: counts.failed, pending: counts.total - counts.sent - counts.failed,
        delivered,
        failures: failures.map((f) => ({ email: f.email, name: `${f.first_name} ${f.last_name}`.trim(), answer: f.smtp_response ?? '' })),
        truncated: counts.sent > listCap || counts.failed > listCap,
      };
    },
  };
}
