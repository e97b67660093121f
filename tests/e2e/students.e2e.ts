import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { demo, type TestApp } from '../support/app.js';
import { fillDate, login, newContext, screenshot, typeInto } from '../support/browser.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';
import { todayIn } from '@alterna/core/dates';

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  ({ app, browser } = await startE2eFile());
}, 120_000);
afterAll(() => closeE2eFile({ browser, app }));

/** Picks an option of a Mantine Select by typing part of its label. */
async function choose(page: Page, select: ReturnType<Page['locator']>, search: string, option: string | RegExp) {
  await select.click();
  if (await select.getAttribute('readonly') === null) await typeInto(select, search);
  await page.getByRole('option', { name: option }).first().click();
}

/** A date of birth `years` (and `days`) ago, in Paris time. */
function bornYearsAgo(years: number, days: number): string {
  const today = todayIn();
  const birthday = `${Number(today.slice(0, 4)) - years}${today.slice(4)}`.replace(/-02-29$/, '-02-28');
  return new Date(Date.parse(`${birthday}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

const family = `Roussel${crypto.randomUUID().replace(/[^0-9]/g, '').slice(0, 4)}`;
const dateOfBirth = bornYearsAgo(17, 40);

describe('students in Chromium', () => {
  it('creates a 17-year-old student (guardian required) born in a French city picked among suggestions, then hits the duplicate popup (French)', async () => {
    const context = await newContext(browser, app.baseUrl, 'fr-FR');
    const page = await context.newPage();
    await login(page, demo('pedagogy'));
    await page.waitForURL('**/administration/tableau-de-bord');
    await page.getByTestId('space-nav').locator('[data-page-id="students.list"]').click();
    await page.waitForURL('**/etudiants');
    await page.getByTestId('students-table').waitFor();
    await screenshot(page, 'students-list-fr');

    await page.getByTestId('student-new').click();
    await page.waitForURL('**/etudiants/nouveau');
    const form = page.getByTestId('student-form');
    expect(await page.getByTestId('guardian-block').isVisible()).toBe(false);
    await typeInto(form.locator('#lastName'), family);
    await typeInto(form.locator('#firstName'), 'Élodie');
    await typeInto(form.locator('#email'), `${family.toLowerCase()}@example.org`);
    await choose(page, form.getByTestId('student-campus'), 'Par', 'Paris');
    await fillDate(form.locator('#dateOfBirth'), dateOfBirth);
    // Under 18: the legal guardian block appears, its fields required.
    await page.getByTestId('guardian-block').waitFor({ state: 'visible' });
    expect(await page.getByTestId('minor-badge').textContent()).toBe('Mineur');

    // Clicking away while suggestions are open marks the place invalid.
    await typeInto(form.getByTestId('birthplace'), 'Villeurb');
    await page.getByTestId('birthplace-suggestion').first().waitFor();
    await form.locator('#lastName').click();
    await expect.poll(() => form.textContent()).toContain('Veuillez choisir une ville dans la liste des suggestions.');
    await screenshot(page, 'students-birthplace-warning-fr');

    // Picking a suggestion sets the place and the INSEE code.
    await typeInto(form.getByTestId('birthplace'), 'Lyo');
    await page.getByTestId('birthplace-suggestion').first().waitFor();
    await screenshot(page, 'students-birthplace-suggestions-fr');
    await page.getByTestId('birthplace-suggestion').filter({ hasText: 'Lyon (69001)' }).first().click();
    expect(await form.getByTestId('birthplace').inputValue()).toBe('Lyon');
    expect(await form.getByTestId('birth-city-code').inputValue()).toBe('69123');

    // Without the guardian, nothing is sent and the fields are marked.
    await form.getByTestId('student-save').click();
    await expect.poll(() => page.locator('#guardianLastName').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'students-guardian-required-fr');
    await typeInto(form.locator('#guardianLastName'), family);
    await typeInto(form.locator('#guardianFirstName'), 'Marie');
    await typeInto(form.locator('#guardianEmail'), 'marie.roussel@example.org');
    await typeInto(form.locator('#guardianPhone'), '06 10 20 30 40');
    await typeInto(form.locator('#guardianStreetAddress'), '12 rue Oberkampf');
    await typeInto(form.locator('#guardianPostalCode'), '75011');
    await typeInto(form.locator('#guardianAddressLocality'), 'Paris');
    await form.getByTestId('student-save').click();
    await page.waitForURL(/\/etudiants\/[0-9a-f-]{36}$/);
    expect(await page.getByTestId('student-title').textContent()).toBe(`Élodie ${family}`);
    expect(await page.getByTestId('student-birthplace').textContent()).toBe('Lyon (69123)');
    await page.getByTestId('student-guardian').waitFor();
    // The guardian named as every page names a person (issue #25): first name, last name.
    expect(await page.getByTestId('guardian-name').textContent()).toBe(`Marie ${family}`);
    await screenshot(page, 'students-show-fr');
    const stored = await app.core.db.knex('students as s').join('actors as a', 'a.id', 's.actor_id').where('a.last_name', family).first('s.birth_city_code', 's.guardian_first_name');
    expect(stored).toEqual({ birth_city_code: '69123', guardian_first_name: 'Marie' });

    // A second entry with the same names and birth date: the duplicate popup, offering a new registration.
    await page.goto('/etudiants/nouveau');
    const second = page.getByTestId('student-form');
    await typeInto(second.locator('#lastName'), family.toUpperCase());
    await typeInto(second.locator('#firstName'), 'élodie');
    await fillDate(second.locator('#dateOfBirth'), dateOfBirth);
    const dialog = page.getByTestId('duplicate-students-dialog');
    await dialog.waitFor();
    const row = dialog.getByTestId('duplicate-student-row');
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain(`${family}Élodie${dateOfBirth.split('-').reverse().join('/')}Aucune inscription`);
    expect(await dialog.getByTestId('duplicate-new-registration').textContent()).toBe('Nouvelle inscription');
    await screenshot(page, 'students-duplicate-fr');
    await dialog.getByTestId('duplicate-new-registration').click();
    await page.waitForURL(/\/etudiants\/[0-9a-f-]{36}\/inscriptions\/nouvelle$/);
    await choose(page, page.getByTestId('registration-group'), 'MCO1-PAR', /^MCO1-PAR/);
    await choose(page, page.getByTestId('registration-status'), 'Apprenti', 'Apprenti');
    await screenshot(page, 'students-registration-new-fr');
    await page.getByTestId('registration-save').click();
    await page.waitForURL(/\/etudiants\/[0-9a-f-]{36}$/);
    expect(await page.getByTestId('registration-row').first().textContent()).toContain('MCO1-PAR');
    await context.close();
  });

  it('offers to edit the registration of the selected session in the duplicate popup, and filters the list (English)', async () => {
    const context = await newContext(browser, app.baseUrl, 'en-US');
    const page = await context.newPage();
    await login(page, demo('management'));
    await page.waitForURL('**/administration/dashboard');
    await page.goto('/students/new');
    const form = page.getByTestId('student-form');
    await typeInto(form.locator('#lastName'), family);
    await typeInto(form.locator('#firstName'), 'Élodie');
    await fillDate(form.locator('#dateOfBirth'), dateOfBirth);
    await page.getByTestId('guardian-block').waitFor({ state: 'visible' });
    const dialog = page.getByTestId('duplicate-students-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('duplicate-student-row').textContent()).toContain('MCO1-PAR');
    expect(await dialog.getByTestId('duplicate-edit-registration').textContent()).toBe('Edit registration');
    await screenshot(page, 'students-duplicate-en');
    await dialog.getByTestId('duplicate-edit-registration').click();
    await page.waitForURL(/\/students\/[0-9a-f-]{36}\/registrations\/[0-9a-f-]{36}\/edit$/);
    await page.getByTestId('registration-form').waitFor();
    expect(await page.getByTestId('registration-group').inputValue()).toMatch(/^MCO1-PAR/);
    await screenshot(page, 'students-registration-edit-en');

    // The list, filtered by a group: only its students.
    await page.getByTestId('space-nav').locator('[data-page-id="students.list"]').click();
    await page.waitForURL('**/students');
    await page.getByTestId('students-table').waitFor();
    await choose(page, page.getByTestId('filter-groups'), 'MCO1-PAR', /^MCO1-PAR/);
    await expect.poll(async () => {
      const groups = await page.getByTestId('student-row').locator('td:nth-child(4)').allTextContents();
      return groups.length > 0 && groups.every((g) => g.startsWith('MCO1-PAR'));
    }).toBe(true);
    expect(await page.locator(`[data-testid=student-row][data-name="${family} Élodie"]`).count()).toBe(1);
    expect(await page.getByTestId('students-export').getAttribute('href')).toMatch(/^\/api\/export-xlsx\/\?trainingSessionId=[0-9a-f-]{36}&trainingGroupIds=[0-9a-f-]{36}$/);
    await screenshot(page, 'students-list-filtered-en');
    // The filter is in the URL: a reload shows the same students.
    expect(new URL(page.url()).searchParams.get('groups')).toMatch(/[0-9a-f-]{36}/);
    await page.reload();
    await expect.poll(() => page.locator(`[data-testid=student-row][data-name="${family} Élodie"]`).count()).toBe(1);
    expect((await page.getByTestId('student-row').locator('td:nth-child(4)').allTextContents()).every((g) => g.startsWith('MCO1-PAR'))).toBe(true);

    // A group of Paris with the Lyon campus chosen: the SPEC message.
    await choose(page, page.getByTestId('filter-campus'), 'Lyo', 'Lyon');
    await page.getByTestId('students-error').waitFor();
    expect(await page.getByTestId('students-error').textContent()).toBe('The chosen groups or trainings must be available for the campus.');
    await screenshot(page, 'students-list-unavailable-en');

    // A work-study contract for the apprentice registered above: a new one with a corporation, then a new end date.
    const company = `Boulangerie ${family}`;
    await app.core.db.knex('corporations').insert({ name: company });
    const student = await app.core.db.knex('actors').where({ last_name: family }).first('id');
    await page.goto(`/students/${student.id}`);
    await page.getByTestId('contract-new').click();
    await page.waitForURL(/\/students\/[0-9a-f-]{36}\/contract\/new$/);
    const contract = page.getByTestId('contract-form');
    await choose(page, contract.getByTestId('contract-corporation'), family, company);
    await screenshot(page, 'students-contract-new-en');
    await contract.getByTestId('contract-save').click();
    await page.waitForURL(/\/students\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByTestId('registration-row').first().textContent()).toContain(company);
    await page.getByTestId('contract-edit').first().click();
    await page.waitForURL(/\/students\/[0-9a-f-]{36}\/contract\/[0-9a-f-]{36}\/edit$/);
    const edit = page.getByTestId('contract-form');
    await fillDate(edit.locator('#endDate'), '2027-06-30');
    await screenshot(page, 'students-contract-edit-en');
    await edit.getByTestId('contract-save').click();
    await page.waitForURL(/\/students\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByTestId('registration-row').first().textContent()).toContain('→ 30/06/2027');
    await screenshot(page, 'students-show-en');
    await context.close();
  });
});
