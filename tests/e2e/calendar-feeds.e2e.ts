import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { demo, type TestApp } from '../support/app.js';
import { login, newContext, screenshot } from '../support/browser.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

// The "subscribe to my timetable" card on the teacher's and the student's home, and a room's feed from the
// occupancy plan: the URL shown works anonymously, renewing kills the old one.

let app: TestApp;
let browser: Browser;
beforeAll(async () => {
  ({ app, browser } = await startE2eFile());
}, 120_000);
afterAll(() => closeE2eFile({ browser, app }));

const feedStatus = async (url: string) => (await fetch(url)).status;

/** Makes the link from the card and returns it once shown. */
async function createLink(page: Page): Promise<string> {
  const card = page.getByTestId('calendar-feed');
  await card.getByTestId('calendar-feed-renew').click();
  const field = card.getByTestId('calendar-feed-url');
  await field.waitFor();
  return field.inputValue();
}

describe('calendar feeds in the browser', () => {
  it('a teacher subscribes from their dashboard (French)', async () => {
    const context = await newContext(browser, app.baseUrl, 'fr-FR');
    const page = await context.newPage();
    await login(page, demo('teacher'));
    await page.waitForURL('**/formateur/tableau-de-bord');
    const card = page.getByTestId('calendar-feed');
    await card.getByText("S'abonner à mon emploi du temps").waitFor();
    expect(await card.getByTestId('calendar-feed-status').textContent()).toBe('Aucun lien actif.');
    expect(await card.textContent()).toContain('Google Agenda');
    const url = await createLink(page);
    expect(url).toMatch(/\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');
    await screenshot(page, 'calendar-feed-teacher-fr');
    await context.close();
  });

  it('a student renews (the old link stops) and revokes from their space (English)', async () => {
    const context = await newContext(browser, app.baseUrl, 'en-US');
    const page = await context.newPage();
    await login(page, demo('student'));
    await page.waitForURL('**/my-space');
    const card = page.getByTestId('calendar-feed');
    await card.getByText('Subscribe to my timetable').waitFor();
    const first = await createLink(page);
    expect(await card.getByTestId('calendar-feed-renew').textContent()).toBe('Renew the link');
    await screenshot(page, 'calendar-feed-student-en');

    await card.getByTestId('calendar-feed-renew').click();
    await page.getByTestId('dialog-ok').click();
    await page.getByTestId('confirm-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => card.getByTestId('calendar-feed-url').inputValue()).not.toBe(first);
    const second = await card.getByTestId('calendar-feed-url').inputValue();
    expect(await feedStatus(first)).toBe(404);
    expect(await feedStatus(second)).toBe(200);

    // After a reload the link is no longer shown (only its hash is kept): the card says one is live.
    await page.reload();
    await expect.poll(async () => (await card.getByTestId('calendar-feed-status').textContent()) ?? '').toContain('A link has been active since');
    await card.getByTestId('calendar-feed-revoke').click();
    await page.getByTestId('dialog-ok').click();
    await expect.poll(async () => card.getByTestId('calendar-feed-status').textContent()).toBe('No active link.');
    expect(await feedStatus(second)).toBe(404);
    await context.close();
  });

  it('staff open a room\'s feed from the occupancy plan (English and French)', async () => {
    for (const [locale, path, title] of [['en-US', '/planning/ROS', 'Calendar of room'], ['fr-FR', '/planification/ROS', 'Agenda de la salle']] as const) {
      const context = await newContext(browser, app.baseUrl, locale);
      const page = await context.newPage();
      await login(page, demo('pedagogy'));
      await page.waitForURL('**/administration/**');
      await page.goto(path);
      await page.waitForURL(/\/ROS\/campus\/[0-9a-f-]{36}\//);
      const room = page.getByTestId('ros-room').first();
      await room.getByTestId('ros-room-feed').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(title).waitFor();
      const field = dialog.getByTestId('calendar-feed-url');
      await dialog.getByTestId('calendar-feed-renew').click();
      // The second language renews the link the first one made: confirm it.
      if (locale === 'fr-FR') {
        await page.getByTestId('dialog-ok').click();
        await page.getByTestId('confirm-dialog').waitFor({ state: 'detached' });
      }
      await field.waitFor();
      expect(await feedStatus(await field.inputValue())).toBe(200);
      await screenshot(page, `calendar-feed-room-${locale.slice(0, 2)}`);
      await context.close();
    }
  });
});
