import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { demo, type TestApp } from '../support/app.js';
import { artifactsDir, login, newContext } from '../support/browser.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

// The staff menu on a laptop screen. Every page of the menus (read-only in French, the Lyon campus manager in
// English: issue #9's walk) is opened by the page walk of issue #14 (page-walk.e2e.ts), with its checks.

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  ({ app, browser } = await startE2eFile());
}, 120_000);
afterAll(() => closeE2eFile({ browser, app }));

describe('the staff menu on a 1440x900 screen', () => {
  it('keeps its last entries reachable and the active entry in view, above the menu footer', async () => {
    const context = await newContext(browser, app.baseUrl, 'fr-FR', { viewport: { width: 1440, height: 900 } });
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
