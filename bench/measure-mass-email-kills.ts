import { sendThroughKills } from '../tests/support/mass-email/kills.js';
import { startMassEmailSink } from '../tests/support/mass-email/sink.js';
import { productWorkerProcesses } from '../tests/support/worker-processes.js';
import type { BenchApp } from './app.js';
import { addRecipients } from './measure-mass-email.js';
import type { Figure } from './stats.js';

const RECIPIENTS = 5000;
const KILLS = 3;
/** Messages the sink counts before each kill: the three kills fall in the first two thirds of the send. */
const BETWEEN = 1000;

/**
 * Mass e-mail durability (issue #13): a 5,000-recipient campaign whose worker (a process of its own, the product's
 * workflows and activities, default settings) is killed with SIGKILL three times mid-send and restarted. Every
 * recipient must have received the message (counted at the SMTP sink), and a second copy — same Message-ID — is
 * only where a kill fell between the server's acceptance and the record: at most one per kill. The same scenario as
 * tests/api/mass-email/durability.test.ts (tests/support/mass-email/kills.ts), at the size.
 */
export async function measureMassEmailKills(app: BenchApp): Promise<Figure[]> {
  const names = {
    copies: `mass e-mail, worker killed ${KILLS} times during a ${RECIPIENTS}-recipient send: second copies (same Message-ID) vs kills (at most one per kill)`,
    missed: 'mass e-mail, the same: recipients the sink got nothing for vs recipients (none)',
  };
  const sink = await startMassEmailSink();
  // The killed workers run on the bench app's database and task queue (no other worker polls it) and mail the sink.
  // A loaded machine may take long to start one (it is only waited for, never timed).
  const workers = productWorkerProcesses(() => app, { env: () => ({ SMTP_URL: sink.url }), startTimeoutMs: 300_000 });
  try {
    const people = await addRecipients(app.core.db.knex, RECIPIENTS, 'kills');
    const run = await sendThroughKills({
      request: (method, path, body) => app.manager.request(method, path, body), workers, sink, people, kills: KILLS, between: BETWEEN, timeoutMs: 600_000,
    });
    const note = `${run.recipients} recipients, ${run.kills} kills, ${run.received} messages counted at the sink for ${run.reached} recipients: `
      + `${run.secondCopies} second copies (same Message-ID), ${run.foreignMessageIds} with another Message-ID; the campaign says ${run.campaign.sent} sent, `
      + `${run.campaign.failed} failed, ${run.campaign.pending} pending; ${run.seconds.toFixed(1)} s from the POST to the completed campaign, restarts included`;
    return [
      { name: names.copies, value: run.secondCopies, baseline: run.kills, unit: 'messages', target: 1, note },
      { name: names.missed, value: run.recipients - run.reached, baseline: run.recipients, unit: 'messages', target: 0 },
    ];
  } catch (error) {
    const missing = error instanceof Error ? error.message.slice(0, 160) : String(error);
    return Object.values(names).map((name) => ({ name, value: null, baseline: null, unit: 'messages' as const, target: 1, missing }));
  } finally {
    workers.stop();
    await sink.close();
  }
}
