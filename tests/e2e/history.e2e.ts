import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ApiClient, demo, startTestApp, type TestApp } from '../support/app.js';
import { launchBrowser, loggedInPage, screenshot } from '../support/browser.js';
import { makePerson, makePlanningGroup, makeRooms, planningDemo, tag } from '../support/planning/fixtures.js';
import { CREATE_LESSON, UPDATE_LESSON, lessonOf, slotOn, workingDays } from '../support/planning/lessons.js';

// The history panel (issue #14): a lesson changed through the API shows its changes, who made them and when, in the
// lesson dialog's "Historique / History" drawer, in French and in English (the other kinds' routes: tests/api/audit.test.ts).

let app: TestApp;
let browser: Browser;
let lesson: string;
let group: string;
let day: string;
let teacherName: string;
let ids: Awaited<ReturnType<typeof planningDemo>>;

beforeAll(async () => {
  app = await startTestApp(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {});
  browser = await launchBrowser();
  ids = await planningDemo(app);
  const [room] = await makeRooms(app, ids.paris, 1);
  teacherName = tag('Prof');
  const teacher = await makePerson(app, [ids.paris], 'teacher', teacherName);
  group = await makePlanningGroup(app, ids.paris);
  [day] = await workingDays(app, ids.paris, 1, 21) as [string];
  const planner = new ApiClient(app.baseUrl);
  await planner.login(demo('isd'));
  const slot = slotOn(day, '09:00', '11:00');
  const input = {
    campus: ids.paris, startDate: slot.startAt, endDate: slot.endAt, remote: 'present', lessonType: 'course', description: 'Chapitre 1',
    teachers: [teacher], rooms: [room], planningGroups: [group], schoolSubject: ids.subjects.ANG,
  };
  lesson = lessonOf(await planner.graphql(CREATE_LESSON, { input }), 'CreateEventLessonSchedule').uuid;
  lessonOf(await planner.graphql(UPDATE_LESSON, { input: { id: lesson, description: 'Chapitre 2', remote: 'both' } }), 'UpdateEventLessonSchedule');
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const texts = {
  fr: { locale: 'fr-FR', home: '/administration/tableau-de-bord', calendar: '/planification/calendrier', button: 'Historique', title: 'Historique du cours', changed: 'Modification', created: 'Création', field: 'Description', remote: 'Distanciel Présentiel → Présentiel et distanciel', table: 'Enseignant du cours' },
  en: { locale: 'en-GB', home: '/administration/dashboard', calendar: '/planning/calendar', button: 'History', title: 'Lesson history', changed: 'Changed', created: 'Created', field: 'Description', remote: 'Remote On site → On site and remote', table: 'Lesson teacher' },
} as const;

async function openedDrawer(page: Page) {
  const drawer = page.getByRole('dialog').filter({ has: page.getByTestId('history-entry').first() });
  await drawer.waitFor();
  return drawer;
}

describe('the history panel', () => {
  for (const language of ['fr', 'en'] as const) {
    it(`shows a lesson's changes in the lesson dialog (${language})`, async () => {
      const t = texts[language];
      const page = await loggedInPage(browser, app.baseUrl, demo('pedagogy'), t.locale, t.home);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${t.calendar}?campus=${ids.paris}&groups=${group}&date=${day}`);
      await page.locator(`.fc-event:has([data-lesson-id="${lesson}"])`).click();
      await page.getByTestId('lesson-form').waitFor();
      const button = page.getByTestId('lesson-state').getByTestId('history-button');
      expect(await button.textContent()).toBe(t.button);
      await button.click();
      const drawer = await openedDrawer(page);
      expect(await drawer.getByRole('heading').first().textContent()).toBe(t.title);

      // Newest first: the update (description and remote mode, before → after, by the isd planner), then the creation.
      const entries = drawer.getByTestId('history-entry');
      const update = entries.first();
      expect(await update.getAttribute('data-action')).toBe('update');
      expect(await drawer.getByText(t.changed).count()).toBeGreaterThan(0);
      const description = update.locator('[data-field=description]');
      expect((await description.innerText()).replace(/\s+/g, ' ')).toBe(`${t.field} Chapitre 1 → Chapitre 2`);
      expect(await update.innerText()).toContain('Julien Bernard');
      // Values in the planner's words: the remote mode's labels, the teacher's name rather than an id.
      expect((await update.locator('[data-field=remote]').innerText()).replace(/\s+/g, ' ')).toBe(t.remote);
      expect(await entries.locator('[data-field=teacher_id]').first().innerText()).toContain(teacherName);
      expect(await drawer.getByText(t.table).count()).toBeGreaterThan(0);
      expect(await entries.last().getAttribute('data-action')).toBe('insert');
      await screenshot(page, `history-lesson-${language}`);

      // Escape closes the drawer only: the lesson dialog stays open beneath.
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      expect(await page.getByTestId('lesson-form').isVisible()).toBe(true);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
