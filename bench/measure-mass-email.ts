import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createCore, createLogger, discoverModules, loadConfig, type Knex, type Mailer } from '@alterna/core';
import { bundleWorkflows, createWorker } from '@alterna/workflows/worker';
import { BenchClient, type BenchApp } from './app.js';
import { benchId, managerEmail, managerPassword } from './generate.js';
import type { Figure } from './stats.js';

const RECIPIENTS = 10_000;
/** The floor: 200 messages a second end to end. */
const FLOOR_PER_SECOND = 200;
/** The concurrency also measured (at most that many second copies per killed worker). */
const LANES = 4;

/** The sink in its own process; `count(prefix)` asks how many messages went to addresses starting with it. */
async function startSink(): Promise<{ url: string; count(prefix: string): Promise<number>; stop(): void }> {
  const child: ChildProcess = fork(fileURLToPath(new URL('./smtp-sink-process.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const url = await new Promise<string>((resolve) => child.once('message', (m: { url: string }) => resolve(m.url)));
  return {
    url,
    count: (prefix) =>
      new Promise((resolve) => {
        child.once('message', (m: { counts: Record<string, number> }) => resolve(m.counts[prefix] ?? 0));
        child.send('count');
      }),
    stop: () => void child.kill(),
  };
}

/** A bare loop of sends over `lanes` pooled connections, one message at a time per lane: the sink's ceiling. */
async function bareLoop(mailer: Mailer, lanes: number, prefix: string): Promise<number> {
  const pool = mailer.pooled({ maxConnections: lanes });
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: lanes }, async () => {
    while (next < RECIPIENTS) {
      const i = next++;
      await pool.send({ to: `${prefix}-${i}@bench.alterna.school`, subject: `Bonjour Personne${i}`, html: html.replace('{{firstName}}', `Personne${i}`), text: 'Bonjour', messageId: `<${prefix}.${i}@bench.alterna.school>` });
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  pool.close();
  return seconds;
}

/** `count` people (tutors of the first campus, which the bench's manager manages) at `<prefix>-<i>@bench.alterna.school`; their ids. */
export async function addRecipients(knex: Knex, count: number, prefix: string): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, i) => ({ first_name: `Personne${i}`, last_name: 'Emailing', email: `${prefix}-${i}@bench.alterna.school` }));
  const ids: { id: string }[] = [];
  for (let i = 0; i < rows.length; i += 2000) ids.push(...(await knex('actors').insert(rows.slice(i, i + 2000)).returning('id')));
  for (let i = 0; i < ids.length; i += 2000) {
    await knex('actor_access_rules').insert(ids.slice(i, i + 2000).map((p) => ({ actor_id: p.id, campus_id: benchId('campus', 0), typology: 'tutor' })));
  }
  return ids.map((p) => p.id);
}

const html = '<h1>Bonjour {{firstName}}</h1><p>Votre groupe : {{group}}, campus {{campus}}.</p><p>À bientôt.</p>';

/**
 * Mass e-mail (issue #13): 10,000 recipients of a campaign sent through the workflow (recipients resolved and stored
 * by the API, batches of 500 as activities, the state of each written after the server's answer) to a local SMTP
 * sink in its own process, from the POST to the last recorded answer; against the sink's own ceiling, a bare loop of
 * 10,000 nodemailer sends over one pooled connection, and against the 200 messages/s floor (50 s). Once with one
 * message in flight (the default, at most one second copy per killed worker), once with MASS_EMAIL_CONCURRENCY=4.
 */
export async function measureMassEmail(app: BenchApp, temporalAddress: string): Promise<Figure[]> {
  const names = {
    floor: `mass e-mail: ${RECIPIENTS} recipients through the workflow to a local SMTP sink (one in flight), vs the ${FLOOR_PER_SECOND} messages/s floor`,
    ceiling: 'mass e-mail: the same vs a bare loop of nodemailer sends over one connection (the sink\'s ceiling)',
    lanes: `mass e-mail: ${RECIPIENTS} recipients with MASS_EMAIL_CONCURRENCY=${LANES}, vs the ${FLOOR_PER_SECOND} messages/s floor`,
  };
  const sink = await startSink();
  // A core of its own on the bench database, mailing to the sink, with a worker on its own queue.
  const config = loadConfig({
    NODE_ENV: 'test', DATABASE_URL: app.centre.url, TEMPORAL_ADDRESS: temporalAddress, LOG_LEVEL: 'error', SMTP_URL: sink.url,
    TEMPORAL_TASK_QUEUE: `bench-mail-${crypto.randomUUID()}`, LOGIN_MAX_ATTEMPTS: '1000',
  });
  const core = await createCore({ config, modules: await discoverModules(), log: createLogger('error') });
  let stopWorker = async () => {};
  try {
    const knex = core.db.knex;
    const people = (prefix: string) => addRecipients(knex, RECIPIENTS, prefix);
    const server = await core.listen(0, '127.0.0.1');
    const manager = new BenchClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    await manager.login(managerEmail, managerPassword);
    const { worker, connection } = await createWorker({ core, address: temporalAddress, workflowBundle: await bundleWorkflows() });
    const running = worker.run();
    stopWorker = async () => {
      worker.shutdown();
      await running;
      await connection.close();
    };
    const settings = core.services<{ settings: { concurrency: number } }>('mass-email').settings;

    /** One campaign to fresh people, from the POST to the last recorded answer. */
    const campaign = async (prefix: string, lanes: number) => {
      const ids = await people(prefix);
      settings.concurrency = lanes;
      const started = performance.now();
      const created = await manager.request('POST', '/api/mailbox/mass-email/campaigns', { subject: 'Bonjour {{firstName}}', html, recipients: { actors: ids }, requestId: crypto.randomUUID() });
      if (created.status !== 200) throw new Error(`the campaign answered ${created.status}: ${created.text.slice(0, 200)}`);
      const stored = (performance.now() - started) / 1000;
      const id = created.json.campaign.id as string;
      for (;;) {
        const row = await knex('mass_email_campaigns').where({ id }).first('status');
        if (row.status === 'completed' || row.status === 'cancelled') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const seconds = (performance.now() - started) / 1000;
      const sent = Number((await knex('mass_email_recipients').where({ campaign_id: id, state: 'sent' }).count<{ count: string }[]>({ count: '*' }))[0]!.count);
      return { seconds, stored, sent, received: await sink.count(prefix) };
    };

    const bare1 = await bareLoop(core.mailer, 1, 'bare1');
    const bareN = await bareLoop(core.mailer, LANES, 'bareN');
    const one = await campaign('wf1', 1);
    const many = await campaign('wfN', LANES);
    const rate = (seconds: number) => `${(RECIPIENTS / seconds).toFixed(0)}/s`;
    const note = `one in flight: workflow ${rate(one.seconds)} (${one.seconds.toFixed(1)} s, ${one.stored.toFixed(1)} s of it resolving and storing the recipients in the POST; ${one.sent} sent, the sink counted ${one.received}),`
      + ` bare loop ${rate(bare1)} (${bare1.toFixed(1)} s); ${LANES} in flight: workflow ${rate(many.seconds)} (${many.seconds.toFixed(1)} s; ${many.sent} sent, the sink counted ${many.received}), bare loop ${rate(bareN)} (${bareN.toFixed(1)} s)`;
    return [
      { name: names.floor, value: one.seconds, baseline: RECIPIENTS / FLOOR_PER_SECOND, unit: 's', target: 1, note },
      { name: names.ceiling, value: one.seconds, baseline: bare1, unit: 's', target: 3 },
      { name: names.lanes, value: many.seconds, baseline: RECIPIENTS / FLOOR_PER_SECOND, unit: 's', target: 1 },
    ];
  } catch (error) {
    const missing = error instanceof Error ? error.message.slice(0, 160) : String(error);
    return Object.values(names).map((name) => ({ name, value: null, baseline: null, unit: 's' as const, target: 1, missing }));
  } finally {
    await stopWorker().catch(() => {});
    await core.close().catch(() => {});
    sink.stop();
  }
}
