import crypto from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demo, startTestApp, type TestApp } from '../../support/app.js';
import { addPeople } from '../../support/mass-email/fixtures.js';
import { startMassEmailSink } from '../../support/mass-email/sink.js';
import { eventually } from '../../support/worker.js';
import { workerProcesses } from '../../support/worker-processes.js';

let app: TestApp;
let sink: Awaited<ReturnType<typeof startMassEmailSink>>;
const workers = workerProcesses(() => app);

beforeAll(async () => {
  sink = await startMassEmailSink();
  // The worker processes read their SMTP server from the environment; a paced send leaves time to kill mid-batch.
  Object.assign(process.env, { SMTP_URL: sink.url, MASS_EMAIL_RATE_PER_SECOND: '300', MASS_EMAIL_BATCH_SIZE: '100', MASS_EMAIL_BATCHES_PER_RUN: '2' });
  app = await startTestApp({ SMTP_URL: sink.url });
}, 120_000);
afterAll(async () => {
  workers.stop();
  await app?.close();
  await sink?.close();
  delete process.env.SMTP_URL;
});

const kill = async (child: ChildProcess) => {
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
};

describe('mass e-mail durability', () => {
  it('workers killed three times during a 5,000-recipient send: everyone gets the message, a second copy only with the same Message-ID, at most one per kill', async () => {
    const total = 5000;
    const people = await addPeople(app.core.db.knex, total, 'Paris');
    const manager = new ApiClient(app.baseUrl);
    await manager.login(demo('pedagogy'));
    let worker = await workers.start();
    const created = await manager.post('/api/mailbox/mass-email/campaigns', {
      subject: 'Durable', html: '<p>Bonjour {{firstName}}</p>', recipients: { actors: people.map((p) => p.id) }, requestId: crypto.randomUUID(),
    });
    expect(created.status).toBe(200);
    const id = created.json.campaign.id;
    const kills = 3;
    for (let k = 1; k <= kills; k += 1) {
      const seen = sink.of(id).length;
      await eventually(async () => sink.of(id).length >= seen + 400, 60_000, 20);
      await kill(worker);
      worker = await workers.start();
    }
    const campaign = await eventually(async () => {
      const detail = (await manager.get(`/api/mailbox/mass-email/campaigns/${id}`)).json.campaign;
      return detail.status === 'completed' ? detail : null;
    }, 180_000);
    expect(campaign).toMatchObject({ total, sent: total, failed: 0, pending: 0 });

    const mails = sink.of(id);
    const stored = new Map<string, string>(campaign.recipients.map((r: { email: string; messageId: string }) => [r.email.toLowerCase(), r.messageId]));
    const byRecipient = new Map<string, string[]>();
    for (const mail of mails) byRecipient.set(mail.to[0]!, [...(byRecipient.get(mail.to[0]!) ?? []), mail.messageId]);
    expect(byRecipient.size).toBe(total);
    for (const [email, ids] of byRecipient) for (const messageId of ids) expect(messageId).toBe(stored.get(email));
    const duplicates = mails.length - total;
    expect(duplicates).toBeLessThanOrEqual(kills);
    console.log(`mass e-mail durability: ${total} recipients, ${kills} kills, ${duplicates} second copies (same Message-ID)`);
  }, 360_000);
});
