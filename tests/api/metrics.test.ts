import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NativeConnection, Worker } from '@temporalio/worker';
import { serveWorkerMetrics } from '@alterna/workflows/metrics';
import { ApiClient, demo, startTestApp, type TestApp } from '../support/app.js';
import { closedSheet, loggedIn, tinyPdf, upload } from '../support/attendance/absences.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { todayIn } from '@alterna/core';

// Metrics (issue #28): GET /api/metrics behind METRICS_TOKEN, a 404 without it; request latency and errors by route
// template, the database pool, workflow starts, compiled answers, mail; the worker's with the Temporal SDK's.
const token = `metrics-${crypto.randomUUID()}`;
let app: TestApp;
let sink: SmtpSink;
const started: string[] = [];

beforeAll(async () => {
  sink = await startSmtpSink();
  app = await startTestApp({ METRICS_TOKEN: token, SMTP_URL: sink.url });
}, 120_000);
afterAll(async () => {
  const client = await app?.core.temporal.client();
  // Nothing polls this file's task queue: the runs it started would wait there.
  await Promise.all(started.map((id) => client?.workflow.getHandle(id).terminate('test over').catch(() => undefined)));
  await app?.close();
  await sink?.close();
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The exposition's samples (Prometheus text format), comments apart. */
function samples(text: string): Sample[] {
  return text.split('\n').filter((line) => line && !line.startsWith('#')).map((line) => {
    const [, name = '', labelText = '', value = ''] = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line) ?? [];
    const labels = Object.fromEntries([...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((match) => [match[1], match[2]]));
    return { name, labels, value: Number(value) };
  });
}

/** The value of the one sample of that name whose labels include these (0 when there is none). */
function valueOf(all: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = all.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} names ${found.length} samples`);
  return found[0]?.value ?? 0;
}

async function scrape(): Promise<{ text: string; all: Sample[] }> {
  const response = await fetch(`${app.baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  const text = await response.text();
  return { text, all: samples(text) };
}

describe('the metrics endpoint', () => {
  it('is a 404 like any unknown address when no token is configured', async () => {
    const plain = await startTestApp();
    try {
      const fr = await new ApiClient(plain.baseUrl, 'fr').request('GET', '/api/metrics', undefined, { authorization: 'Bearer anything-at-all-16' });
      expect(fr.status).toBe(404);
      expect(fr.json).toEqual({ errors: [{ path: '', message: 'Ressource introuvable.' }] });
    } finally {
      await plain.close();
    }
  });

  it('refuses a request without the token, with a wrong one or another scheme, in the caller\'s language', async () => {
    const fr = new ApiClient(app.baseUrl, 'fr');
    const en = new ApiClient(app.baseUrl, 'en');
    const none = await fr.get('/api/metrics');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(none.json).toEqual({ errors: [{ path: '', message: 'Les métriques demandent le jeton configuré (Authorization: Bearer METRICS_TOKEN).' }] });
    const wrong = await en.request('GET', '/api/metrics', undefined, { authorization: `Bearer ${token}x` });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ errors: [{ path: '', message: 'Metrics need the configured token (Authorization: Bearer METRICS_TOKEN).' }] });
    const basic = await en.request('GET', '/api/metrics', undefined, { authorization: `Basic ${token}` });
    expect(basic.status).toBe(401);
    expect(basic.text).not.toContain('alterna_');
    // A logged-in person is no scraper either.
    const staff = new ApiClient(app.baseUrl, 'en');
    await staff.login(demo('management'));
    expect((await staff.get('/api/metrics')).status).toBe(401);
  });

  it('times requests and counts errors by route template, never by the raw path', async () => {
    const client = new ApiClient(app.baseUrl, 'en');
    await client.login(demo('pedagogy'));
    const unknownId = crypto.randomUUID();
    const before = (await scrape()).all;
    expect((await client.get(`/api/operations/${unknownId}`)).status).toBe(404);
    const invalid = await client.get('/api/operations/not-an-id');
    expect(invalid.status).toBe(422);
    expect((await client.get(`/api/no-such-route/${unknownId}`)).status).toBe(404);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect((await client.graphql('query IsLogged { IsLogged { isLogged } }')).status).toBe(200);

    const { text, all } = await scrape();
    const count = (labels: Record<string, string>) =>
      valueOf(all, 'alterna_http_request_duration_seconds_count', labels) - valueOf(before, 'alterna_http_request_duration_seconds_count', labels);
    const errors = (labels: Record<string, string>) => valueOf(all, 'alterna_http_errors_total', labels) - valueOf(before, 'alterna_http_errors_total', labels);
    expect(count({ method: 'GET', route: '/api/operations/:id' })).toBe(2);
    expect(count({ method: 'GET', route: '/api/auth/me' })).toBe(1);
    expect(count({ method: 'POST', route: '/api/graphql' })).toBe(1);
    expect(count({ method: 'GET', route: 'unmatched' })).toBe(1);
    expect(valueOf(all, 'alterna_http_request_duration_seconds_count', { method: 'POST', route: '/api/auth/login' })).toBeGreaterThanOrEqual(1);
    // A histogram: buckets up to +Inf, and the time spent.
    expect(valueOf(all, 'alterna_http_request_duration_seconds_bucket', { method: 'GET', route: '/api/auth/me', le: '+Inf' }))
      .toBe(valueOf(all, 'alterna_http_request_duration_seconds_count', { method: 'GET', route: '/api/auth/me' }));
    expect(valueOf(all, 'alterna_http_request_duration_seconds_sum', { method: 'GET', route: '/api/auth/me' })).toBeGreaterThan(0);
    expect(errors({ method: 'GET', route: '/api/operations/:id', status: '422' })).toBe(1);
    expect(errors({ method: 'GET', route: '/api/operations/:id', status: '404' })).toBe(1);
    expect(errors({ method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(errors({ method: 'GET', route: '/api/auth/me' })).toBe(0);
    // The ids asked are nowhere in the labels.
    expect(text).not.toContain(unknownId);
    expect(text).not.toContain('not-an-id');
    expect(text).not.toContain('no-such-route');
  });

  it('shows the database pool and the process', async () => {
    const { all } = await scrape();
    expect(valueOf(all, 'alterna_db_pool_max')).toBe(10);
    const used = valueOf(all, 'alterna_db_pool_used');
    const free = valueOf(all, 'alterna_db_pool_free');
    expect(used).toBeGreaterThanOrEqual(0);
    expect(free).toBeGreaterThanOrEqual(0);
    expect(used + free).toBeLessThanOrEqual(10);
    expect(all.some((s) => s.name === 'alterna_db_pool_pending')).toBe(true);
    expect(all.some((s) => s.name === 'alterna_process_cpu_user_seconds_total')).toBe(true);
    expect(all.some((s) => s.name === 'alterna_nodejs_eventloop_lag_p99_seconds')).toBe(true);
  });

  it('counts workflow starts by workflow and outcome', async () => {
    const pedagogy = await loggedIn(app, demo('pedagogy'));
    const { groups } = (await pedagogy.get('/api/report-cards/training-groups')).json;
    expect(groups.length).toBeGreaterThan(0);
    const requestId = crypto.randomUUID();
    const before = (await scrape()).all;
    const first = await pedagogy.post(`/api/report-cards/training-groups/${groups[0].id}/export`, { semester: 1, withRank: true, requestId });
    expect(first.status).toBe(200);
    started.push(first.json.operation.workflowId);
    // The same request again answers the run already there.
    expect((await pedagogy.post(`/api/bulletins/groupes/${groups[0].id}/export`, { semester: 1, withRank: true, requestId })).status).toBe(200);
    const { all } = await scrape();
    const starts = (outcome: string) => valueOf(all, 'alterna_workflow_starts_total', { workflow: 'marks.reportCards', outcome })
      - valueOf(before, 'alterna_workflow_starts_total', { workflow: 'marks.reportCards', outcome });
    expect(starts('started')).toBe(1);
    expect(starts('existing')).toBe(1);
    expect(starts('failed')).toBe(0);
    // Both paths of the route are labelled with their own template.
    const routes = all.filter((s) => s.name === 'alterna_http_request_duration_seconds_count' && s.labels.method === 'POST').map((s) => s.labels.route);
    expect(routes).toEqual(expect.arrayContaining(['/api/report-cards/training-groups/:group/export', '/api/bulletins/groupes/:group/export']));
  });

  it('counts the compiled answers of every compiled field', async () => {
    const { all } = await scrape();
    const fields = all.filter((s) => s.name === 'alterna_graphql_compiled_answers_total').map((s) => s.labels.field);
    expect(fields).toEqual(Object.keys(app.core.graphql.compiled.counts()));
    expect(fields.length).toBeGreaterThan(0);
  });

  it('counts the mail the server hands to SMTP', async () => {
    const before = (await scrape()).all;
    const sheet = await closedSheet(app);
    const student = await loggedIn(app, sheet.absent.email);
    const day = todayIn();
    const sent = await upload(student, '/api/absences-and-lateness/my-absences/add-justificative', { reason: 'illness', startDate: day, endDate: day }, { bytes: tinyPdf, name: 'certificat.pdf' });
    expect(sent.status).toBe(200);
    const pedagogy = await loggedIn(app, demo('pedagogy'));
    const accepted = await pedagogy.post(`/api/absences-and-lateness/justifications/${sent.json.justification.id}/accept`, {});
    expect(accepted.status).toBe(200);
    await expect.poll(() => sink.mails.filter((m) => m.to.includes(sheet.absent.email)).length).toBe(1);
    sink.refuse('gone@example.test');
    await expect(app.core.mailer.send({ to: 'gone@example.test', subject: 'S', text: 'T' })).rejects.toMatchObject({ responseCode: 550 });
    const { all } = await scrape();
    const mails = (outcome: string) => valueOf(all, 'alterna_mail_messages_total', { outcome }) - valueOf(before, 'alterna_mail_messages_total', { outcome });
    expect(mails('sent')).toBe(1);
    expect(mails('refused')).toBe(1);
    expect(mails('failed')).toBe(0);
  });
});

describe('the worker\'s metrics (WORKER_METRICS_PORT)', () => {
  it('serves the core\'s metrics of the process and the Temporal SDK\'s in one exposition at /metrics', async () => {
    // As the worker process does: served before the first worker of the process (this file starts no other).
    const served = await serveWorkerMetrics(app.core, 0, '127.0.0.1');
    const connection = await NativeConnection.connect({ address: app.core.config.temporalAddress! });
    // The modules' activities only: no workflow code, no bundle to build.
    const worker = await Worker.create({ connection, namespace: app.core.config.temporalNamespace, taskQueue: app.core.config.taskQueue, activities: app.core.activities() });
    const running = worker.run();
    try {
      expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const queue = `task_queue="${app.core.config.taskQueue}"`;
      // The SDK's poller metrics come once the worker polls: asked until they are there.
      await expect.poll(async () => (await (await fetch(served.url)).text()).includes(`temporal_num_pollers{`), { timeout: 30_000 }).toBe(true);
      const response = await fetch(served.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      const text = await response.text();
      expect(text).toMatch(new RegExp(`^temporal_worker_start\\{[^}]*${queue}[^}]*\\} 1$`, 'm'));
      expect(text).toMatch(/^alterna_db_pool_max 10$/m);
      expect(text).toMatch(/^# TYPE alterna_mail_messages_total counter$/m);
      expect(text).toMatch(/^alterna_process_cpu_user_seconds_total \S+$/m);
      expect(text).not.toContain('Temporal SDK metrics unavailable');
      expect((await fetch(served.url.replace(/\/metrics$/, '/other'))).status).toBe(404);
    } finally {
      worker.shutdown();
      await running;
      await connection.close();
      await served.close();
    }
  });
});
