import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { demo, type TestApp } from '../support/app.js';
import { loggedInPage, navEntry, screenshot, typeInto } from '../support/browser.js';
import { tag } from '../support/planning/fixtures.js';
import { pngBytes } from '../support/uploads.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  ({ app, browser } = await startE2eFile());
}, 120_000);
afterAll(() => closeE2eFile({ browser, app }));

const as = (email: string, locale: string, home: string) => loggedInPage(browser, app.baseUrl, email, locale, home);

/** Picks options of a Mantine MultiSelect by their labels. */
async function pick(page: Page, testId: string, labels: string[]) {
  // The field's box catches the pointer: the input inside opens the options.
  await page.getByTestId(testId).click({ force: true });
  for (const label of labels) await page.getByRole('option', { name: label, exact: true }).click();
  await page.keyboard.press('Escape');
}

describe('news in the browser', () => {
  it('staff publish a page with an image to the students of one training; the demo student reads it in their space', async () => {
    const knex = app.core.db.knex;
    const training = await knex('identity_actors as a').join('students_student_registrations as sr', 'sr.student_id', 'a.id')
      .join('trainings_training_groups as g', 'g.id', 'sr.training_group_id').join('trainings_trainings as t', 't.id', 'g.training_id')
      .where('a.email', demo('student')).first('t.name');
    const title = `Visite d'entreprise ${tag()}`;

    const staff = await as(demo('pedagogy'), 'fr-FR', '/administration/tableau-de-bord');
    await navEntry(staff, 'news.manage').click();
    await staff.waitForURL('**/administration/actualites');
    await staff.getByTestId('news-row').first().waitFor();
    await screenshot(staff, 'news-list-fr');
    await staff.getByTestId('news-new').click();
    await staff.waitForURL('**/administration/actualites/nouvelle');
    // The type selects the field: the editor for a page, the file field, the link field.
    await staff.getByTestId('news-editor').locator('.codex-editor').waitFor();
    await staff.getByLabel('Lien', { exact: true }).check();
    await expect(staff.getByTestId('news-editor').count()).resolves.toBe(0);
    await staff.locator('input#link').waitFor();
    await staff.getByLabel('Page news', { exact: true }).check();
    await typeInto(staff.locator('#title'), title);

    const editor = staff.getByTestId('news-editor');
    await editor.locator('.ce-paragraph').first().click();
    await staff.keyboard.type('Rendez-vous jeudi à 9 h devant le campus.');
    await staff.keyboard.press('Enter');
    await editor.locator('.ce-toolbar__plus').click();
    const chooser = staff.waitForEvent('filechooser');
    await staff.locator('.ce-popover-item[data-item-name="image"]').click();
    await (await chooser).setFiles({ name: 'visite.png', mimeType: 'image/png', buffer: pngBytes });
    await editor.locator('.image-tool__image-picture').waitFor();

    // Trainings and groups show only once students are among the recipients.
    await expect(staff.getByTestId('news-trainings').count()).resolves.toBe(0);
    await pick(staff, 'news-recipients', ['Apprenant']);
    await pick(staff, 'news-campuses', ['Paris']);
    await pick(staff, 'news-trainings', [training.name]);
    await screenshot(staff, 'news-form-fr');
    await staff.getByTestId('news-save').click();
    await staff.waitForURL('**/administration/actualites');
    const row = staff.getByTestId('news-row').filter({ hasText: title });
    await row.getByRole('button', { name: 'Publier' }).click();
    await row.getByText('Publiée').waitFor();

    const student = await as(demo('student'), 'fr-FR', '/mon-espace');
    await student.getByTestId('latest-news').getByText(title).waitFor();
    await screenshot(student, 'news-student-home-fr');
    await navEntry(student, 'news.student').click();
    await student.waitForURL('**/mon-espace/actualites');
    const article = student.getByTestId('news-article').filter({ hasText: title });
    await article.getByText('Rendez-vous jeudi à 9 h devant le campus.').waitFor();
    const image = article.locator('img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await screenshot(student, 'news-student-fr');
  }, 120_000);

  it('shows the form and the news pages in English', async () => {
    const staff = await as(demo('pedagogy'), 'en-US', '/administration/dashboard');
    await navEntry(staff, 'news.manage').click();
    await staff.waitForURL('**/administration/news');
    await staff.getByTestId('news-row').first().waitFor();
    await screenshot(staff, 'news-list-en');
    await staff.getByTestId('news-new').click();
    await staff.getByLabel('Downloadable file', { exact: true }).check();
    await staff.getByTestId('news-file').waitFor();
    await pick(staff, 'news-recipients', ['Student', 'Tutor']);
    await staff.getByTestId('news-trainings').waitFor();
    await staff.getByTestId('news-save').click();
    // The browser's check runs first: the empty title is marked and nothing is sent.
    await staff.locator('#title[aria-invalid=true]').waitFor();
    await staff.getByTestId('form-errors').waitFor();
    await screenshot(staff, 'news-form-en');
    const tutor = await as(demo('tutor'), 'en-US', '/tutor/dashboard');
    await navEntry(tutor, 'news.tutor').click();
    await tutor.getByTestId('news-download').first().waitFor();
    await tutor.getByTestId('news-link').first().waitFor();
    await expect(tutor.getByTestId('news-link').first().getAttribute('rel')).resolves.toBe('noopener noreferrer');
    await screenshot(tutor, 'news-tutor-en');
  }, 120_000);
});
