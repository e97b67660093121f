import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demo, startTestApp, type TestApp } from '../../support/app.js';
import { addPeople, campaignFinished } from '../../support/mass-email/fixtures.js';
import { mailHeader, mailText, startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';
import { startTestWorker } from '../../support/worker.js';

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
const finished = campaignFinished;
const mailsOf = (campaignId: string) => sink.mails.filter((mail) => mailHeader(mail.raw, 'X-Alterna-Campaign') === campaignId);
/** One part of a multipart mail (text/plain, text/html), its transfer encoding undone. */
const part = (raw: string, type: string) => {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const found = raw.split(`--${boundary}`).find((p) => new RegExp(`content-type:\\s*${type}`, 'i').test(p.slice(0, p.indexOf('\r\n\r\n'))));
  return mailText(found!.replace(/^\r\n/, '')).trim();
};
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
    // Templates stored before (Google Fonts, Mailjet's icons) are compiled again at start, every one of them.
    const knex = app.core.db.knex;
    const stored = await knex('mail_templates').pluck('id');
    await knex('mail_templates').update({ body: knex.raw("body || '<link href=\"https://fonts.googleapis.com/css?family=Lato\"><img src=\"https://www.mailjet.com/images/theme/v1/icons/ico-social/facebook.png\">'") });
    const templates = app.core.services<{ templates: { recompileThirdParty(): Promise<number> } }>('mailbox').templates;
    expect(await templates.recompileThirdParty()).toBe(stored.length);
    expect(await knex('mail_templates').where('body', '~*', 'googleapis|gstatic|mailjet').pluck('id')).toEqual([]);
    expect(await templates.recompileThirdParty()).toBe(0);
    const unknown = await visitor.get('/api/mailbox/mail-templates/assets/..%2F..%2Fpackage.json');
    expect(unknown.status).toBe(404);
    expect(unknown.json.errors[0].message).toBeTruthy();
  });

  it('RFC 8058: each message has its own signed List-Unsubscribe link and is a whole HTML document; one click without a session records the opt-out in the trail; later campaigns skip that person, transactional mail does not', async () => {
    const knex = app.core.db.knex;
    const people = await addPeople(knex, 3, 'Paris');
    await knex('actors').where({ id: people[2]!.id }).update({ language: 'en' });
    const client = await manager();
    const first = await send(client, people.map((p) => p.id), '<p>Bonjour {{firstName}}</p>');
    expect(first).toMatchObject({ status: 'completed', sent: 3, unsubscribed: 0 });
    const mails = mailsOf(first.id);
    const links = new Map<string, string>();
    for (const mail of mails) {
      expect(mailHeader(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      const link = /^<(http[^>]+)>$/.exec(mailHeader(mail.raw, 'List-Unsubscribe'))?.[1];
      expect(link).toMatch(/\/api\/mailbox\/mass-email\/unsubscribe\/[0-9a-f-]{36}\.\d+\.[\w-]{43}$/);
      links.set(mail.to[0]!, link!);
      // A written message goes out as a whole document, the link at its foot and in the text.
      const body = part(mail.raw, 'text/html');
      expect(body).toMatch(/^<!doctype html>/i);
      expect(body).toContain('</html>');
      expect(body).toContain(`href="${link}"`);
      expect(part(mail.raw, 'text/plain')).toContain(link);
    }
    expect(new Set(links.values()).size).toBe(3);
    const path = (email: string) => new URL(links.get(email)!).pathname;

    // The provider's one-click POST: no session, no scripted header, a form body.
    const oneClick = await fetch(`${app.baseUrl}${path(people[0]!.email)}`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    // A person following the link: a page in their language (English here, whatever the browser says).
    const page = await new ApiClient(app.baseUrl, 'fr').get(path(people[2]!.email));
    expect(page.status).toBe(200);
    expect(page.text).toContain('You are unsubscribed');
    expect(page.text).toContain('<html lang="en">');
    // Again: nothing new, still a page.
    expect((await new ApiClient(app.baseUrl, 'fr').get(path(people[2]!.email))).status).toBe(200);
    const optOuts = await knex('mass_email_opt_outs').whereIn('actor_id', people.map((p) => p.id)).orderBy('email_key').pluck('email_key');
    expect(optOuts).toEqual([people[0]!.email, people[2]!.email].sort());
    const trail = await knex('audit_log').where({ table_name: 'mass_email_opt_outs', action: 'insert' }).whereRaw("after->>'actor_id' = ?", [people[0]!.id]).first();
    expect(trail).toMatchObject({ actor_id: people[0]!.id });

    // Nobody unsubscribes someone else: a forged or altered token is a 4xx with a message, never a 500.
    const other = path(people[1]!.email);
    const forged = other.replace(/[\w-]{43}$/, path(people[0]!.email).slice(-43));
    for (const bad of [forged, other.replace(/\.(\d+)\./, (_m, seq) => `.${Number(seq) + 1000}.`), '/api/mailbox/mass-email/unsubscribe/nothing', `${other.slice(0, -1)}A`]) {
      for (const method of ['GET', 'POST']) {
        const response = await fetch(`${app.baseUrl}${bad}`, { method, headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' }, body: method === 'POST' ? 'List-Unsubscribe=One-Click' : undefined });
        expect(response.status, `${method} ${bad}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${method} ${bad}`).toBeLessThan(500);
        expect((await response.json()).errors[0].message).toBe('This unsubscribe link is not valid: open the one in the latest e-mail you received, unchanged.');
      }
    }
    expect(await knex('mass_email_opt_outs').where({ actor_id: people[1]!.id })).toEqual([]);

    // The next campaign: the two who unsubscribed are on its ledger as such, only the third gets it.
    const second = await send(client, people.map((p) => p.id));
    expect(second).toMatchObject({ status: 'completed', total: 3, sent: 1, failed: 0, unsubscribed: 2, pending: 0 });
    expect(second.recipients.filter((r: { state: string }) => r.state === 'unsubscribed').map((r: { email: string }) => r.email).sort()).toEqual([people[0]!.email, people[2]!.email].sort());
    expect(mailsOf(second.id).map((mail) => mail.to[0])).toEqual([people[1]!.email]);

    // Transactional mail (alerts, validations) goes through the core's mailer: an opt-out does not stop it, and it
    // carries no unsubscribe header.
    const before = sink.mails.length;
    await app.core.mailer.send({ to: people[0]!.email, subject: 'Alerte', text: 'Absences' });
    const transactional = sink.mails.slice(before);
    expect(transactional.map((mail) => mail.to)).toEqual([[people[0]!.email]]);
    expect(mailHeader(transactional[0]!.raw, 'List-Unsubscribe')).toBe('');
  }, 120_000);

  it('who opts out after a campaign is made and before it is sent is on its ledger as unsubscribed and not sent; the others get it', async () => {
    const knex = app.core.db.knex;
    const people = await addPeople(knex, 4, 'Paris');
    const client = await manager();
    const first = await send(client, people.map((p) => p.id));
    expect(first).toMatchObject({ status: 'completed', sent: 4, unsubscribed: 0 });
    const leaver = people[2]!;
    const link = /^<(http[^>]+)>$/.exec(mailHeader(mailsOf(first.id).find((mail) => mail.to[0] === leaver.email)!.raw, 'List-Unsubscribe'))![1]!;

    // No worker polls while the next campaign is made: its run waits, its ledger is written (everyone pending).
    await worker.stop();
    let second: string;
    try {
      const created = await client.post(`${base}/campaigns`, { subject: 'Info {{firstName}}', html: '<p>Bonjour {{firstName}}</p>', recipients: { actors: people.map((p) => p.id) }, requestId: crypto.randomUUID() });
      expect(created.status, created.text).toBe(200);
      second = created.json.campaign.id;
      expect(await knex('mass_email_recipients').where({ campaign_id: second }).orderBy('email').select('email', 'state'))
        .toEqual(people.map((p) => ({ email: p.email, state: 'pending' })).sort((a, b) => a.email.localeCompare(b.email)));
      // Meanwhile one of them unsubscribes, from the last message they got (the provider's one-click POST).
      const oneClick = await fetch(`${app.baseUrl}${new URL(link).pathname}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
      expect(oneClick.status).toBe(200);
      expect(await knex('mass_email_opt_outs').where({ actor_id: leaver.id }).pluck('email_key')).toEqual([leaver.email]);
    } finally {
      worker = await startTestWorker(app.core);
    }

    // Sent now: the leaver is recorded as unsubscribed, never sent to; the others get it.
    const sent = await finished(client, second);
    expect(sent).toMatchObject({ status: 'completed', total: 4, sent: 3, failed: 0, unsubscribed: 1, pending: 0 });
    expect(sent.recipients.filter((r: { state: string }) => r.state === 'unsubscribed').map((r: { email: string }) => r.email)).toEqual([leaver.email]);
    expect(mailsOf(second).map((mail) => mail.to[0]).sort()).toEqual(people.filter((p) => p !== leaver).map((p) => p.email).sort());
    const row = await knex('mass_email_recipients').where({ campaign_id: second, email: leaver.email }).first('state', 'answered_at');
    expect(row.state).toBe('unsubscribed');
    expect(row.answered_at).not.toBeNull();
  }, 120_000);
});
