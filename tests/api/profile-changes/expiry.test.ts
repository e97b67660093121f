import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demo, startTestApp, type TestApp } from '../../support/app.js';
import { eventually, startTestWorker } from '../../support/worker.js';
import { createPerson, mailHeader, mailText, removePeople, startSmtpSink, type TestPerson } from './support.js';

// Short delays for this file only (each test file runs in its own process): reminder after 2 s, expiry after 6 s.
const delays = { PROFILE_CHANGE_REMINDER_SECONDS: '2', PROFILE_CHANGE_EXPIRY_SECONDS: '6' };
const saved = Object.fromEntries(Object.keys(delays).map((name) => [name, process.env[name]]));

let app: TestApp;
let worker: Awaited<ReturnType<typeof startTestWorker>>;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const people: TestPerson[] = [];

beforeAll(async () => {
  Object.assign(process.env, delays);
  sink = await startSmtpSink();
  app = await startTestApp({ SMTP_URL: sink.url });
  worker = await startTestWorker(app.core);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  if (app) {
    await removePeople(app.core.db.knex, people);
    await app.close();
  }
  await sink?.close();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const fileMutation = 'mutation($input: CreateProfileChangeRequestInput!) { CreateProfileChangeRequest(input: $input) { request { uuid status createdAt expiresAt } } }';

async function fileAsStudent(lastName: string) {
  const person = await createPerson(app.core.db.knex, 'student', 'Paris');
  people.push(person);
  const client = new ApiClient(app.baseUrl, 'en');
  await client.login(person.email);
  const response = await client.graphql(fileMutation, { input: { firstName: person.firstName, lastName, email: person.email } });
  expect(response.json.errors).toBeUndefined();
  return { person, client, request: response.json.data.CreateProfileChangeRequest.request };
}

const mailsAbout = (person: TestPerson) => sink.mails.filter((mail) => mailText(mail.raw).includes(person.lastName));

describe('profile-change expiry', () => {
  it('reminds the campus approvers by e-mail first, in their language, then expires the request unchanged', async () => {
    // An approver who reads English, beside the demo ones (no language saved: French).
    const englishApprover = await createPerson(app.core.db.knex, 'management', 'Paris');
    people.push(englishApprover);
    await app.core.db.knex('actors').where({ id: englishApprover.id }).update({ language: 'en' });

    const { person, client, request } = await fileAsStudent('Expiring');
    expect(new Date(request.expiresAt).getTime() - new Date(request.createdAt).getTime()).toBeGreaterThanOrEqual(5_900);

    const reminders = await eventually(async () => (mailsAbout(person).length >= 4 ? mailsAbout(person) : null), 20_000);
    const remindedAt = Math.max(...reminders.map((mail) => mail.receivedAt.getTime()));
    // Sent while the request still waits, about two seconds after it was filed.
    expect((await app.core.db.knex('profile_change_requests').where({ id: request.uuid }).first()).status).toBe('pending');
    expect(remindedAt - new Date(request.createdAt).getTime()).toBeGreaterThanOrEqual(1_500);

    // One message per approver (the core's mailer): none shows another approver's address.
    expect(reminders.map((mail) => mail.to).sort()).toEqual([[demo('isd')], [demo('management')], [demo('pedagogy')], [englishApprover.email]].sort());
    for (const mail of reminders) expect(mailHeader(mail.raw, 'To')).toContain(mail.to[0]);
    const french = reminders.find((mail) => mail.to.includes(demo('pedagogy')))!;
    const frenchText = mailText(french.raw);
    expect(frenchText).toContain(`${person.firstName} ${person.lastName} (campus Paris) a demandé à modifier son profil :`);
    expect(frenchText).toContain(`- Nom : ${person.lastName} → Expiring`);
    expect(frenchText).toContain('Sans décision, la demande expirera le');
    // The expiry in Paris time and the reader's language (issue #25), not ISO.
    expect(frenchText).toMatch(/expirera le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(frenchText).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const english = reminders.find((mail) => mail.to.includes(englishApprover.email))!;
    expect(english.to).toEqual([englishApprover.email]);
    expect(mailText(english.raw)).toContain(`- Last name: ${person.lastName} → Expiring`);
    // Never read-only, never another campus's staff, never the person concerned.
    const everyone = reminders.flatMap((mail) => mail.to);
    for (const email of [demo('read-only'), demo('campus-manager'), person.email]) expect(everyone).not.toContain(email);

    const expired = await eventually(async () => {
      const row = await app.core.db.knex('profile_change_requests').where({ id: request.uuid }).first();
      return row.status === 'expired' ? row : null;
    }, 20_000);
    expect(expired.decided_by).toBeNull();
    expect(expired.applied_at).toBeNull();
    expect(new Date(expired.decided_at).getTime()).toBeGreaterThan(remindedAt);
    expect(new Date(expired.reminded_at).getTime()).toBeLessThanOrEqual(new Date(expired.decided_at).getTime());
    expect((await app.core.db.knex('actors').where({ id: person.id }).first()).last_name).toBe(person.lastName);
    // One reminder only per approver, whatever the retries.
    expect(mailsAbout(person)).toHaveLength(4);

    const operation = await eventually(async () => {
      const current = await app.core.operations.byWorkflowId(`profile-change:${request.uuid}`);
      return current?.status === 'completed' ? current : null;
    });
    expect(operation.items).toEqual([{ key: request.uuid, label: `${person.firstName} ${person.lastName}`, status: 'error', message: 'Expired without a decision' }]);

    const late = new ApiClient(app.baseUrl, 'en');
    await late.login(demo('pedagogy'));
    const refused = await late.post(`/api/profile-change-requests/change/${request.uuid}/approve`);
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual([{ path: '', message: 'This request is no longer pending (status: expired).' }]);
    const mine = (await client.graphql('{ myProfileChangeRequests { uuid status } }')).json.data.myProfileChangeRequests;
    expect(mine).toEqual([{ uuid: request.uuid, status: 'expired' }]);
  }, 60_000);

  it('sends no reminder for a request decided before the reminder delay', async () => {
    const { person, request } = await fileAsStudent('Quick');
    const pedagogy = new ApiClient(app.baseUrl, 'en');
    await pedagogy.login(demo('pedagogy'));
    expect((await pedagogy.post(`/api/profile-change-requests/change/${request.uuid}/approve`)).json.request.status).toBe('approved');
    // Once its workflow has closed (the decision ends it), no reminder can come any more.
    const client = await app.core.temporal.client();
    await eventually(async () => (await client.workflow.getHandle(`profile-change:${request.uuid}`).describe()).status.name === 'COMPLETED');
    expect(mailsAbout(person)).toEqual([]);
    const row = await app.core.db.knex('profile_change_requests').where({ id: request.uuid }).first();
    expect(row).toMatchObject({ status: 'approved', reminded_at: null });
  }, 30_000);
});
