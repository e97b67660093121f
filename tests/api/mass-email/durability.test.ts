import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demo, startTestApp, type TestApp } from '../../support/app.js';
import { addPeople } from '../../support/mass-email/fixtures.js';
import { sendThroughKills } from '../../support/mass-email/kills.js';
import { startMassEmailSink } from '../../support/mass-email/sink.js';
import { productWorkerProcesses } from '../../support/worker-processes.js';
import { eventually } from '../../support/worker.js';

let app: TestApp;
let sink: Awaited<ReturnType<typeof startMassEmailSink>>;
// Paced small batches: the kills fall mid-batch, and the run continues as new between them.
const workers = productWorkerProcesses(() => app, {
  env: () => ({ SMTP_URL: sink.url, MASS_EMAIL_RATE_PER_SECOND: '300', MASS_EMAIL_BATCH_SIZE: '100', MASS_EMAIL_BATCHES_PER_RUN: '2' }),
});

beforeAll(async () => {
  sink = await startMassEmailSink();
  app = await startTestApp({ SMTP_URL: sink.url });
  await workers.prepare();
}, 120_000);
afterAll(async () => {
  workers.stop();
  await app?.close();
  await sink?.close();
});

// The figure (5,000 recipients, three kills) is the bench's `massemail-kills`; this proves the behaviour on a
// smaller list.
describe('mass e-mail durability', () => {
  it('workers killed twice during a send: everyone gets the message, a second copy only with the same Message-ID, at most one per kill', async () => {
    const total = 1000;
    const people = await addPeople(app.core.db.knex, total, 'Paris');
    const manager = new ApiClient(app.baseUrl);
    await manager.login(demo('pedagogy'));
    const run = await sendThroughKills({
      request: (method, path, body) => manager.request(method, path, body), workers, sink, people: people.map((p) => p.id), kills: 2, between: 300,
    });
    expect(run.campaign).toMatchObject({ status: 'completed', total, sent: total, failed: 0, pending: 0 });
    expect(run.reached).toBe(total);
    expect(run.foreignMessageIds).toBe(0);
    expect(run.secondCopies).toBeLessThanOrEqual(run.kills);
    // The operations page counts every answer, those of batches tried again after a kill included.
    const operation = await eventually(async () => {
      const operations: { workflowId: string; status: string; progress: unknown }[] = (await manager.request('GET', '/api/operations')).json.operations;
      return operations.find((o) => o.workflowId === `mass-email:${run.campaignId}` && o.status === 'completed');
    });
    expect(operation.progress).toEqual({ done: total, total });
  }, 360_000);
});
