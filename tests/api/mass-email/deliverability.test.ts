import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demo, startTestApp, type TestApp } from '../../support/app.js';
import { addPeople } from '../../support/mass-email/fixtures.js';
import { mailHeader, startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';
import { eventually, startTestWorker } from '../../support/worker.js';

// Issue #24: what a relay and a mailbox provider ask of bulk mail.
let app: TestApp;
let sink: SmtpSink;
let worker: Awaited<ReturnType<typeof startTestWorker>>;

beforeAll(async () => {
  // A relay without SMTPUTF8, as many are: it refuses a recipient whose address is not ASCII.
  sink = await startSmtpSink({ smtpUtf8: false });
  Object.assign(process.env, { MASS_EMAIL_BATCH_SIZE: '3', MASS_EMAIL_RETRY_DELAY_MS: '20', MASS_EMAIL_TEMPORARY_RETRIES: '1' });
  app = await startTestApp({ SMTP_URL: sink.url });
  worker = await startTestWorker(app.core);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await sink?.close();
});

const base = '/api/mailbox/mass-email';
const manager = async (language = 'fr') => {
  const client = new ApiClient(app.baseUrl, language);
  await client.login(demo('pedagogy'));
  return client;
};
const finished = (client: ApiClient, id: string) =>
  eventually(async () => {
    const campaign = (await client.get(`${base}/campaigns/${id}`)).json.campaign;
    return ['completed', 'cancelled'].includes(campaign.status) ? campaign : null;
  }, 60_000);
const mailsOf = (campaignId: string) => sink.mails.filter((mail) => mailHeader(mail.raw, 'X-Alterna-Campaign') === campaignId);
const send = async (client: ApiClient, actors: string[], html = '<p>Bonjour {{firstName}}</p>') => {
  const created = await client.post(`${base}/campaigns`, { subject: 'Info {{firstName}}', html, recipients: { actors }, requestId: crypto.randomUUID() });
  expect(created.status).toBe(200);
  return finished(client, created.json.campaign.id);
};

describe('mass e-mail deliverability', () => {
  it('the demo centre’s addresses are ASCII: a relay without SMTPUTF8 takes them all', async () => {
    const knex = app.core.db.knex;
    const addresses = [
      ...(await knex('actors').whereNotNull('email').pluck('email')),
      ...(await knex('students').whereNotNull('guardian_email').pluck('guardian_email')),
    ] as string[];
    expect(addresses.length).toBeGreaterThan(20);
    expect(addresses.filter((address) => /[^\x20-\x7e]/.test(address))).toEqual([]);
  });

  it('a recipient the relay refuses is a failed row with its answer; the others get the message and the campaign completes', async () => {
    const knex = app.core.db.knex;
    const people = await addPeople(knex, 5, 'Paris');
    const tag = crypto.randomUUID().slice(0, 8);
    // Refused by the relay (not ASCII), refused by it by name, and one no server can take (a typo left out the domain).
    const notAscii = `chloé.${tag}@example.test`;
    const noDomain = `chloe.bonnet.${tag}`;
    await knex('actors').where({ id: people[1]!.id }).update({ email: notAscii });
    await knex('actors').where({ id: people[4]!.id }).update({ email: noDomain });
    sink.refuse(people[3]!.email, '550 5.1.1 Mailbox unknown');
    const campaign = await send(await manager(), people.map((p) => p.id));
    expect(campaign).toMatchObject({ status: 'completed', total: 5, sent: 2, failed: 3, pending: 0 });
    const byEmail = new Map(campaign.recipients.map((r: { email: string }) => [r.email, r]));
    expect(byEmail.get(notAscii)).toMatchObject({ state: 'failed', answer: expect.stringContaining('553') });
    expect(byEmail.get(people[3]!.email)).toMatchObject({ state: 'failed', answer: expect.stringContaining('550 5.1.1 Mailbox unknown') });
    expect(byEmail.get(noDomain)).toMatchObject({ state: 'failed', answer: expect.stringContaining('No recipients') });
    expect(mailsOf(campaign.id).map((mail) => mail.to[0]).sort()).toEqual([people[0]!.email, people[2]!.email].sort());
  }, 90_000);

  it('the templates’ icons and fonts are the app’s: public, cacheable, no session needed; an unknown name is a 404', async () => {
    const visitor = new ApiClient(app.baseUrl, 'en');
    for (const [name, type] of [['social-facebook.png', 'image/png'], ['font-lato.css', 'text/css'], ['montserrat-latin-700-normal.woff2', 'font/woff2']] as const) {
      const response = await fetch(`${app.baseUrl}/api/mailbox/mail-templates/assets/${name}`);
      expect(response.status, name).toBe(200);
      expect(response.headers.get('content-type')).toContain(type);
      expect(response.headers.get('cache-control')).toContain('public');
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
    expect((await fetch(`${app.baseUrl}/api/messagerie/modeles-email/ressources/social-youtube.png`)).status).toBe(200);
    const unknown = await visitor.get('/api/mailbox/mail-templates/assets/..%2F..%2Fpackage.json');
    expect(unknown.status).toBe(404);
    expect(unknown.json.errors[0].message).toBeTruthy();
  });
});
