import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@alterna/core';
import { ApiClient, demo, startTestApp, type TestApp, reasonOf } from '../support/app.js';
import { eventually, startTestWorker } from '../support/worker.js';

let app: TestApp;
let worker: Awaited<ReturnType<typeof startTestWorker>>;
let campuses: Record<string, string>;

beforeAll(async () => {
  app = await startTestApp();
  worker = await startTestWorker(app.core);
  campuses = Object.fromEntries((await app.core.db.knex('campuses').select('id', 'name')).map((c) => [c.name, c.id]));
}, 120_000);
afterAll(async () => {
  await worker.stop();
  await app.close();
});

async function actorOf(client: ApiClient, typology: string): Promise<Actor> {
  const me = await client.login(demo(typology));
  return (await app.core.services<{ loadActor(id: string): Promise<Actor> }>('identity').loadActor(me.id));
}

function startCount(actor: Actor, campus: string, items: string[], delayMs: number, workflowId = `test-count:${crypto.randomUUID()}`) {
  return app.core.operations.start({
    workflowType: 'countItems', workflowId, kind: 'tests.countItems', subject: `${items.length} items`,
    campusId: campuses[campus], actor, args: [{ runKey: workflowId, items, delayMs }],
  });
}

describe('operations registry', () => {
  it('records a run, shows its progress moving, per-item results and the final result', async () => {
    const client = new ApiClient(app.baseUrl);
    const actor = await actorOf(client, 'pedagogy');
    const started = await startCount(actor, 'Paris', ['a', 'bad-b', 'c', 'd'], 400);
    expect(started).toMatchObject({ kind: 'tests.countItems', subject: '4 items', status: 'running', startedBy: { firstName: 'Claire', lastName: 'Martin' } });

    const seen = new Set<number>();
    const final = await eventually(async () => {
      const { json } = await client.get(`/api/operations/${started.id}`);
      seen.add(json.operation.progress.done);
      return json.operation.status === 'completed' ? json.operation : null;
    }, 30_000, 100);
    expect(seen.size).toBeGreaterThan(2);
    expect(final.progress).toEqual({ done: 4, total: 4 });
    expect(final.items).toEqual([
      { key: 'a', label: 'Item a', status: 'done' },
      { key: 'bad-b', label: 'Item bad-b', status: 'error', message: 'rejected bad-b' },
      { key: 'c', label: 'Item c', status: 'done' },
      { key: 'd', label: 'Item d', status: 'done' },
    ]);
    expect(final.result).toEqual({ done: 3, failed: 1, cancelled: false });
    expect(final.closedAt).not.toBeNull();
    expect(final.canCancel).toBe(false);
    const effects = await app.core.db.knex('test_effects').where('key', 'like', `${started.workflowId}:%`).pluck('key');
    expect(effects.sort()).toEqual(['a', 'c', 'd'].map((k) => `${started.workflowId}:${k}`));

    const graphql = await client.graphql('query($id: ID!) { operation(id: $id) { status progress { done total } items { key status } } }', { id: started.id });
    expect(graphql.json.data.operation).toMatchObject({ status: 'completed', progress: { done: 4, total: 4 } });
  });

  it('never starts the same business id twice', async () => {
    const client = new ApiClient(app.baseUrl);
    const actor = await actorOf(client, 'pedagogy');
    const workflowId = `test-count:${crypto.randomUUID()}`;
    const first = await startCount(actor, 'Paris', ['x'], 0, workflowId);
    const again = await startCount(actor, 'Paris', ['x', 'y', 'z'], 0, workflowId);
    expect(again.id).toBe(first.id);
    expect(await app.core.db.knex('operations').where({ workflow_id: workflowId }).count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('cancels a running run on request; it ends cancelled with what was done kept', async () => {
    const client = new ApiClient(app.baseUrl, 'en');
    const actor = await actorOf(client, 'pedagogy');
    const started = await startCount(actor, 'Paris', Array.from({ length: 30 }, (_, i) => `item-${i}`), 300);
    await eventually(async () => ((await client.get(`/api/operations/${started.id}`)).json.operation.progress.done >= 1 ? true : null));
    const cancelled = await client.post(`/api/operations/${started.id}/cancel`);
    expect(cancelled.status).toBe(200);
    const final = await eventually(async () => {
      const { json } = await client.get(`/api/operations/${started.id}`);
      return json.operation.status === 'cancelled' ? json.operation : null;
    });
    expect(final.progress.done).toBeGreaterThanOrEqual(1);
    expect(final.progress.done).toBeLessThan(30);
    const again = await client.post(`/api/operations/${started.id}/cancel`);
    expect(again.status).toBe(422);
    expect(again.json.errors[0].message).toBe('This operation has ended and can no longer be cancelled.');
  });

  it('shows a campus B user nothing of a campus A run, and lets read-only see but not cancel', async () => {
    const starter = new ApiClient(app.baseUrl);
    const actor = await actorOf(starter, 'isd');
    const started = await startCount(actor, 'Paris', Array.from({ length: 20 }, (_, i) => `p-${i}`), 300);

    const lyon = new ApiClient(app.baseUrl);
    await lyon.login(demo('campus-manager'));
    expect((await lyon.get(`/api/operations/${started.id}`)).status).toBe(404);
    expect((await lyon.post(`/api/operations/${started.id}/cancel`)).status).toBe(404);
    expect((await lyon.get('/api/operations')).json.operations.map((o: { id: string }) => o.id)).not.toContain(started.id);

    const reader = new ApiClient(app.baseUrl);
    await reader.login(demo('read-only'));
    const seen = await reader.get(`/api/operations/${started.id}`);
    expect(seen.status).toBe(200);
    expect(seen.json.operation.canCancel).toBe(false);
    const denied = await reader.post(`/api/operations/${started.id}/cancel`);
    expect(denied.status).toBe(403);
    expect(reasonOf(denied.json.errors[0])).toBe('Access Denied.');

    const teacher = new ApiClient(app.baseUrl);
    await teacher.login(demo('teacher'));
    expect((await teacher.get(`/api/operations/${started.id}`)).status).toBe(404);

    expect((await starter.post(`/api/operations/${started.id}/cancel`)).status).toBe(200);
  });

  it('answers the page in one request: filtered by kind and state, campus-checked, each undone run naming its undo', async () => {
    const starter = new ApiClient(app.baseUrl, 'en');
    const actor = await actorOf(starter, 'isd');
    const done = await startCount(actor, 'Paris', ['a'], 0);
    await eventually(async () => ((await starter.get(`/api/operations/${done.id}`)).json.operation.status === 'completed' ? true : null));
    const undo = await app.core.operations.start({
      workflowType: 'countItems', workflowId: `test-undo:${crypto.randomUUID()}`, kind: 'tests.undoCount', subject: 'undo',
      campusId: campuses.Paris, actor, args: [{ runKey: 'undo', items: [], delayMs: 0 }], undoes: done.workflowId,
    });
    const running = await startCount(actor, 'Paris', Array.from({ length: 20 }, (_, i) => `r-${i}`), 300);

    const all = await starter.get('/api/operations');
    const byId = new Map(all.json.operations.map((o: { id: string }) => [o.id, o]));
    expect(byId.get(done.id)).toMatchObject({ status: 'completed', undoneBy: undo.id });
    expect(byId.get(running.id)).toMatchObject({ status: 'running', undoneBy: null });

    const completed = await starter.get('/api/operations?kind=tests.countItems&status=completed');
    expect(completed.status).toBe(200);
    const ids = completed.json.operations.map((o: { id: string }) => o.id);
    expect(ids).toContain(done.id);
    expect(ids).not.toContain(running.id);
    expect(ids).not.toContain(undo.id);
    expect(completed.json.operations.every((o: { kind: string; status: string }) => o.kind === 'tests.countItems' && o.status === 'completed')).toBe(true);

    const live = await starter.get('/api/operations?status=running,failed&kind=tests.countItems&kind=tests.undoCount');
    expect(live.json.operations.map((o: { id: string }) => o.id)).toContain(running.id);
    expect(live.json.operations.map((o: { id: string }) => o.id)).not.toContain(done.id);

    const graphql = await starter.graphql('query($k: [String!]) { operations(kinds: $k, statuses: ["completed"]) { id undoneBy } }', { k: ['tests.countItems'] });
    expect(graphql.json.data.operations).toContainEqual({ id: done.id, undoneBy: undo.id });

    // A campus-B manager asking for the same kinds sees none of campus A's.
    const lyon = new ApiClient(app.baseUrl);
    await lyon.login(demo('campus-manager'));
    const theirs = (await lyon.get('/api/operations?kind=tests.countItems,tests.undoCount')).json.operations.map((o: { id: string }) => o.id);
    expect(theirs).not.toContain(done.id);
    expect(theirs).not.toContain(running.id);
    expect(theirs).not.toContain(undo.id);

    const bad = await starter.get('/api/operations?status=sleeping&kind=a%20b');
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual([
      { path: 'kind', message: 'The kind “a b” is not a kind of operation.' },
      { path: 'status', message: 'The state “sleeping” is not one of: running, completed, failed, cancelled, terminated, timed_out.' },
    ]);
    const french = new ApiClient(app.baseUrl, 'fr');
    await french.login(demo('isd'));
    expect((await french.get('/api/operations?status=sleeping')).json.errors).toEqual([
      { path: 'status', message: 'L’état « sleeping » n’est pas l’un de\u202f: running, completed, failed, cancelled, terminated, timed_out.' },
    ]);
    expect((await starter.post(`/api/operations/${running.id}/cancel`)).status).toBe(200);
  });

  it('answers a non-UUID operation id with 422 and a message', async () => {
    const client = new ApiClient(app.baseUrl, 'fr');
    await client.login(demo('pedagogy'));
    const response = await client.get('/api/operations/not-a-uuid');
    expect(response.status).toBe(422);
    expect(response.json).toEqual({ errors: [{ path: 'id', message: "L'identifiant « not-a-uuid » n'est pas un UUID valide." }] });
  });
});

describe('operations registry when a start fails', () => {
  it('keeps no record of a run Temporal refused to start', async () => {
    const client = new ApiClient(app.baseUrl);
    const actor = await actorOf(client, 'pedagogy');
    const workflowId = `test-count:${crypto.randomUUID()}`;
    // A task queue name Temporal rejects (too long) makes the start fail.
    await expect(
      app.core.operations.start({ kind: 'tests.countItems', workflowType: 'countItems', workflowId, args: [], subject: 'x', actor, taskQueue: 'q'.repeat(2000) }),
    ).rejects.toThrow();
    expect(await app.core.db.knex('operations').where({ workflow_id: workflowId }).first()).toBeUndefined();
  });
});
