import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineModule, type ModuleDefinition } from '@alterna/core';
import { startTestApp, type TestApp } from '../support/app.js';
import { nowMs } from '@alterna/core/clock';

const scheduleId = `probe-nightly-${nowMs()}`;
const withSchedule = (cron: string): ModuleDefinition =>
  defineModule({ name: 'probe', dependsOn: [], schedules: [{ id: scheduleId, workflowType: 'countItems', cron, args: [{ runKey: 'nightly', items: [], delayMs: 0 }] }] });

let app: TestApp | null = null;
beforeAll(async () => {
  app = await startTestApp({}, [withSchedule('0 3 * * *')]);
});
afterAll(async () => {
  await (await app!.core.temporal.client()).schedule.getHandle(scheduleId).delete().catch(() => undefined);
  await app?.close();
});

describe('module schedules', () => {
  it('creates the declared schedule at bootstrap, and brings it to a new spec on a later start', async () => {
    await app!.core.bootstrap();
    const client = await app!.core.temporal.client();
    const first = await client.schedule.getHandle(scheduleId).describe();
    expect(first.action).toMatchObject({ type: 'startWorkflow', workflowType: 'countItems', taskQueue: app!.core.config.taskQueue });
    expect(first.spec.calendars?.[0]).toMatchObject({ hour: [{ start: 3, end: 3, step: 1 }] });

    await app!.core.bootstrap(); // idempotent
    await app!.close();
    app = await startTestApp({}, [withSchedule('30 4 * * *')]);
    await app.core.bootstrap();
    const updated = await (await app.core.temporal.client()).schedule.getHandle(scheduleId).describe();
    expect(updated.spec.calendars?.[0]).toMatchObject({ hour: [{ start: 4, end: 4, step: 1 }], minute: [{ start: 30, end: 30, step: 1 }] });
  });
});
