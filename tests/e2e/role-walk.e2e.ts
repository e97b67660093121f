import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import { demo, startTestApp, type TestApp } from '../support/app.js';
import { artifactsDir, launchBrowser, login, newContext } from '../support/browser.js';

// Issue #9: read-only saw a red "Access Denied." on the calendar and planning progress. Every staff page a
// role's menu offers must open without a refusal, a server error or a page error.

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** What went wrong on the page: refused or failed API answers, GraphQL errors that are not the user's input, page errors. */
function watchProblems(page: Page): { problems: string[]; settled(): Promise<void> } {
  const problems: string[] = [];
  const pending: Promise<void>[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    if (response.status() === 401 || response.status() === 403 || response.status() >= 500) {
      problems.push(`${response.status()} ${url.pathname}`);
      return;
    }
    if (url.pathname !== '/api/graphql') return;
    pending.push(response.json().then(
      (body: { errors?: { message: string; extensions?: { code?: string } }[] }) => {
        for (const error of body.errors ?? []) {
          if (error.extensions?.code !== 'BAD_USER_INPUT') problems.push(`GraphQL ${error.extensions?.code}: ${error.message}`);
        }
      },
      () => undefined,
    ));
  });
  return { problems, settled: async () => { await Promise.all(pending); } };
}

async function menuPaths(page: Page): Promise<string[]> {
  const links = page.getByTestId('space-nav').locator('a[data-page-id]');
  await links.first().waitFor();
  const hrefs = await links.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter(Boolean))];
}

describe.each([
  ['read-only', 'fr-FR'],
  ['campus-manager', 'en-US'],
])('every staff page of the %s menu', (typology, locale) => {
  it('opens without a refusal, a server error or a page error', async () => {
    const context = await newContext(browser, app.baseUrl, locale);
    const page = await context.newPage();
    const watch = watchProblems(page);
    await login(page, demo(typology));
    await page.waitForURL(/\/(administration|staff)\//);
    const paths = await menuPaths(page);
    expect(paths.length).toBeGreaterThan(5);
    const seen: Record<string, string[]> = {};
    for (const path of paths) {
      const before = watch.problems.length;
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await watch.settled();
      seen[path] = watch.problems.slice(before);
    }
    expect(Object.fromEntries(Object.entries(seen).filter(([, problems]) => problems.length))).toEqual({});
    await context.close();
  }, 180_000);
});

describe('the staff menu on a 1440x900 screen', () => {
  it('keeps its last entries reachable and the active entry in view, above the menu footer', async () => {
    const context = await browser.newContext({ baseURL: app.baseUrl, locale: 'fr-FR', extraHTTPHeaders: { 'accept-language': 'fr-FR' }, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await login(page, demo('pedagogy'));
    await page.waitForURL(/\/administration\//);
    const links = page.getByTestId('space-nav').locator('a[data-page-id]');
    await links.first().waitFor();
    const last = links.last();
    await page.goto((await last.getAttribute('href'))!);
    await expect.poll(() => last.getAttribute('data-active')).toBe('true');
    const footer = page.getByTestId('nav-footer');
    // The active entry sits inside the window and fully above the footer (the menu scrolled to it).
    await expect.poll(async () => {
      const [entry, foot] = [await last.boundingBox(), await footer.boundingBox()];
      return !!entry && !!foot && entry.y >= 64 && entry.y + entry.height <= foot.y + 1 && foot.y + foot.height <= 900;
    }).toBe(true);
    await page.screenshot({ path: `${artifactsDir}/staff-menu-1440x900-fr.png` });
    await context.close();
  }, 60_000);
});
