import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { demo, type TestApp } from '../support/app.js';
import { loggedInPage, navEntry, screenshot } from '../support/browser.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  ({ app, browser } = await startE2eFile());
}, 120_000);
afterAll(() => closeE2eFile({ browser, app }));

/** Empties a field and types `text` into it one key at a time, as a person does. */
async function typeInto(page: Page, field: string, text: string) {
  const input = page.getByTestId(`organisation-${field}`);
  await input.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}

const cases = [
  {
    locale: 'fr-FR', home: '/administration/tableau-de-bord', path: '**/centre-de-formation/organisme', navText: "Identité de l'organisme", saved: "Identité de l'organisme enregistrée.",
    badSiret: "Ce SIRET n'existe pas : vérifiez les chiffres (clé de contrôle).", badDeclaration: "Le numéro de déclaration d'activité compte 11 chiffres.",
  },
  {
    locale: 'en-US', home: '/administration/dashboard', path: '**/training-center/organisation', navText: 'Organisation identity', saved: 'Organisation identity saved.',
    badSiret: 'This SIRET does not exist: check its digits (check digit).', badDeclaration: 'The activity declaration number has 11 digits.',
  },
] as const;

describe('the organisation identity settings page', () => {
  for (const c of cases) {
    it(`a manager types the campus's identity key by key; a wrong SIRET or declaration number is refused with a message (${c.locale})`, async () => {
      const page = await loggedInPage(browser, app.baseUrl, demo('pedagogy'), c.locale, c.home);
      expect(await navEntry(page, 'trainingCentre.organisation').textContent()).toBe(c.navText);
      await navEntry(page, 'trainingCentre.organisation').click();
      await page.waitForURL(c.path);
      await page.getByTestId('campus-switch').getByText('Paris', { exact: true }).click();
      await expect.poll(() => page.getByTestId('organisation-siret').inputValue()).toBe('81234567800013');

      const name = `Alterna Formation ${c.locale}`;
      await typeInto(page, 'name', name);
      await typeInto(page, 'siret', '812 345 678 00014');
      await typeInto(page, 'activityDeclarationNumber', '11 75 5432');
      await page.getByTestId('organisation-save').click();
      await page.getByText(c.badSiret).waitFor();
      await page.getByText(c.badDeclaration).waitFor();
      await screenshot(page, `organisation-refused-${c.locale}`);

      await typeInto(page, 'siret', '812 345 678 00013');
      await typeInto(page, 'activityDeclarationNumber', '11 75 54321 75');
      await typeInto(page, 'streetAddress', '14 avenue du Trône');
      await page.getByTestId('organisation-save').click();
      await page.getByText(c.saved).waitFor();
      await screenshot(page, `organisation-saved-${c.locale}`);
      const campus = await app.core.db.knex('campuses').where({ name: 'Paris' }).first('id');
      expect(await app.core.db.knex('campus_organisations').where({ campus_id: campus.id }).first('name', 'siret', 'activity_declaration_number', 'street_address'))
        .toEqual({ name, siret: '81234567800013', activity_declaration_number: '11755432175', street_address: '14 avenue du Trône' });
    }, 60_000);
  }

  it('shows read-only staff the identity without letting them change it', async () => {
    const page = await loggedInPage(browser, app.baseUrl, demo('read-only'), 'fr-FR', '/administration/tableau-de-bord');
    await page.goto('/centre-de-formation/organisme');
    await expect.poll(() => page.getByTestId('organisation-siret').inputValue()).toBe('81234567800013');
    expect(await page.getByTestId('organisation-siret').isDisabled()).toBe(true);
    expect(await page.getByTestId('organisation-save').count()).toBe(0);
  }, 60_000);
});
