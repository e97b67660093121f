import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { demo, type TestApp } from '../support/app.js';
import { loggedInPage, navEntry, screenshot } from '../support/browser.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

// Issue #27: a page whose route has a loader (web/src/page-loaders.ts) renders with its data, asked once (the
// screen reads the loader's answer from the cache), and a load the server refuses shows the route's error
// component with the server's message in the reader's language.

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  ({ app, browser } = await startE2eFile());
}, 120_000);
afterAll(() => closeE2eFile({ browser, app }));

/** Counts the GraphQL requests of one operation the page sends from now on. */
function countOperation(page: Page, operation: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/graphql') && (request.postData() ?? '').includes(`"operationName":"${operation}"`)) count++;
  });
  return () => count;
}

const languages = [
  { lang: 'fr', locale: 'fr-FR', home: '/administration/tableau-de-bord', trainings: '/centre-de-formation/formations', students: '/etudiants', denied: "Accès refusé : vous n'avez pas le droit de faire cela." },
  { lang: 'en', locale: 'en-US', home: '/administration/dashboard', trainings: '/training-center/trainings', students: '/students', denied: 'Access denied: you are not allowed to do this.' },
] as const;

describe('route loaders', () => {
  for (const words of languages) {
    it(`loads the trainings list once, in its loader, from the menu and on a reload (${words.lang})`, async () => {
      const page = await loggedInPage(browser, app.baseUrl, demo('pedagogy'), words.locale, words.home);
      const asked = countOperation(page, 'Trainings');
      // The list's answer held back: the loader asks for it before the screen renders, so the page is not there yet.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/graphql', async (route) => {
        if ((route.request().postData() ?? '').includes('"operationName":"Trainings"')) await held;
        await route.continue();
      });
      await navEntry(page, 'trainings.list').click();
      await expect.poll(() => asked()).toBe(1);
      expect(await page.getByTestId('trainings-page').count()).toBe(0);
      release();
      await page.waitForURL(`**${words.trainings}`);
      // The page renders with its rows, and no second request once all is settled.
      await expect.poll(() => page.getByTestId('trainings-table').locator('tbody tr').count()).toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');
      expect(asked()).toBe(1);
      await screenshot(page, `route-loaders-trainings-${words.lang}`);

      await page.reload();
      await expect.poll(() => page.getByTestId('trainings-table').locator('tbody tr').count()).toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');
      expect(asked()).toBe(2);
      await page.context().close();
    });

    it(`loads a list, then what the URL selects in it, once each: training groups of a session, a training's grade scale (${words.lang})`, async () => {
      const page = await loggedInPage(browser, app.baseUrl, demo('pedagogy'), words.locale, words.home);
      const sessionsAsked = countOperation(page, 'TrainingSessions');
      const groupsAsked = countOperation(page, 'TrainingGroups');
      let scalesAsked = 0;
      page.on('request', (request) => {
        if (request.method() === 'GET' && /\/(bareme-de-notation|grade-scale)$/.test(new URL(request.url()).pathname)) scalesAsked++;
      });
      await navEntry(page, 'trainings.groups').click();
      await expect.poll(() => page.getByTestId('group-row').count()).toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');
      expect([sessionsAsked(), groupsAsked()]).toEqual([1, 1]);
      // Another session, chosen on the page: its groups asked once (the loader and the screen share the request).
      const session = page.getByTestId('groups-session');
      const before = await session.inputValue();
      await session.click();
      await page.getByRole('option').filter({ hasNotText: before }).first().click();
      await page.waitForURL(/[?&]session=[0-9a-f-]{36}/);
      await expect.poll(() => session.inputValue()).not.toBe(before);
      await page.waitForLoadState('networkidle');
      expect([sessionsAsked(), groupsAsked()]).toEqual([1, 2]);
      await screenshot(page, `route-loaders-groups-${words.lang}`);

      await navEntry(page, 'trainings.gradeScales').click();
      await expect.poll(() => page.getByTestId('grade-scale-form').count()).toBe(1);
      await page.waitForLoadState('networkidle');
      expect(scalesAsked).toBe(1);
      expect(await page.getByTestId('grade-scale-training').inputValue()).not.toBe('');
      await screenshot(page, `route-loaders-grade-scales-${words.lang}`);
      await page.context().close();
    });

    it(`loads a campus's closures and time-slot models with the campus list, once each (${words.lang})`, async () => {
      const page = await loggedInPage(browser, app.baseUrl, demo('pedagogy'), words.locale, words.home);
      const campusesAsked = countOperation(page, 'CampusList');
      const closuresAsked = countOperation(page, 'Closures');
      const modelsAsked = countOperation(page, 'ModelTimeSlots');
      await navEntry(page, 'trainingCentre.closures').click();
      await expect.poll(async () => (await page.getByTestId('closure-row').count()) + (await page.getByTestId('closures-empty').count())).toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');
      expect([campusesAsked(), closuresAsked()]).toEqual([1, 1]);
      await navEntry(page, 'trainingCentre.timeSlots').click();
      await expect.poll(() => page.getByTestId('time-slots-page').count()).toBe(1);
      await expect.poll(() => modelsAsked()).toBe(1);
      await page.waitForLoadState('networkidle');
      expect(modelsAsked()).toBe(1);
      await page.context().close();
    });

    it(`shows the server's refusal in the route's error component, not a blank page (${words.lang})`, async () => {
      // A referent reaches the staff space but may not read the student list: its loader's request is refused (403).
      const page = await loggedInPage(browser, app.baseUrl, demo('referent'), words.locale, words.home);
      await page.goto(words.students);
      const error = page.getByTestId('route-error');
      await expect.poll(() => error.isVisible()).toBe(true);
      await expect.poll(() => error.innerText()).toContain(words.denied);
      expect(await page.getByTestId('students-page').count()).toBe(0);
      await screenshot(page, `route-loaders-refused-${words.lang}`);
      // An unknown path still shows the not-found page under the root route (whose component provides the QueryClient).
      await page.goto(`${words.students}/none/of/these`);
      await expect.poll(() => page.getByTestId('not-found').isVisible()).toBe(true);
      await page.context().close();
    });
  }
});
