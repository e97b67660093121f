// What an e2e file starts before its tests and closes after them: its app (a database copy of its own), a product
// worker when its journeys start workflows, and one browser for all its tests. Closed browser first, then the worker,
// then the app, so nothing outlives what it talks to; what started is closed even if the next start failed.
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from './app.js';
import { launchBrowser } from './browser.js';
import { startTestWorker } from './worker.js';

export type TestWorker = Awaited<ReturnType<typeof startTestWorker>>;

export interface E2eFile {
  app: TestApp;
  browser: Browser;
  worker?: TestWorker;
}

export async function startE2eFile(options: { worker: true; env?: Record<string, string> }): Promise<Required<E2eFile>>;
export async function startE2eFile(options?: { worker?: false; env?: Record<string, string> }): Promise<E2eFile>;
export async function startE2eFile(options: { worker?: boolean; env?: Record<string, string> } = {}): Promise<E2eFile> {
  const started: Partial<E2eFile> = {};
  try {
    started.app = await startTestApp(options.env);
    if (options.worker) started.worker = await startTestWorker(started.app.core);
    started.browser = await launchBrowser();
    return started as E2eFile;
  } catch (error) {
    await closeE2eFile(started);
    throw error;
  }
}

export async function closeE2eFile({ browser, worker, app }: Partial<E2eFile>): Promise<void> {
  await browser?.close();
  await worker?.stop();
  await app?.close();
}
