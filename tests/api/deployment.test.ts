// Issue #28's proof: a deployment on the loopback — two API processes compiled as production runs them (NODE_ENV=
// production, `node api.js`), two product worker processes, one PostgreSQL database (this file's copy), one Temporal
// server (this file's own, on a SQLite file, so that stopping it harms no other file and it starts again with its
// runs) and one S3-compatible store (gofakes3) — shows every point of the list across the processes, with
// exact counts. The separate tests hold each point in depth on one process (login-limit, graceful-shutdown,
// temporal-down, storage-s3, storage-check, bulk-reliability, mass-email/durability, first-start); this file holds
// them between processes. Cookies are not Secure here (COOKIE_SECURE=false): the loopback has no TLS terminator.
import crypto from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCore, createLogger, createPostgresDatabase, discoverModules, dropPostgresDatabase, loadConfig, openDatabase, type Core } from '@alterna/core';
import { ensureTemporalServer, type EnsuredServer } from '@alterna/dev';
import { hashPassword } from '@alterna/identity';
import { ApiClient, demo, testDatabaseUrl, type TestApp } from '../support/app.js';
import { clockEnv } from '../support/clock.js';
import { balancedLoad, buildServer, sessionCookie, startApiProcess, type ApiProcess } from '../support/deployment.js';
import { downloadAs, gradedCourse } from '../support/marks/fixtures.js';
import { addPeople } from '../support/mass-email/fixtures.js';
import { startMassEmailSink } from '../support/mass-email/sink.js';
import { makePerson, makePlanningGroup, makeRooms, planningDemo, tag } from '../support/planning/fixtures.js';
import { seriesBody } from '../support/planning/bulk-fixtures.js';
import { freePort } from '../support/ports.js';
import { startS3Server, type S3TestServer } from '../support/s3-server.js';
import { killWorker, productWorkerProcesses } from '../support/worker-processes.js';
import { eventually } from '../support/worker.js';
import { activityRetries, startedActivity } from '../support/workflow-activities.js';

let build: Awaited<ReturnType<typeof buildServer>>;
let s3: S3TestServer;
let sink: Awaited<ReturnType<typeof startMassEmailSink>>;
let temporal: EnsuredServer;
let temporalPort: number;
let temporalDir: string;
/** This process's view of the deployment's database and Temporal (test data, Temporal's describe), serving nothing. */
let host: Core;
let a: ApiProcess;
let b: ApiProcess;
const queue = `deployment-${crypto.randomUUID()}`;
const quiet = () => undefined;

const startTemporal = () => ensureTemporalServer({ log: quiet, port: temporalPort, dbFile: path.join(temporalDir, 'temporal.db') });

/** What every API and worker process of the deployment gets. */
const deploymentEnv = (): Record<string, string> => ({
  NODE_ENV: 'production', DATABASE_URL: host.config.databaseUrl!, TEMPORAL_ADDRESS: host.config.temporalAddress!, TEMPORAL_TASK_QUEUE: queue,
  // Production's 3 s, with room for a loaded test machine to start a run.
  TEMPORAL_REQUEST_TIMEOUT_MS: '5000',
  STORAGE_DRIVER: 's3', S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket, S3_REGION: 'eu-west-3', S3_ACCESS_KEY_ID: 'alterna-test', S3_SECRET_ACCESS_KEY: 'alterna-test-secret',
  SMTP_URL: sink.url, COOKIE_SECURE: 'false', TRUSTED_PROXIES: '127.0.0.1/32,::1', LOG_LEVEL: 'warn', SHUTDOWN_TIMEOUT_MS: '10000',
  // A campaign of 200 takes four seconds at the deployment's rate, time to kill a worker in the middle.
  MASS_EMAIL_RATE_PER_SECOND: '50', MASS_EMAIL_BATCH_SIZE: '50', MASS_EMAIL_BATCHES_PER_RUN: '2',
  ...clockEnv(),
});

const workers = productWorkerProcesses(() => ({ core: host }), { env: deploymentEnv });
const running: ChildProcess[] = [];
const startWorker = async () => {
  const child = await workers.start();
  running.push(child);
  return child;
};

/** The fixtures' view of one API: its address, this process's database. */
const on = (api: ApiProcess): TestApp => ({ core: host, baseUrl: api.url, close: async () => undefined });

beforeAll(async () => {
  temporalDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alterna-deployment-'));
  temporalPort = await freePort();
  [build, s3, sink, temporal] = await Promise.all([buildServer(), startS3Server(), startMassEmailSink(), startTemporal()]);
  const config = loadConfig({
    NODE_ENV: 'test', DATABASE_URL: await testDatabaseUrl(), TEMPORAL_ADDRESS: temporal.address, TEMPORAL_TASK_QUEUE: queue, LOG_LEVEL: 'error',
    STORAGE_DRIVER: 's3', S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket, S3_ACCESS_KEY_ID: 'alterna-test', S3_SECRET_ACCESS_KEY: 'alterna-test-secret', ...clockEnv(),
  });
  host = await createCore({ config, modules: await discoverModules(), log: createLogger('error') });
  await workers.prepare();
  [a, b] = await Promise.all([startApiProcess(build.dir, deploymentEnv()), startApiProcess(build.dir, deploymentEnv())]);
  await Promise.all([startWorker(), startWorker()]);
}, 300_000);

afterAll(async () => {
  workers.stop();
  await Promise.all([a, b].map((api) => api?.stop()));
  await host?.close();
  await temporal?.stop();
  await s3?.stop();
  await sink?.close();
  build?.remove();
  if (temporalDir) fs.rmSync(temporalDir, { recursive: true, force: true });
});

/** The worker process that holds a started activity of the workflow now (its SDK identity is `<pid>@<host>`), if any. */
async function workerRunning(workflowId: string): Promise<ChildProcess | undefined> {
  const started = await startedActivity(await host.deps.temporal(), workflowId);
  const pid = Number(started?.lastWorkerIdentity?.split('@')[0]);
  return running.find((child) => child.pid === pid && child.exitCode === null && child.signalCode === null);
}

/** A demo person logged in on one API. */
async function loggedIn(api: ApiProcess, typology: string, language = 'en'): Promise<ApiClient> {
  const client = new ApiClient(api.url, language);
  await client.login(demo(typology));
  return client;
}

/** The operation of a workflow as an API's operations page lists it. */
async function listed(client: ApiClient, workflowId: string) {
  const operations: { workflowId: string; status: string; progress: unknown }[] = (await client.get('/api/operations')).json.operations;
  return operations.find((o) => o.workflowId === workflowId);
}

describe('a deployment: two APIs, two workers, one database, one Temporal, one S3 store', () => {
  it('keeps a session and counts the login limit across both APIs', async () => {
    // Logged in through A, the same browser sent to B by the balancer: the session is the database's.
    const cookie = await sessionCookie(a.url, demo('teacher'));
    const onB = await fetch(`${b.url}/api/auth/me`, { headers: { cookie } });
    expect(onB.status).toBe(200);
    expect((await onB.json()).actor.email).toBe(demo('teacher'));
    // Logged out through B, the session ends on A too (within its cache, SESSION_CACHE_MS: 2 s in production).
    expect((await fetch(`${b.url}/api/auth/logout`, { method: 'POST', headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } })).status).toBeLessThan(300);
    expect((await fetch(`${b.url}/api/auth/me`, { headers: { cookie } })).status).toBe(401);
    await eventually(async () => (await fetch(`${a.url}/api/auth/me`, { headers: { cookie } })).status === 401, 15_000, 250);

    // 30 simultaneous wrong passwords for one account from one address, alternating between the APIs: exactly the
    // limit of 10 are checked (the default LOGIN_MAX_ATTEMPTS), 20 refused; then the right password waits too.
    const email = `deploy-${tag()}@example.test`;
    await host.db.knex('actors').insert({ first_name: 'Dé', last_name: 'Ploiement', email, password_hash: await hashPassword('right-password') });
    const login = (api: ApiProcess, password: string, address: string) =>
      new ApiClient(api.url, 'en').request('POST', '/api/auth/login', { email, password }, { 'x-forwarded-for': address });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(i % 2 ? b : a, 'wrong', '198.51.100.70')));
    const statuses: Record<number, number> = {};
    for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    expect(statuses).toEqual({ 422: 10, 429: 20 });
    expect((await login(b, 'right-password', '198.51.100.70')).status).toBe(429);
    expect((await login(a, 'right-password', '198.51.100.70')).status).toBe(429);
    expect((await login(a, 'right-password', '198.51.100.71')).status).toBe(200);
  });

  it('downloads through one API a file uploaded through the other, and a worker-made zip through either', async () => {
    const [pedagogyA, pedagogyB] = [await loggedIn(a, 'pedagogy'), await loggedIn(b, 'pedagogy')];
    const paris = (await host.db.knex('campuses').where({ name: 'Paris' }).first('id')).id as string;
    const folder = await pedagogyA.graphql('mutation ($input: CreatePepalFolderInput!) { createPepalFolder(input: $input) { pepalFolder { id } } }', {
      input: { folderName: `Deployment ${tag()}`, campus: paris },
    });
    const folderId = folder.json.data.createPepalFolder.pepalFolder.id as string;
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(200_000), Buffer.from('\n%%EOF\n')]);
    const form = new FormData();
    form.append('fileTypologyReference', 'document');
    form.append('fileFolder', folderId);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'contrat.pdf');
    const sent = await pedagogyA.request('POST', '/api/files/upload', form, { 'x-requested-with': 'XMLHttpRequest' });
    expect(sent.status).toBe(200);
    const back = await fetch(`${b.url}/api/files/${sent.json.file.id}/download`, { headers: { cookie: await sessionCookie(b.url, demo('pedagogy')) } });
    expect(back.status).toBe(200);
    expect(Buffer.from(await back.arrayBuffer()).equals(bytes)).toBe(true);
    // Its bytes are in the deployment's bucket, under the key the database holds.
    const { storage_key: key } = await host.db.knex('files_documents as d').join('stored_files as s', 's.id', 'd.stored_file_id').where('d.id', sent.json.file.id).first('s.storage_key');
    expect(Buffer.from(await (await fetch(`${s3.endpoint}/${s3.bucket}/${key}`)).arrayBuffer()).equals(bytes)).toBe(true);

    // A group's report cards: parts made by whichever worker takes each batch, zipped by one, served by both APIs.
    const course = await gradedCourse(on(a), 'paris', 6);
    await course.teacher.post(`/api/marks/exams/${course.exams[0]}`, {
      gradeScaleElementId: course.elementIds[1], semester: 2,
      marks: course.students.map((s, i) => ({ studentId: s.studentId, status: 'present', value: 8 + i })),
    });
    const started = await pedagogyB.post(`/api/report-cards/training-groups/${course.trainingGroupId}/export`, { semester: 2, withRank: true, requestId: crypto.randomUUID() });
    expect(started.status).toBe(200);
    const operationId = started.json.operation.id as string;
    const done = await eventually(async () => {
      const { json } = await pedagogyA.get(`/api/operations/${operationId}`);
      return json.operation.status === 'completed' ? json.operation : null;
    }, 120_000, 250);
    const groupSize = (await pedagogyA.get(`/api/report-cards/training-groups/${course.trainingGroupId}?semester=2`)).json.cards.length as number;
    expect(groupSize).toBeGreaterThanOrEqual(6);
    expect(done.progress).toEqual({ done: groupSize, total: groupSize });
    for (const api of [a, b]) {
      const file = await downloadAs(on(api), demo('pedagogy'), `/api/report-cards/exports/${operationId}/download`);
      expect(file.status, api.url).toBe(200);
      const zip = await JSZip.loadAsync(file.body);
      const names = Object.keys(zip.files);
      expect(names).toHaveLength(groupSize);
      for (const name of names) expect((await zip.file(name)!.async('nodebuffer')).subarray(0, 5).toString(), name).toBe('%PDF-');
    }
  }, 240_000);

  it('finishes a bulk run whose worker is killed mid-run: each lesson once, progress right on both APIs', async () => {
    const knex = host.db.knex;
    const app = on(a);
    const ids = await planningDemo(app);
    const lines = 6;
    const rooms = await makeRooms(app, ids.paris, lines);
    const teachers: string[] = [];
    const groups: string[] = [];
    for (let i = 0; i < lines; i++) {
      teachers.push(await makePerson(app, [ids.paris]));
      groups.push(await makePlanningGroup(app, ids.paris));
    }
    const subject = Object.values(ids.subjects)[0]!;
    const planner = await loggedIn(b, 'isd');
    // The 55 weekdays from 11 January to 26 March 2027 (no holiday nor demo closure among them) on six lines: 330
    // lessons, one batch.
    const started = await planner.post('/api/planning/planning/create/many', {
      requestId: crypto.randomUUID(), frequency: 'weekly', days: [1, 2, 3, 4, 5], campuses: [ids.paris], startDate: '2027-01-11', endDate: '2027-03-26',
      startTime: '13:30', endTime: '15:00', name: 'Trimestre',
      lines: rooms.map((room, i) => ({ planningGroups: [groups[i]], teachers: [teachers[i]], rooms: [room], schoolSubject: subject })),
    });
    expect(started.status).toBe(202);
    const runId: string = started.json.operation.workflowId;

    // The worker running the run's activity is killed as a crash would, and started again.
    const victim = await eventually(() => workerRunning(runId), 90_000, 25);
    await killWorker(victim);
    await startWorker();

    const operation = await eventually(async () => {
      const current = await host.operations.byWorkflowId(runId);
      return current && current.status !== 'running' ? current : null;
    }, 180_000, 500);
    expect(operation.status).toBe('completed');
    expect((await activityRetries(await host.deps.temporal(), runId)).retried).toBeGreaterThanOrEqual(1);
    // Every item of the run created (none pending, failed or in conflict), each lesson once.
    const items = (await knex('planning_run_items').where({ run_id: runId }).select('status').count({ n: '*' }).groupBy('status')) as { status: string; n: string }[];
    const byStatus = Object.fromEntries(items.map((i) => [i.status, Number(i.n)]));
    const expected = byStatus.created ?? 0;
    const total = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
    expect(expected).toBe(6 * 55);
    expect(byStatus).toEqual({ created: expected });
    expect((operation.result as { counts: Record<string, number> }).counts.created).toBe(expected);
    const created = Number((await knex('lessons').where('creation_key', 'like', `${runId}:%`).count({ n: '*' }).first())?.n);
    expect(created).toBe(expected);
    const [keys] = await knex('lessons').where('creation_key', 'like', `${runId}:%`).countDistinct({ n: 'creation_key' });
    expect(Number(keys?.n)).toBe(expected);
    const [slots] = await knex('lesson_rooms').whereIn('room_id', rooms).countDistinct({ n: knex.raw('(room_id, period)') });
    expect(Number(slots?.n)).toBe(expected);
    expect(Number((await knex('lesson_teachers').whereIn('teacher_id', teachers).count({ n: '*' }).first())?.n)).toBe(expected);
    for (const api of [a, b]) expect((await listed(await loggedIn(api, 'isd'), runId))?.progress, api.url).toEqual({ done: total, total });
  }, 300_000);

  it('finishes a campaign whose worker is killed mid-send: everyone once, progress right on both APIs', async () => {
    const total = 200;
    const people = await addPeople(host.db.knex, total, 'Paris');
    const manager = await loggedIn(a, 'pedagogy');
    const created = await manager.post('/api/mailbox/mass-email/campaigns', {
      subject: 'Déploiement', html: '<p>Bonjour {{firstName}}</p>', recipients: { actors: people.map((p) => p.id) }, requestId: crypto.randomUUID(),
    });
    expect(created.status).toBe(200);
    const campaignId = created.json.campaign.id as string;
    const workflowId = `mass-email:${campaignId}`;
    // Once 40 are sent, the worker sending is killed (mid-batch: the batches are of 50) and started again.
    const victim = await eventually(async () => sink.of(campaignId).length >= 40 && workerRunning(workflowId), 90_000, 20);
    expect(sink.of(campaignId).length).toBeLessThan(total);
    await killWorker(victim);
    await startWorker();

    const reader = await loggedIn(b, 'pedagogy');
    const campaign = await eventually(async () => {
      const detail = (await reader.get(`/api/mailbox/mass-email/campaigns/${campaignId}`)).json?.campaign;
      return detail?.status === 'completed' ? detail : null;
    }, 180_000, 250);
    expect(campaign).toMatchObject({ status: 'completed', total, sent: total, failed: 0, pending: 0 });
    const mails = sink.of(campaignId);
    const reached = new Set(mails.map((mail) => mail.to[0]!));
    expect(reached.size).toBe(total);
    // A message the killed worker had handed to the server before dying may go again, with the same Message-ID.
    expect(mails.length - reached.size).toBeLessThanOrEqual(1);
    const stored = new Map<string, string>(campaign.recipients.map((r: { email: string; messageId: string }) => [r.email.toLowerCase(), r.messageId]));
    expect(mails.filter((mail) => mail.messageId !== stored.get(mail.to[0]!))).toEqual([]);
    for (const api of [a, b]) {
      const client = await loggedIn(api, 'pedagogy');
      const operation = await eventually(async () => {
        const current = await listed(client, workflowId);
        return current?.status === 'completed' ? current : null;
      });
      expect(operation.progress, api.url).toEqual({ done: total, total });
    }
  }, 300_000);

  it('restarts one API under a bounded load with no failed request on either', async () => {
    const cookie = await sessionCookie(a.url, demo('student'));
    let nameOfA = 'A';
    const load = balancedLoad({
      upstreams: () => [{ name: nameOfA, url: a.url }, { name: 'B', url: b.url }], path: '/api/auth/me', headers: { cookie, 'accept-language': 'en' },
      connections: 4, pauseMs: 100,
    });
    let result: Awaited<ReturnType<typeof load.stop>>;
    try {
      await eventually(async () => load.answeredBy('A') >= 30 && load.answeredBy('B') >= 30, 60_000, 50);
      // A restart: SIGTERM, the drain, exit 0, then the same build on the same port (as an orchestrator replaces it).
      const port = a.port;
      expect(await a.stop(), a.output()).toBe(0);
      nameOfA = 'A restarted';
      a = await startApiProcess(build.dir, deploymentEnv(), port);
      await eventually(async () => load.answeredBy('A restarted') >= 30, 120_000, 50);
    } finally {
      result = await load.stop();
    }
    expect(result.failed).toEqual([]);
    // While A was down, the connections it refused went to B (so the load did meet the restart).
    expect(result.resent).toBeGreaterThan(0);
    expect(result.answered.A).toBeGreaterThanOrEqual(30);
    expect(result.answered.B).toBeGreaterThanOrEqual(60);
    expect(result.answered['A restarted']).toBeGreaterThanOrEqual(30);
  }, 240_000);

  it('serves reads while Temporal is stopped, answers new runs a clear 503, and starts runs again once it is back', async () => {
    const ids = await planningDemo(on(a));
    const [room] = await makeRooms(on(a), ids.paris, 1);
    const teacher = await makePerson(on(a), [ids.paris]);
    const group = await makePlanningGroup(on(a), ids.paris);
    const body = () => seriesBody({
      // The four Mondays of April 2027 (Easter Monday is 29 March).
      days: [1], campuses: [ids.paris], startDate: '2027-04-05', endDate: '2027-04-26',
      lines: [{ planningGroups: [group], teachers: [teacher], rooms: [room], schoolSubject: Object.values(ids.subjects)[0], lessonType: 'course', remote: 'present' }],
    });
    const planners = { fr: await loggedIn(a, 'isd', 'fr'), en: await loggedIn(b, 'isd') };
    const pedagogy = [await loggedIn(a, 'pedagogy'), await loggedIn(b, 'pedagogy')];

    // Reads from both APIs, throughout: the session, attendance, the operations page.
    const reads = { answered: 0, failed: [] as string[] };
    let reading = true;
    const reader = (async () => {
      for (let i = 0; reading; i++) {
        for (const path of ['/api/auth/me', '/api/attendance/sheets', '/api/operations']) {
          const answer = await pedagogy[i % 2]!.get(path);
          if (answer.status === 200) reads.answered += 1;
          else reads.failed.push(`${path} ${answer.status}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    try {
      const readsBefore = reads.answered;
      await temporal.stop();
      for (const api of [a, b]) {
        const ready = await fetch(`${api.url}/api/health/ready`);
        expect(ready.status, api.url).toBe(200);
        const health = await ready.json();
        expect(health, api.url).toMatchObject({ status: 'degraded', db: 'ok' });
        expect(health.temporal, api.url).not.toBe('ok');
      }
      const refusals = {
        fr: 'Les opérations groupées sont indisponibles pour le moment, veuillez réessayer dans quelques minutes.',
        en: 'Bulk operations are unavailable for the moment, please try again in a few minutes.',
      };
      const runsBefore = Number((await host.db.knex('operations').count({ n: '*' }).first())?.n);
      for (const language of ['fr', 'en'] as const) {
        const refused = await planners[language].post('/api/planning/planning/create/many', body());
        expect(refused.status, language).toBe(503);
        expect(refused.json, language).toEqual({ errors: [{ path: '', message: refusals[language] }] });
      }
      expect(Number((await host.db.knex('operations').count({ n: '*' }).first())?.n)).toBe(runsBefore);
      const readsWhileDown = reads.answered;

      temporal = await startTemporal();
      for (const api of [a, b]) {
        await eventually(async () => (await (await fetch(`${api.url}/api/health/ready`)).json()).temporal === 'ok', 60_000, 250);
      }
      // The worker processes poll again once the server is back (one that gave up meanwhile is started again).
      while (running.filter((child) => child.exitCode === null && child.signalCode === null).length < 2) await startWorker();
      const started = await planners.en.post('/api/planning/planning/create/many', body());
      expect(started.status).toBe(202);
      const operation = await eventually(async () => {
        const current = await host.operations.byWorkflowId(started.json.operation.workflowId);
        return current && current.status !== 'running' ? current : null;
      }, 120_000, 250);
      expect(operation.status).toBe('completed');
      expect((operation.result as { counts: Record<string, number> }).counts.created).toBe(4);
      expect(Number((await host.db.knex('lessons').where('creation_key', 'like', `${operation.workflowId}:%`).count({ n: '*' }).first())?.n)).toBe(4);
      const readsAfter = reads.answered;
      await eventually(async () => reads.answered > readsAfter, 30_000, 50);
      expect(reads.failed).toEqual([]);
      expect(readsWhileDown).toBeGreaterThan(readsBefore);
    } finally {
      reading = false;
      await reader;
    }
  }, 300_000);
});

describe('two first starts of the deployment on an empty database', () => {
  it('migrates and seeds once: both APIs come up', async () => {
    const server = inject('postgresServerUrl');
    // Named after the run's database, so that the run's teardown drops it even if this file stops half-way.
    const name = `${inject('databaseName')}_first_deployment_${crypto.randomUUID().slice(0, 8)}`;
    const url = await createPostgresDatabase(server, name);
    const apis: ApiProcess[] = [];
    try {
      const env = { ...deploymentEnv(), DATABASE_URL: url, SEED_DEMO: 'true', LOG_LEVEL: 'info' };
      apis.push(...(await Promise.all([startApiProcess(build.dir, env), startApiProcess(build.dir, env)])));
      for (const api of apis) expect((await fetch(`${api.url}/api/health/ready`)).status, api.output()).toBe(200);
      const said = (message: string) => apis.filter((api) => api.output().includes(`"msg":"${message}"`)).length;
      expect(said('demo centre seeded')).toBe(1);
      expect(said('migrations applied')).toBe(1);
      // Both serve the one demo centre.
      for (const api of apis) await new ApiClient(api.url, 'en').login(demo('pedagogy'));
      const database = await openDatabase({ url });
      try {
        expect(await database.knex('campuses').orderBy('name').pluck('name')).toEqual(['Lyon', 'Paris']);
        expect(await database.knex('actors').whereNotNull('password_hash').count({ n: '*' }).first()).toEqual({ n: 12 });
        const migrations = await database.knex('knex_migrations').pluck('name');
        expect(new Set(migrations).size).toBe(migrations.length);
      } finally {
        await database.close();
      }
      for (const api of apis.splice(0)) expect(await api.stop()).toBe(0);
    } finally {
      await Promise.all(apis.map((api) => api.stop()));
      await dropPostgresDatabase(server, name);
    }
  }, 240_000);
});
