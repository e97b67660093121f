import type { Page, Request, Response } from 'playwright-core';
import { clockOffset } from '@alterna/core/clock';

// What went wrong while a tab showed one page: console errors (the web reports a missing translation
// there, web/src/i18n.ts), page errors, requests that failed, API answers of 400 and over, GraphQL errors.
// Only what the current page started counts: a request of the previous page cut short by the next
// navigation is not this page's failure.

export interface PageWatch {
  /** Starts a new page: problems and requests are counted from here. */
  begin(): void;
  /** Requests of this page still waiting for their answer. */
  inFlight(): number;
  /** Resolves when the page's answers have been read (GraphQL bodies), then gives the problems seen. */
  end(): Promise<string[]>;
}

export function watchPage(page: Page): PageWatch {
  let problems: string[] = [];
  let mine = new Set<Request>();
  let pending: Promise<void>[] = [];
  const open = new Set<Request>();

  // Another site's resource (an e-mail preview's hosted icons and fonts) that this offline machine cannot reach is
  // not the app's failure; the policy refusing it would be, and is still reported.
  const elsewhere = (url: string) => URL.canParse(url) && URL.canParse(page.url()) && new URL(url).origin !== new URL(page.url()).origin;
  // A run at a set instant installs Playwright's clock (tests/support/browser.ts), a script it injects into every frame:
  // an e-mail preview's sandboxed frame (no allow-scripts) blocks it and Chromium says so. The app's own scripts in
  // such a frame are still caught by the runs at the real time, where nothing is injected.
  const injectedClockBlocked = (text: string) => clockOffset() !== 0 && /^Blocked script execution in '.*' because the document's frame is sandboxed/.test(text);
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (message.text().startsWith('Failed to load resource') && elsewhere(message.location().url)) return;
    if (injectedClockBlocked(message.text())) return;
    problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    mine.add(request);
    open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => {
    open.delete(request);
    // ERR_ABORTED is the client cancelling (a superseded load the page aborted, a navigation): never the
    // server's or the network's failure, which Chromium names otherwise (refused, reset, empty answer…).
    if (mine.has(request) && request.failure()?.errorText !== 'net::ERR_ABORTED' && !elsewhere(request.url())) problems.push(`failed request: ${request.method()} ${new URL(request.url()).pathname} (${request.failure()?.errorText})`);
  });
  page.on('response', (response: Response) => {
    if (!mine.has(response.request())) return;
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    if (response.status() >= 400) {
      problems.push(`${response.status()} ${response.request().method()} ${url.pathname}${url.search}`);
      return;
    }
    if (url.pathname !== '/api/graphql') return;
    pending.push(response.json().then(
      (body: { errors?: { message: string; extensions?: { code?: string } }[] }) => {
        for (const error of body.errors ?? []) problems.push(`GraphQL ${error.extensions?.code ?? ''}: ${error.message}`);
      },
      () => undefined,
    ));
  });

  return {
    begin() {
      problems = [];
      mine = new Set();
      pending = [];
    },
    inFlight: () => [...open].filter((request) => mine.has(request)).length,
    async end() {
      await Promise.all(pending);
      const seen = problems;
      problems = [];
      mine = new Set();
      return seen;
    },
  };
}
