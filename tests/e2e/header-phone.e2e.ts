import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { demo, type TestApp } from '../support/app.js';
import { phoneContext, screenshot, tapLogin } from '../support/browser.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

// Issue #25: on a phone (390 × 844) the header's log-out button reads whole, "Déconnexion" / "Log out", not "Déconn…",
// and the header does not push the page sideways, for each space a phone user has, in French and English.
let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  ({ app, browser } = await startE2eFile());
}, 120_000);
afterAll(() => closeE2eFile({ browser, app }));

const phone = (locale: string) => phoneContext(browser, app.baseUrl, locale);


/** How the log-out button and the page fit the screen: its text not cut (button and label), on screen, no side scroll. */
const fit = (page: Page) => page.getByTestId('logout').evaluate((button) => {
  const label = button.querySelector('.mantine-Button-label') ?? button;
  const box = button.getBoundingClientRect();
  return {
    text: button.textContent,
    buttonCut: button.scrollWidth > button.clientWidth,
    labelCut: label.scrollWidth > label.clientWidth,
    onScreen: box.left >= 0 && box.right <= window.innerWidth,
    pageScrolls: document.documentElement.scrollWidth > window.innerWidth,
  };
});

describe('the header on a phone', () => {
  for (const [locale, text] of [['fr-FR', 'Déconnexion'], ['en-GB', 'Log out']] as const) {
    for (const typology of ['student', 'teacher', 'tutor', 'coach']) {
      it(`shows "${text}" whole to a ${typology} at 390 px (${locale})`, async () => {
        const context = await phone(locale);
        const page = await context.newPage();
        await tapLogin(page, demo(typology));
        await page.getByTestId('logout').waitFor();
        await page.getByTestId('space-nav').or(page.locator('main')).first().waitFor({ state: 'attached' });
        expect(await fit(page)).toEqual({ text, buttonCut: false, labelCut: false, onScreen: true, pageScrolls: false });
        await screenshot(page, `header-390-${typology}-${locale}`);
        await context.close();
      });
    }
  }
});
