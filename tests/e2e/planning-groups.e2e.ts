import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { demo, startTestApp, type TestApp } from '../support/app.js';
import { launchBrowser, login, newContext, typeInto } from '../support/browser.js';
import { insertLesson, parisTime, planningDemo, tag } from '../support/planning/fixtures.js';
import { currentTrainingGroup, makeRegistration } from '../support/planning/groups.js';

let app: TestApp;
let browser: Browser;
let ids: Awaited<ReturnType<typeof planningDemo>>;
let trainingGroup: { id: string; shortName: string };

// WEB_DIST lets a run serve a client built elsewhere (the default is web/dist, built by `npm test`).
beforeAll(async () => {
  app = await startTestApp(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {});
  browser = await launchBrowser();
  ids = await planningDemo(app);
  trainingGroup = await currentTrainingGroup(app, ids.paris, 'SIO');
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const shotsDir = process.env.SHOTS_DIR ?? '/tmp/shots';
async function shot(page: Page, name: string) {
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `groups-${name}.png`), fullPage: true });
}

/** Picks an option of a Mantine Select by its label, typing a search first when given. */
async function choose(page: Page, select: Locator, option: string | RegExp, search?: string) {
  await select.click();
  if (search) await typeInto(select, search);
  await page.getByRole('option', { name: option }).first().click();
}

/** Types into a field as a person does, key by key (Issue #24: the decimal separator alone must not be dropped). */
async function toastSays(page: Page, text: string) {
  await expect.poll(() => page.getByTestId('toast').filter({ hasText: text }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
}

const texts = {
  fr: {
    locale: 'fr-FR', list: '/planification/groupes-de-planification', created: 'Le groupe de planification a été créé.',
    hours: "Le nombre d'heures doit être supérieur à 0, avec au plus deux décimales.", saved: 'Le tableau des matières a été enregistré.',
    added: '1 étudiant a été ajouté au groupe.', refused: 'Des étudiants sont liés au groupe de planification.', scheduled: 'Une matière planifiée ne peut pas être supprimée.',
    decimal: '12,5', wrong: '1,234', fixed: '2,75', total: 'Total : 15,25 h',
  },
  en: {
    locale: 'en-GB', list: '/planning/planning-groups', created: 'The planning group has been created.',
    hours: 'Hours must be greater than 0, with at most two decimals.', saved: 'The table of subjects has been saved.',
    added: '1 student has been added to the group.', refused: 'Impossible to delete: students linked to the planning group.', scheduled: 'A scheduled subject cannot be removed.',
    decimal: '12.5', wrong: '1.234', fixed: '2.75', total: 'Total: 15.25 h',
  },
} as const;

for (const lang of ['fr', 'en'] as const) {
  describe(`planning group (${lang})`, () => {
    it('is created, gets its subject table (a wrong hours value is shown by the field), a student, and refuses deletion', async () => {
      const t = texts[lang];
      const student = await makeRegistration(app, trainingGroup.id, tag(lang === 'fr' ? 'Durand' : 'Smith'));
      const name = tag(`BTS SIO ${lang.toUpperCase()} `);
      const context = await newContext(browser, app.baseUrl, t.locale);
      const page = await context.newPage();
      await login(page, demo('pedagogy'));
      await page.getByTestId('space-nav').waitFor();

      // The list, then the new form.
      await page.goto(t.list);
      await page.getByTestId('planning-groups-table').waitFor();
      await shot(page, `list-${lang}`);
      await page.getByTestId('planning-group-new').click();
      const form = page.getByTestId('planning-group-form');
      await form.waitFor();
      await typeInto(form.getByTestId('planning-group-name'), name);
      await choose(page, form.getByTestId('planning-group-campus'), 'Paris');
      await choose(page, form.getByTestId('planning-group-training-group'), new RegExp(`^${trainingGroup.shortName} –`));
      await shot(page, `form-${lang}`);
      await form.getByTestId('planning-group-save').click();
      await toastSays(page, t.created);
      await page.getByTestId('planning-group-page').waitFor();
      expect(await page.getByTestId('planning-group-title').textContent()).toBe(name);
      const groupId = (await app.core.db.knex('planning_groups').where({ name }).first('id')).id as string;

      // The subject table: the second line's hours are wrong, the message shows next to that field.
      const table = page.getByTestId('subject-lines-form');
      await table.getByTestId('subject-line-add').click();
      await choose(page, table.getByTestId('subject-line-subject').nth(0), /^MATH –/, 'MATH');
      // Typed key by key, with the language's decimal separator (a comma in French, a point in English).
      await typeInto(table.getByTestId('subject-line-hours').nth(0), t.decimal, { delay: 30 });
      expect(await table.getByTestId('subject-line-hours').nth(0).inputValue()).toBe(t.decimal);
      await table.getByTestId('subject-line-add').click();
      await choose(page, table.getByTestId('subject-line-subject').nth(1), /^CGE –/, 'CGE');
      await typeInto(table.getByTestId('subject-line-hours').nth(1), t.wrong, { delay: 30 });
      await table.getByTestId('subject-lines-save').click();
      const secondLine = table.getByTestId('subject-line').nth(1);
      await expect.poll(() => secondLine.textContent()).toContain(t.hours);
      expect(await table.getByTestId('subject-line').nth(0).textContent()).not.toContain(t.hours);
      await shot(page, `table-error-${lang}`);
      await typeInto(table.getByTestId('subject-line-hours').nth(1), t.fixed, { delay: 30 });
      await table.getByTestId('subject-lines-save').click();
      await toastSays(page, t.saved);
      await expect.poll(async () => (await app.core.db.knex('planning_group_subject_lines').where('planning_group_id', groupId).orderBy('position').select('hours')).map((l) => Number(l.hours))).toEqual([12.5, 2.75]);
      await expect.poll(() => page.getByTestId('subject-lines-total').textContent()).toBe(t.total);
      // Read back as the page reads it: the API's lines, and the fields after a reload, in the language's way.
      const readBack = await page.evaluate(async (id) => (await (await fetch(`/api/planning/planning-groups/${id}`, { headers: { 'x-requested-with': 'XMLHttpRequest' } })).json()), groupId);
      expect(JSON.stringify(readBack)).toMatch(/"hours":"?12\.50?"?[,}].*"hours":"?2\.75"?[,}]/);
      await page.reload();
      await page.getByTestId('subject-lines-form').waitFor();
      await expect.poll(() => page.getByTestId('subject-line-hours').nth(0).inputValue()).toBe(t.decimal);
      expect(await page.getByTestId('subject-line-hours').nth(1).inputValue()).toBe(t.fixed);

      // A student of the training group.
      const students = page.getByTestId('group-subscriptions');
      await choose(page, students.getByTestId('subscriptions-pick'), new RegExp(student.lastName), student.lastName);
      await students.getByTestId('subscriptions-add').click();
      await toastSays(page, t.added);
      await expect.poll(() => students.getByTestId('subscription-row').count()).toBe(1);
      expect(await students.getByTestId('subscription-row').textContent()).toContain(student.lastName);
      await shot(page, `page-${lang}`);

      // Deleting is refused with the SPEC message.
      await page.getByTestId('planning-group-delete').click();
      await page.getByTestId('confirm-dialog').getByTestId('dialog-ok').click();
      const refusal = page.getByTestId('alert-dialog');
      await refusal.waitFor();
      expect(await refusal.getByTestId('dialog-message').textContent()).toBe(t.refused);
      await shot(page, `delete-refused-${lang}`);
      await refusal.getByTestId('dialog-ok').click();
      expect(await app.core.db.knex('planning_groups').where('id', groupId).first('id')).toBeTruthy();

      // Once a lesson teaches MATH, its line can no longer be removed (the tooltip says why).
      const day = `${ids.session.endDate.slice(0, 8)}11`;
      await insertLesson(app, { campusId: ids.paris, startAt: parisTime(day, lang === 'fr' ? '09:00' : '14:00'), endAt: parisTime(day, lang === 'fr' ? '11:00' : '16:00'),
        planningGroupIds: [groupId], schoolSubjectId: ids.subjects.MATH, sessionId: ids.session.id });
      await page.reload();
      await page.getByTestId('subject-lines-form').waitFor();
      const mathLine = page.getByTestId('subject-line').nth(0);
      expect(await mathLine.getAttribute('data-scheduled')).toBe('true');
      expect(await mathLine.getByTestId('subject-line-remove').isDisabled()).toBe(true);
      await mathLine.getByTestId('subject-line-remove-wrap').hover();
      await expect.poll(() => page.getByRole('tooltip').textContent()).toBe(t.scheduled);
      await shot(page, `scheduled-${lang}`);
      await context.close();
    });
  });
}
