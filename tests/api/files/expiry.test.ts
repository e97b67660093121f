import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startTestApp, type TestApp } from '../../support/app.js';
import { loggedIn, upload } from '../../support/attendance/absences.js';
import { withDemoPassword } from '../../support/attendance/fixtures.js';
import { makePerson, tag } from '../../support/planning/fixtures.js';
import { startSmtpSink } from '../../support/smtp-sink.js';
import { startTestWorker } from '../../support/worker.js';
import { nowMs } from '@alterna/core/clock';

let app: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let worker: Awaited<ReturnType<typeof startTestWorker>>;
beforeAll(async () => {
  sink = await startSmtpSink();
  // Owners are told 10 days ahead instead of the default 7.
  process.env.FILES_EXPIRY_WARNING_DAYS = '10';
  app = await startTestApp({ SMTP_URL: sink.url });
  worker = await startTestWorker(app.core);
}, 120_000);
afterAll(async () => {
  delete process.env.FILES_EXPIRY_WARNING_DAYS;
  await worker?.stop();
  await app?.close();
  await sink?.close();
});

const parisDay = (offset: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(nowMs() + offset * 86_400_000));

const runExpiry = async () => {
  const client = await app.core.temporal.client();
  return client.workflow.execute('files.expiry', { taskQueue: app.core.config.taskQueue, workflowId: `files-expiry-${crypto.randomUUID()}` }) as Promise<{ warned: number; unpublished: number; mailed: number }>;
};

describe('file expiry (a daily Temporal schedule)', () => {
  it('warns the owner once within the window across reruns, and unpublishes expired files', async () => {
    const knex = app.core.db.knex;
    const paris = (await knex('campuses').where({ name: 'Paris' }).first('id')).id as string;
    const ownerId = await makePerson(app, [paris], 'pedagogy');
    await knex('actors').where({ id: ownerId }).update({ language: 'en' });
    const ownerEmail = await withDemoPassword(app, ownerId);
    const pedagogy = await loggedIn(app, demo('pedagogy'), 'en');
    const created = await pedagogy.graphql('mutation ($input: CreatePepalFolderInput!) { createPepalFolder(input: $input) { pepalFolder { id } } }', {
      input: { folderName: `Expiring ${tag()}`, campus: paris },
    });
    const folderId = created.json.data.createPepalFolder.pepalFolder.id as string;
    const file = async (name: string, expirationDate: string) => {
      const answer = await upload(pedagogy, '/api/files/upload', { fileTypologyReference: 'document', fileFolder: folderId, fileOwner: ownerId, fileExpirationDate: expirationDate }, { bytes: Buffer.from(`${name}\n`), name });
      expect(answer.status).toBe(200);
      await pedagogy.post('/api/files/toggle-published', { fileId: answer.json.file.id });
      return answer.json.file.id as string;
    };
    const soon = await file('soon.txt', parisDay(9));
    const later = await file('later.txt', parisDay(30));
    const past = await file('past.txt', parisDay(-1));

    const first = await runExpiry();
    expect(first.warned).toBeGreaterThanOrEqual(1);
    expect(first.unpublished).toBeGreaterThanOrEqual(1);
    const toOwner = sink.mails.filter((m) => m.to.includes(ownerEmail));
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]!.raw).toContain('soon.txt');
    expect(toOwner[0]!.raw).toContain(parisDay(9).split('-').reverse().join('/'));
    expect(toOwner[0]!.raw).toContain('expires on');

    const rows = await knex('files_documents').whereIn('id', [soon, later, past]).select('id', 'published');
    expect(Object.fromEntries(rows.map((r) => [r.id, r.published]))).toEqual({ [soon]: true, [later]: true, [past]: false });
    const notices = await knex('files_expiry_notices').whereIn('file_id', [soon, later, past]).select('file_id', 'kind', 'mailed_at', 'recipients');
    expect(notices.map((n) => [n.file_id, n.kind]).sort()).toEqual([[soon, 'warning'], [past, 'expired']].sort());
    expect(notices.find((n) => n.kind === 'warning')!.recipients).toEqual([ownerEmail]);

    // The rerun of the same day finds nothing new: no second mail, nothing unpublished again.
    const before = sink.mails.length;
    expect(await runExpiry()).toEqual({ warned: 0, unpublished: 0, mailed: 0 });
    expect(sink.mails.length).toBe(before);
    expect(await knex('files_expiry_notices').whereIn('file_id', [soon, later, past]).count('* as n').first()).toMatchObject({ n: 2 });

    // Staff may publish the expired file again (their decision): the next run leaves it; a new date is a new warning.
    await pedagogy.post('/api/files/toggle-published', { fileId: past });
    await pedagogy.request('POST', '/api/files/update-expiration-date', new URLSearchParams({ fileId: soon, fileExpirationDate: parisDay(8) }).toString(), {
      'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest',
    });
    expect(await runExpiry()).toEqual({ warned: 1, unpublished: 0, mailed: 1 });
    expect(sink.mails.filter((m) => m.to.includes(ownerEmail))).toHaveLength(2);
    expect((await knex('files_documents').where({ id: past }).first('published')).published).toBe(true);
  });
});
