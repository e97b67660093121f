// History size (issue #28): the daily runs of `attendance.alerts` and `files.expiry` pass no list through their
// history. Each mail activity reads one page of what is left to mail by a cursor and returns the next cursor; the run
// continues as new every few pages. Here with pages of 2 and 2 pages per run, over more items than a page: every
// item is mailed once, the counts add up over the runs, and the chain has more than one run. The nightly
// `news.unusedUploads` removes batches until one is short (its recorded history comes from here too).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp } from '../support/app.js';
import { loggedIn, upload } from '../support/attendance/absences.js';
import { makePerson, tag } from '../support/planning/fixtures.js';
import { pngBytes } from '../support/uploads.js';
import { todayIn } from '@alterna/core';
import { nowMs } from '@alterna/core/clock';
import { closeMailingFile, startMailingFile, type SmtpSink, type TestWorker } from '../support/api-file.js';

let app: TestApp;
let sink: SmtpSink;
let worker: TestWorker;
beforeAll(async () => {
  ({ sink, app, worker } = await startMailingFile());
}, 120_000);
afterAll(() => closeMailingFile({ worker, app, sink }));

const paging = { pageSize: 2, pagesPerRun: 2 };

/** Runs a workflow to its end over its continue-as-new chain; its result and how many runs the chain had. */
async function runChain<T>(workflowType: string, args: unknown[]): Promise<{ result: T; runs: number }> {
  const client = await app.core.temporal.client();
  const workflowId = `${workflowType}-${crypto.randomUUID()}`;
  const handle = await client.workflow.start(workflowType, { taskQueue: app.core.config.taskQueue, workflowId, args });
  const result = (await handle.result()) as T;
  let runs = 0;
  for await (const execution of client.workflow.list({ query: `WorkflowId = "${workflowId}"` })) if (execution.workflowId === workflowId) runs += 1;
  return { result, runs };
}

const parisDay = (offset: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(nowMs() + offset * 86_400_000));

describe('the daily runs page by cursor', () => {
  it('mails every attendance alert left, over pages and continued runs', async () => {
    const knex = app.core.db.knex;
    const paris = (await knex('campuses').where({ name: 'Paris' }).first('id')).id as string;
    const students = await Promise.all(Array.from({ length: 7 }, () => makePerson(app, [paris], 'student')));
    const emails = (await knex('actors').whereIn('id', students).pluck('email')) as string[];
    // Seven requests to justify, raised at once (one creation time: the cursor tells them apart by id).
    await knex('attendance_alerts').insert(students.map((student_id) => ({
      student_id, campus_id: paris, kind: 'justify-request', crossing_key: tag('paging'), day: todayIn(), count: 1, threshold: 1,
    })));
    const left = Number((await knex('attendance_alerts').whereNull('mailed_at').count({ n: '*' }).first())?.n);
    expect(left).toBeGreaterThan(paging.pageSize * paging.pagesPerRun);

    const { result, runs } = await runChain<{ raised: number; mailed: number }>('attendance.alerts', [paging]);
    expect(result.mailed).toBe(left);
    expect(runs).toBeGreaterThan(1);
    expect(await knex('attendance_alerts').whereNull('mailed_at').count('* as n').first()).toMatchObject({ n: 0 });
    for (const email of emails) expect(sink.mails.filter((m) => m.to.includes(email)), email).toHaveLength(1);
  });

  it('mails every file expiry warning left, over pages and continued runs', async () => {
    const knex = app.core.db.knex;
    const paris = (await knex('campuses').where({ name: 'Paris' }).first('id')).id as string;
    const ownerId = await makePerson(app, [paris], 'pedagogy');
    const ownerEmail = (await knex('actors').where({ id: ownerId }).first('email')).email as string;
    const pedagogy = await loggedIn(app, demo('pedagogy'));
    const created = await pedagogy.graphql('mutation ($input: CreatePepalFolderInput!) { createPepalFolder(input: $input) { pepalFolder { id } } }', {
      input: { folderName: `Paging ${tag()}`, campus: paris },
    });
    const folderId = created.json.data.createPepalFolder.pepalFolder.id as string;
    const names = Array.from({ length: 7 }, (_, i) => `paging-${i + 1}.txt`);
    for (const name of names) {
      const answer = await upload(pedagogy, '/api/files/upload', { fileTypologyReference: 'document', fileFolder: folderId, fileOwner: ownerId, fileExpirationDate: parisDay(3) }, { bytes: Buffer.from(`${name}\n`), name });
      expect(answer.status).toBe(200);
      await pedagogy.post('/api/files/toggle-published', { fileId: answer.json.file.id });
    }

    const { result, runs } = await runChain<{ warned: number; unpublished: number; mailed: number }>('files.expiry', [paging]);
    expect(result.warned).toBeGreaterThanOrEqual(names.length);
    expect(result.mailed).toBeGreaterThanOrEqual(names.length);
    expect(runs).toBeGreaterThan(1);
    expect(await knex('files_expiry_notices').where('kind', 'warning').whereNull('mailed_at').count('* as n').first()).toMatchObject({ n: 0 });
    const toOwner = sink.mails.filter((m) => m.to.includes(ownerEmail));
    expect(toOwner).toHaveLength(names.length);
    for (const name of names) expect(toOwner.filter((m) => m.raw.includes(name)), name).toHaveLength(1);
  });

  it('removes the news uploads no item took in batches, until a batch is short', async () => {
    const knex = app.core.db.knex;
    const pedagogy = await loggedIn(app, demo('pedagogy'));
    const urls: string[] = [];
    for (const name of ['a.png', 'b.png', 'c.png']) {
      const answer = await upload(pedagogy, '/api/editorjs/files/new', {}, { bytes: pngBytes, name, type: 'image/png' });
      expect(answer.status).toBe(200);
      urls.push(answer.json.file.url as string);
    }
    // Sent from the news form two days ago, taken by no item.
    await knex('news_files').whereIn('file_id', urls.map((url) => url.split('/').pop()!)).update({ created_at: knex.raw("now() - interval '2 days'") });

    const { result } = await runChain<{ removed: number }>('news.unusedUploads', []);
    expect(result.removed).toBeGreaterThanOrEqual(urls.length);
    for (const url of urls) expect((await pedagogy.get(url)).status, url).toBe(404);
    expect((await runChain<{ removed: number }>('news.unusedUploads', [])).result).toEqual({ removed: 0 });
  });
});
