import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MassEmailServices } from '@alterna/mass-email';
import { ApiClient, demo, startTestApp, type TestApp } from '../../support/app.js';
import { addPeople, campaignFinished, campusId, groupWithStudents } from '../../support/mass-email/fixtures.js';
import { startMassEmailSink } from '../../support/mass-email/sink.js';
import { eventually, startTestWorker } from '../../support/worker.js';

let app: TestApp;
let sink: Awaited<ReturnType<typeof startMassEmailSink>>;
let worker: Awaited<ReturnType<typeof startTestWorker>>;
const settings = {
  MASS_EMAIL_BATCH_SIZE: '3', MASS_EMAIL_BATCHES_PER_RUN: '2', MASS_EMAIL_RETRY_DELAY_MS: '20', MASS_EMAIL_TEMPORARY_RETRIES: '3', MASS_EMAIL_RATE_PER_SECOND: '50',
};

beforeAll(async () => {
  sink = await startMassEmailSink();
  // Small batches and quick retries: several batches, continue-as-new and backoff within a test's time.
  // 50 a second: the deployment's pace shows on a few dozen messages.
  Object.assign(process.env, settings);
  app = await startTestApp({ SMTP_URL: sink.url });
  worker = await startTestWorker(app.core);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await sink?.close();
  // The worker's next files share this process (isolate: false).
  for (const name of Object.keys(settings)) delete process.env[name];
});

const as = async (typology: string, language = 'fr') => {
  const client = new ApiClient(app.baseUrl, language);
  await client.login(demo(typology));
  return client;
};
const base = '/api/mailbox/mass-email';
const write = (html = '<p>Bonjour {{firstName}} {{lastName}}, groupe {{group}} ({{training}}, {{campus}})</p>') => ({ subject: 'Info {{firstName}}', html });
const finished = campaignFinished;

describe('mass e-mail', () => {
  it('a training group and a hand-picked member: every member gets one message, merge tags filled, Message-ID as stored', async () => {
    const knex = app.core.db.knex;
    const { group, students } = await groupWithStudents(knex, 'Paris');
    const manager = await as('pedagogy');
    const recipients = { trainingGroups: [group.id], actors: [students[0]!.id] };

    const preview = await manager.post(`${base}/preview`, { ...write(), recipients });
    expect(preview.status).toBe(200);
    expect(preview.json.count).toBe(students.length);
    expect(preview.json.sample.html).toContain(group.name);
    expect(preview.json.sample.html).not.toContain('{{');
    expect(preview.json.sample.subject).toBe(`Info ${preview.json.sample.recipient.firstName}`);

    const requestId = crypto.randomUUID();
    const created = await manager.post(`${base}/campaigns`, { ...write(), recipients, requestId });
    expect(created.status).toBe(200);
    expect(created.json.operation.kind).toBe('mass-email.campaign');
    expect(created.json.operation.workflowId).toBe(`mass-email:${created.json.campaign.id}`);
    // The same request again answers the same campaign.
    const again = await manager.post(`${base}/campaigns`, { ...write(), recipients, requestId });
    expect(again.json.campaign.id).toBe(created.json.campaign.id);

    const campaign = await finished(manager, created.json.campaign.id);
    expect(campaign).toMatchObject({ status: 'completed', total: students.length, sent: students.length, failed: 0, pending: 0 });
    const mails = sink.of(campaign.id);
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual(students.map((s) => s.email.toLowerCase()).sort());
    const stored = new Map(campaign.recipients.map((r: { email: string; messageId: string }) => [r.email.toLowerCase(), r.messageId]));
    for (const mail of mails) expect(mail.messageId).toBe(stored.get(mail.to[0]!));
    expect(mails.find((mail) => mail.to[0] === students[0]!.email.toLowerCase())!.subject).toBe(`Info ${students[0]!.first_name}`);

    // The operation is closed by the workflow's last step, just after the campaign's: polled, not read once.
    const operationNow = async () => (await manager.get(`/api/operations/${created.json.operation.id}`)).json.operation;
    await expect.poll(async () => (await operationNow()).status, { timeout: 10_000, interval: 100 }).toBe('completed');
    const operation = await operationNow();
    expect(operation.status).toBe('completed');
    expect(operation.progress).toEqual({ done: students.length, total: students.length });
    expect(operation.result).toMatchObject({ sent: students.length, failed: 0, failures: [] });
    expect(operation.result.delivered).toHaveLength(students.length);
    expect((await manager.get(`${base}/campaigns`)).json.campaigns.some((c: { id: string }) => c.id === campaign.id)).toBe(true);
  }, 90_000);

  it('a batch tried again after its worker died counts the answers its first attempt recorded: the progress reaches the total', async () => {
    const { group, students } = await groupWithStudents(app.core.db.knex, 'Paris');
    const manager = await as('pedagogy');
    const created = await manager.post(`${base}/campaigns`, { ...write(), recipients: { trainingGroups: [group.id] }, requestId: crypto.randomUUID() });
    const campaign = await finished(manager, created.json.campaign.id);
    expect(campaign.sent).toBe(students.length);
    // The operations page's progress, read from the run once it closed.
    const operation = await eventually(async () => {
      const shown = (await manager.get(`/api/operations/${created.json.operation.id}`)).json.operation;
      return shown.status === 'completed' ? shown : null;
    });
    expect(operation.progress).toEqual({ done: students.length, total: students.length });
    // A retry of a batch whose every row the killed attempt answered (the worker died before reporting): it sends
    // nothing again and answers the ledger's counts, not zero (a campaign that sent 1,000 showed 660 of 1,000).
    const retry = await app.core.activities().massEmailSendBatch!(campaign.id, 0, students.length - 1, 1000);
    expect(retry).toEqual({ sent: students.length, failed: 0, unsubscribed: 0 });
    expect(sink.of(campaign.id)).toHaveLength(students.length);
  });

  it('two campaigns at once share the deployment\'s rate: their messages together take the time the rate allows', async () => {
    const knex = app.core.db.knex;
    const people = await addPeople(knex, 30, 'Paris');
    const manager = await as('pedagogy');
    const started = performance.now();
    const created = await Promise.all([people.slice(0, 15), people.slice(15)].map((list) => manager.post(`${base}/campaigns`, {
      ...write('<p>Bonjour {{firstName}}</p>'), recipients: { actors: list.map((p) => p.id) }, requestId: crypto.randomUUID(),
    })));
    const campaigns = await Promise.all(created.map((answer) => finished(manager, answer.json.campaign.id)));
    for (const campaign of campaigns) expect(campaign).toMatchObject({ status: 'completed', sent: 15, failed: 0 });
    const mails = campaigns.flatMap((campaign) => sink.of(campaign.id));
    expect(mails).toHaveLength(30);
    // 30 messages at 50 a second: the last no sooner than 29 slots of 20 ms after the first could go (each campaign
    // at its own full rate took half that).
    expect(Math.max(...mails.map((mail) => mail.receivedAt)) - started).toBeGreaterThanOrEqual(29 * 20);
  });

  it('the pace gives slots that never overlap, to callers at once', async () => {
    const pace = app.core.services<MassEmailServices>('mass-email').pace;
    const firsts = await Promise.all(Array.from({ length: 8 }, () => pace.reserve(5, 10)));
    const windows = firsts.map((first) => [first, first + 50] as const).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < windows.length; i += 1) expect(windows[i]![0]).toBeGreaterThanOrEqual(windows[i - 1]![1] - 0.001);
  });

  it('a mailbox template: the HTML of the mailbox renderer, merge tags filled per recipient; only a template the sender may read', async () => {
    const knex = app.core.db.knex;
    const people = await addPeople(knex, 2, 'Paris');
    const manager = await as('pedagogy');
    const templates = (await manager.get('/api/mailbox/mail-templates')).json.templates as { id: string; subject: string }[];
    expect((await manager.get(`${base}/options`)).json.templates.map((t: { id: string }) => t.id).sort()).toEqual(templates.map((t) => t.id).sort());
    const template = templates[0]!;
    const preview = await manager.post(`${base}/preview`, { templateId: template.id, recipients: { actors: people.map((p) => p.id) } });
    expect(preview.status).toBe(200);
    expect(preview.json.sample.subject).toBe(template.subject.replace('{{campus}}', 'Paris').replace('{{firstName}}', 'Person0'));
    expect(preview.json.sample.html).not.toContain('{{');
    const created = await manager.post(`${base}/campaigns`, { templateId: template.id, recipients: { actors: people.map((p) => p.id) }, requestId: crypto.randomUUID() });
    expect(created.status).toBe(200);
    const campaign = await finished(manager, created.json.campaign.id);
    expect(campaign).toMatchObject({ status: 'completed', sent: 2, templateId: template.id });
    const body = (await app.core.services<{ templates: { renderForSend(id: string): Promise<{ html: string }> } }>('mailbox').templates.renderForSend(template.id)).html;
    expect(campaign.html).toBe(body);
    expect(sink.of(campaign.id)).toHaveLength(2);
    const unknown = await manager.post(`${base}/preview`, { templateId: crypto.randomUUID(), recipients: { actors: [people[0]!.id] } });
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors).toEqual([{ path: 'templateId', message: "Ce modèle de mail n'existe pas." }]);
  }, 90_000);

  it('a 5xx answer records failed with the answer; a 4xx answer is tried again and then sent', async () => {
    const knex = app.core.db.knex;
    const people = await addPeople(knex, 4, 'Paris');
    sink.refuse(people[0]!.email, '550 5.1.1 Mailbox unknown');
    sink.refuseTemporarily(people[1]!.email, 2, '451 4.3.0 Try again later');
    const manager = await as('pedagogy');
    const created = await manager.post(`${base}/campaigns`, { ...write(), recipients: { actors: people.map((p) => p.id) }, requestId: crypto.randomUUID() });
    expect(created.status).toBe(200);
    const campaign = await finished(manager, created.json.campaign.id);
    expect(campaign).toMatchObject({ status: 'completed', total: 4, sent: 3, failed: 1 });
    const failed = campaign.recipients.find((r: { email: string }) => r.email === people[0]!.email);
    expect(failed.state).toBe('failed');
    expect(failed.answer).toContain('550 5.1.1 Mailbox unknown');
    expect(sink.of(campaign.id).filter((mail) => mail.to[0] === people[1]!.email)).toHaveLength(1);
    // The workflow's last step closes the operation just after the campaign: polled, as in the first test.
    const operationNow = async () => (await manager.get(`/api/operations/${created.json.operation.id}`)).json.operation;
    await expect.poll(async () => (await operationNow()).status, { timeout: 10_000, interval: 100 }).toBe('completed');
    const operation = await operationNow();
    expect(operation.result.failures).toEqual([{ email: people[0]!.email, name: `Person0 ${failed.lastName}`, answer: expect.stringContaining('550') }]);
  }, 90_000);

  it('pause stops between batches, resume sends the rest, each once', async () => {
    const knex = app.core.db.knex;
    const people = await addPeople(knex, 12, 'Paris');
    const manager = await as('pedagogy');
    sink.slowDown(150);
    try {
      const created = await manager.post(`${base}/campaigns`, { ...write(), recipients: { actors: people.map((p) => p.id) }, requestId: crypto.randomUUID() });
      const id = created.json.campaign.id;
      const paused = await manager.post(`${base}/campaigns/${id}/pause`);
      expect(paused.status).toBe(200);
      expect(paused.json.campaign.status).toBe('paused');
      expect((await manager.post(`${base}/campaigns/${id}/pause`)).status).toBe(422);
      // The batch under way ends; then nothing more is sent while paused.
      const stable = await eventually(async () => {
        const before = sink.of(id).length;
        await new Promise((resolve) => setTimeout(resolve, 1000));
        return sink.of(id).length === before ? { count: before } : null;
      });
      const settled = stable.count;
      expect(settled).toBeLessThan(12);
      const detail = (await manager.get(`${base}/campaigns/${id}`)).json.campaign;
      expect(detail.status).toBe('paused');
      expect(detail.pending).toBe(12 - settled);
      expect((await manager.post(`${base}/campaigns/${id}/resume`)).json.campaign.status).toBe('sending');
      const campaign = await finished(manager, id);
      expect(campaign).toMatchObject({ status: 'completed', sent: 12 });
      expect(new Set(sink.of(id).map((mail) => mail.to[0])).size).toBe(12);
      expect(sink.of(id)).toHaveLength(12);
    } finally {
      sink.slowDown(0);
    }
  }, 90_000);

  it('cancel from the operations page stops the run; the rest stay pending', async () => {
    const knex = app.core.db.knex;
    const people = await addPeople(knex, 12, 'Paris');
    const manager = await as('pedagogy');
    sink.slowDown(150);
    try {
      const created = await manager.post(`${base}/campaigns`, { ...write(), recipients: { actors: people.map((p) => p.id) }, requestId: crypto.randomUUID() });
      expect((await manager.post(`/api/operations/${created.json.operation.id}/cancel`)).status).toBe(200);
      const campaign = await finished(manager, created.json.campaign.id);
      expect(campaign.status).toBe('cancelled');
      expect(campaign.pending).toBeGreaterThan(0);
      expect(campaign.sent).toBe(sink.of(campaign.id).length);
      const operation = await eventually(async () => {
        const op = (await manager.get(`/api/operations/${created.json.operation.id}`)).json.operation;
        return op.status === 'cancelled' ? op : null;
      });
      expect(operation.canCancel).toBe(false);
    } finally {
      sink.slowDown(0);
    }
  }, 90_000);

  it('campus checks: staff of one campus cannot send to another campus group, campus or people; bad input is a 422', async () => {
    const knex = app.core.db.knex;
    const lyon = await groupWithStudents(knex, 'Lyon');
    const paris = await groupWithStudents(knex, 'Paris');
    const parisStaff = await as('isd');
    const lyonStaff = await as('campus-manager', 'en');
    const requestId = crypto.randomUUID();
    expect((await parisStaff.post(`${base}/campaigns`, { ...write(), recipients: { trainingGroups: [lyon.group.id] }, requestId })).status).toBe(403);
    expect((await lyonStaff.post(`${base}/preview`, { ...write(), recipients: { trainingGroups: [paris.group.id] } })).status).toBe(403);
    expect((await parisStaff.post(`${base}/campaigns`, { ...write(), recipients: { campuses: [await campusId(knex, 'Lyon')] }, requestId })).status).toBe(403);
    const stranger = await lyonStaff.post(`${base}/campaigns`, { ...write(), recipients: { actors: [paris.students[0]!.id] }, requestId });
    expect(stranger.status).toBe(422);
    expect(stranger.json.errors).toEqual([{ path: 'recipients.actors[0]', message: 'This person is not on your campuses.' }]);
    expect(await knex('mass_email_campaigns').where({ request_id: requestId }).first()).toBeUndefined();

    const empty = await lyonStaff.post(`${base}/campaigns`, { subject: '', html: '', recipients: {}, requestId });
    expect(empty.status).toBe(422);
    expect(empty.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(['html', 'recipients', 'subject']);
    const student = await as('student');
    expect((await student.post(`${base}/preview`, { ...write(), recipients: { trainingGroups: [paris.group.id] } })).status).toBe(403);
    expect((await student.get(`${base}/campaigns`)).status).toBe(403);
    // A Paris-only reader does not see a Lyon campaign.
    const lyonCampaign = await lyonStaff.post(`${base}/campaigns`, { ...write(), recipients: { trainingGroups: [lyon.group.id] }, requestId: crypto.randomUUID() });
    expect(lyonCampaign.status).toBe(200);
    expect((await parisStaff.get(`${base}/campaigns/${lyonCampaign.json.campaign.id}`)).status).toBe(404);
    await finished(lyonStaff, lyonCampaign.json.campaign.id);
  }, 90_000);

  it('a written message is sanitised as news pages are: no script, handler or javascript: address in what is previewed, stored and sent', async () => {
    const people = await addPeople(app.core.db.knex, 2, 'Paris');
    const manager = await as('pedagogy');
    const recipients = { actors: people.map((p) => p.id) };
    const html = [
      '<p onclick="alert(1)" style="color:#c00">Bonjour <b>{{firstName}}</b></p><script>alert(document.cookie)</script>',
      '<img src="https://example.org/logo.png" alt="Logo" onerror="alert(2)"><img src="javascript:alert(3)"><iframe src="https://evil.example"></iframe>',
      '<a href="javascript:alert(4)">piège</a> <a href="https://example.org/inscription">Inscription</a><form action="https://evil.example"><input name="password"></form>',
      '<table role="presentation" width="100%"><tr><td valign="top">Case</td></tr></table><style>body{display:none}</style>',
    ].join('');
    const safe = (text: string) => {
      for (const bad of ['<script', 'alert(', 'onclick', 'onerror', 'javascript:', '<iframe', '<form', '<input', '<style', 'display:none']) expect(text).not.toContain(bad);
      expect(text).toContain('<p style="color:#c00">Bonjour <b>');
      expect(text).toContain('<img src="https://example.org/logo.png" alt="Logo" />');
      expect(text).toContain('<a href="https://example.org/inscription">Inscription</a>');
      expect(text).toContain('<table role="presentation" width="100%"><tr><td valign="top">Case</td></tr></table>');
    };
    const preview = await manager.post(`${base}/preview`, { subject: 'Sécurité', html, recipients });
    expect(preview.status).toBe(200);
    safe(preview.json.sample.html);
    expect(preview.json.sample.html).toContain(`Bonjour <b>${preview.json.sample.recipient.firstName}</b>`);
    expect(preview.json.sample.text).not.toContain('alert');

    const created = await manager.post(`${base}/campaigns`, { subject: 'Sécurité', html, recipients, requestId: crypto.randomUUID() });
    expect(created.status).toBe(200);
    const campaign = await finished(manager, created.json.campaign.id);
    expect(campaign).toMatchObject({ status: 'completed', sent: 2 });
    safe(campaign.html);
    const sent = sink.of(campaign.id);
    expect(sent).toHaveLength(2);
    // The HTML part as the recipient's client reads it (quoted-printable undone).
    for (const mail of sent) safe(mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))));

    // A message that is nothing but a script is no message.
    const nothing = await manager.post(`${base}/preview`, { subject: 'Rien', html: '<script>alert(1)</script>', recipients });
    expect([nothing.status, nothing.json]).toEqual([422, { errors: [{ path: 'html', message: 'Le message est obligatoire.' }] }]);
  }, 90_000);
});
