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

  it('names what a registration and its contract point to, not their ids: the company (en), the student (fr)', async () => {
    const knex = app.core.db.knex;
    const contract = await knex('student_contracts as c').join('student_registrations as r', 'r.id', 'c.registration_id')
      .join('corporations as k', 'k.id', 'c.corporation_id').join('actors as a', 'a.id', 'r.student_id').join('actor_access_rules as ac', 'ac.actor_id', 'a.id')
      .where('ac.campus_id', ids.paris).first('r.student_id', 'k.name as company', knex.raw("a.first_name || ' ' || a.last_name AS student"));
    for (const [locale, path, field, name] of [['en-GB', `/students/${contract.student_id}`, 'corporation_id', contract.company], ['fr-FR', `/etudiants/${contract.student_id}`, 'student_id', contract.student]] as const) {
      const page = await loggedInPage(browser, app.baseUrl, demo('pedagogy'), locale, locale === 'en-GB' ? texts.en.home : texts.fr.home);
      await page.goto(path);
      const button = page.getByTestId('history-button').nth(field === 'corporation_id' ? 2 : 1);
      await button.click();
      const drawer = await openedDrawer(page);
      const shown = await drawer.locator(`[data-field=${field}]`).first().innerText();
      expect(shown).toContain(name);
      expect(shown).not.toMatch(/[0-9a-f]{8}…/);
      await screenshot(page, field === 'corporation_id' ? 'history-contract-en' : 'history-registration-fr');
      await page.context().close();
    }
  });
});
