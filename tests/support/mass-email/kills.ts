import crypto from 'node:crypto';
import type { SinkMail } from './sink.js';
import { killWorker, type WorkerProcesses } from '../worker-processes.js';
import { nowMs } from '@alterna/core/clock';

// The durability scenario, shared by the API test (which asserts it) and the bench (which reports it):
// a campaign sent by killable worker processes, each killed once the sink has counted more messages, then the
// messages counted at the sink held against the Message-IDs the campaign stored.

export interface KillsOptions {
  /** A logged-in sender's request (the test's ApiClient, the bench's BenchClient). */
  request(method: string, path: string, body?: unknown): Promise<{ status: number; json: any; text: string }>;
  workers: WorkerProcesses;
  /** The SMTP sink the worker processes send to (tests/support/mass-email/sink.ts). */
  sink: { of(campaignId: string): SinkMail[] };
  /** The recipients' actor ids. */
  people: string[];
  kills: number;
  /** Messages the sink counts between two kills (the first kill included). */
  between: number;
  timeoutMs?: number;
}

export interface KillsResult {
  campaignId: string;
  recipients: number;
  kills: number;
  /** The campaign's own counts once completed. */
  campaign: { status: string; total: number; sent: number; failed: number; pending: number };
  /** Messages the sink received for the campaign, second copies included. */
  received: number;
  /** Distinct recipients the sink received a message for. */
  reached: number;
  /** Messages beyond one per recipient. */
  secondCopies: number;
  /** Messages whose Message-ID is not the one stored for their recipient (none expected). */
  foreignMessageIds: number;
  /** From the POST to the completed campaign. */
  seconds: number;
}

const poll = async <T>(check: () => Promise<T | null | undefined | false>, timeoutMs: number, intervalMs: number, what: string): Promise<T> => {
  const deadline = nowMs() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (nowMs() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
};

/** Sends a campaign to `people` while its worker is killed `kills` times (restarted each time), and counts at the sink. */
export async function sendThroughKills(options: KillsOptions): Promise<KillsResult> {
  const { request, workers, sink, people, kills, between, timeoutMs = 300_000 } = options;
  let worker = await workers.start();
  const started = performance.now();
  const created = await request('POST', '/api/mailbox/mass-email/campaigns', {
    subject: 'Durable', html: '<p>Bonjour {{firstName}}</p>', recipients: { actors: people }, requestId: crypto.randomUUID(),
  });
  if (created.status !== 200) throw new Error(`the campaign answered ${created.status}: ${created.text.slice(0, 300)}`);
  const campaignId = created.json.campaign.id as string;
  for (let k = 1; k <= kills; k += 1) {
    const seen = sink.of(campaignId).length;
    await poll(async () => sink.of(campaignId).length >= seen + between, timeoutMs, 20, `kill ${k}`);
    await killWorker(worker);
    worker = await workers.start();
  }
  const campaign = await poll(async () => {
    const detail = (await request('GET', `/api/mailbox/mass-email/campaigns/${campaignId}`)).json?.campaign;
    return detail?.status === 'completed' ? detail : null;
  }, timeoutMs, 200, 'the campaign to complete');
  const seconds = (performance.now() - started) / 1000;

  const stored = new Map<string, string>(campaign.recipients.map((r: { email: string; messageId: string }) => [r.email.toLowerCase(), r.messageId]));
  const mails = sink.of(campaignId);
  const reached = new Set(mails.map((mail) => mail.to[0]!));
  return {
    campaignId,
    recipients: people.length,
    kills,
    campaign: { status: campaign.status, total: campaign.total, sent: campaign.sent, failed: campaign.failed, pending: campaign.pending },
    received: mails.length,
    reached: reached.size,
    secondCopies: mails.length - reached.size,
    foreignMessageIds: mails.filter((mail) => mail.messageId !== stored.get(mail.to[0]!)).length,
    seconds,
  };
}
