import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { demo, type TestApp } from '../support/app.js';
import { login, newContext, screenshot, typeInto } from '../support/browser.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

let app: TestApp;
let browser: Browser;
let paris: string;

beforeAll(async () => {
  ({ app, browser } = await startE2eFile());
  paris = (await app.core.db.knex('campuses').where({ name: 'Paris' }).first('id')).id;
}, 120_000);
afterAll(() => closeE2eFile({ browser, app }));

const uid = () => crypto.randomUUID().replace(/[^0-9]/g, '').slice(0, 6);

/** A Paris teacher of its own, so that each run starts without companies or contracts. */
async function teacher(lastName: string): Promise<string> {
  const knex = app.core.db.knex;
  const [row] = await knex('actors').insert({ first_name: 'Alex', last_name: lastName, email: `alex.${lastName.toLowerCase()}@e2e.alterna.school` }).returning('id');
  await knex('actor_access_rules').insert({ actor_id: row.id, campus_id: paris, typology: 'teacher' });
  return row.id;
}

/** A valid SIRET (Luhn key) no other run uses. */
function siret(): string {
  const base = `8${crypto.randomUUID().replace(/[^0-9]/g, '').padEnd(12, '3').slice(0, 12)}`;
  for (let key = 0; key < 10; key += 1) {
    const candidate = `${base}${key}`;
    let sum = 0;
    for (let i = 0; i < 14; i += 1) {
      let digit = Number(candidate[13 - i]);
      if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      sum += digit;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
}

/** Picks an option of a Mantine Select by its label. */
async function choose(page: Page, select: Locator, option: string | RegExp, search?: string) {
  await select.click();
  if (search) await typeInto(select, search);
  await page.getByRole('option', { name: option }).first().click();
}

async function toastSays(page: Page, text: string) {
  await expect.poll(() => page.getByTestId('toast').filter({ hasText: text }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
}

/** Closes the success or error dialog after checking its message. */
async function dialogSays(page: Page, text: string) {
  const dialog = page.getByTestId('alert-dialog').filter({ hasText: text });
  await dialog.waitFor();
  await dialog.getByTestId('dialog-ok').click();
  await dialog.waitFor({ state: 'detached' });
}

const texts = {
  fr: {
    locale: 'fr-FR', teachers: '/formateurs', status: 'Intervenant via sa société', subject: /^CGE –/, hourAmount: "Nombre d'heures", hourPrice: 'Taux horaire (€)',
    unitAmount: 'Quantité', unitPrice: 'Tarif unitaire (€)', supervision: /Surveillance d'examen/, marking: /Correction de copies/, legal: 'SASU', pending: 'pending',
    created: (name: string) => `La société ${name} a été créée.`, contractCreated: "Le contrat d'intervention a été créé.",
    duplicate: { title: "Doublon d'entreprise", exists: 'Cette société existe déjà', headers: ['Nom', 'Siret', 'Adresse', 'Actions'], associate: "Associer la société au contrat d'intervention ?", noAddress: 'Adresse Non renseignée' },
    associated: "La société a bien été ajoutée au formulaire du contrat d'intervention", required: 'Cette valeur ne doit pas être vide.',
  },
  en: {
    locale: 'en-GB', teachers: '/teachers', status: 'Through their company', subject: /^CGE –/, hourAmount: 'Hours', hourPrice: 'Hourly rate (€)',
    unitAmount: 'Quantity', unitPrice: 'Unit price (€)', supervision: /Exam supervision/, marking: /Exam marking/, legal: 'SASU', pending: 'pending',
    created: (name: string) => `The company ${name} has been created.`, contractCreated: 'The teaching contract has been created.',
    duplicate: { title: 'Duplicate company', exists: 'This company already exists', headers: ['Name', 'Siret', 'Address', 'Actions'], associate: 'Associate the company with the teaching contract?', noAddress: 'Address not provided' },
    associated: 'The company has been added to the teaching contract form', required: 'This value should not be blank.',
  },
} as const;

/** Opens the teacher's page from the list and starts a new contract. */
async function newContract(page: Page, lang: 'fr' | 'en', lastName: string) {
  await page.goto(texts[lang].teachers);
  await page.getByTestId('teacher-row').filter({ hasText: lastName }).getByTestId('teacher-link').click();
  await page.getByTestId('teacher-page').waitFor();
  await page.getByTestId('contract-new').click();
  await page.getByTestId('contract-form').waitFor();
}

/** Types into a field as a person does, key by key (issue #24: a decimal separator typed alone must stay). */
/** Status requiring a company, one subject line with its hours (30.5 typed with the language's decimal separator). */
async function fillContract(page: Page, lang: 'fr' | 'en') {
  const form = page.getByTestId('contract-form');
  await choose(page, form.getByTestId('contract-teacher-status'), texts[lang].status);
  await choose(page, form.getByTestId('subject-line-subject').first(), texts[lang].subject, 'CGE');
  await typeInto(form.getByTestId('subject-line-hours').first(), lang === 'fr' ? '30,5' : '30.5', { delay: 30 });
  expect(await form.getByTestId('subject-line-hours').first().inputValue()).toBe(lang === 'fr' ? '30,5' : '30.5');
}

for (const lang of ['fr', 'en'] as const) {
  describe(`teacher contract with a new company, then the company reused from the duplicate dialog (${lang})`, () => {
    it('creates the company from the popup, then finds it again for another teacher and reuses it', async () => {
      const t = texts[lang];
      const first = `Premier${uid()}`;
      const second = `Second${uid()}`;
      const firstId = await teacher(first);
      const secondId = await teacher(second);
      const companyName = `Formation Conseil ${uid()} ${lang.toUpperCase()}`;
      const companySiret = siret();
      const context = await newContext(browser, app.baseUrl, t.locale);
      const page = await context.newPage();
      await login(page, demo('pedagogy'));
      await page.getByTestId('space-nav').locator('[data-page-id="teaching.teachers"]').click();
      await page.getByTestId('teachers-page').waitFor();

      // A contract for the first teacher: subject line, related activities with hour and unit wording.
      await newContract(page, lang, first);
      await fillContract(page, lang);
      const form = page.getByTestId('contract-form');
      await form.getByTestId('activity-line-add').click();
      await choose(page, form.getByTestId('activity-line-activity').nth(0), t.supervision);
      const hourly = form.getByTestId('activity-line').nth(0);
      expect(await hourly.getAttribute('data-is-hour')).toBe('true');
      expect(await hourly.locator('label').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining(t.hourAmount), expect.stringContaining(t.hourPrice)]));
      await typeInto(form.getByTestId('activity-line-amount').nth(0), lang === 'fr' ? '4,25' : '4.25', { delay: 30 });
      await typeInto(form.getByTestId('activity-line-price').nth(0), '35', { delay: 30 });
      await form.getByTestId('activity-line-add').click();
      await choose(page, form.getByTestId('activity-line-activity').nth(1), t.marking);
      const unit = form.getByTestId('activity-line').nth(1);
      expect(await unit.locator('label').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining(t.unitAmount), expect.stringContaining(t.unitPrice)]));
      await typeInto(form.getByTestId('activity-line-amount').nth(1), '20', { delay: 30 });
      await typeInto(form.getByTestId('activity-line-price').nth(1), lang === 'fr' ? '4,5' : '4.5', { delay: 30 });
      // 4.25 h × 35 € + 20 × 4.5 € = 238.75 €.
      expect(await form.getByTestId('activity-lines-total').textContent()).toMatch(lang === 'fr' ? /238,75/ : /238\.75/);

      // The company popup: the browser check first, then a re-render for the declaration type, then the save.
      await form.getByTestId('company-new').click();
      const popup = page.locator('form.teacher-company-form');
      await popup.waitFor();
      await page.getByTestId('company-save').click();
      await expect.poll(() => popup.locator('[data-error-for="siret"]').textContent()).toBe(t.required);
      await popup.locator('[name="activityDeclarationNumberType"]').selectOption(t.pending);
      await expect.poll(() => popup.locator('[name="activityDeclarationNumber"]').count()).toBe(0);
      await typeInto(popup.locator('[name="siret"]'), `${companySiret.slice(0, 3)} ${companySiret.slice(3, 6)} ${companySiret.slice(6, 9)} ${companySiret.slice(9)}`);
      await typeInto(popup.locator('[name="name"]'), companyName);
      await popup.locator('[name="legalForm"]').selectOption('sasu');
      if (lang === 'fr') {
        await typeInto(popup.locator('[name="streetAddress"]'), '12 rue des Lilas');
        await typeInto(popup.locator('[name="postalCode"]'), '75011');
        await typeInto(popup.locator('[name="addressLocality"]'), 'Paris');
      }
      await screenshot(page, `teaching-company-popup-${lang}`);
      await page.getByTestId('company-save').click();
      await dialogSays(page, t.created(companyName));
      await expect.poll(() => form.getByTestId('contract-company').inputValue()).toBe(`${companyName} - ${companySiret}`);
      await screenshot(page, `teaching-contract-form-${lang}`);
      await form.getByTestId('contract-save').click();
      await toastSays(page, t.contractCreated);
      await page.getByTestId('teacher-page').waitFor();
      await expect.poll(() => page.getByTestId('contract-row').first().getByTestId('contract-company').textContent()).toBe(companyName);
      await screenshot(page, `teaching-teacher-page-${lang}`);
      // What was typed is what was saved: read back through the API, as the contract's edit page reads it.
      const contractId = (await app.core.db.knex('teacher_contracts').where({ teacher_id: firstId }).first('id')).id as string;
      const saved = await page.evaluate(async ([teacherId, id]) => (await (await fetch(`/api/teachers/${teacherId}/contract/${id}/edit`, { headers: { 'x-requested-with': 'XMLHttpRequest' } })).json()), [firstId, contractId] as const);
      const numbers = (lines: Record<string, unknown>[], ...keys: string[]) => lines.map((line) => keys.map((key) => Number(line[key])));
      expect(numbers(saved.teacherContract.schoolSubjectLines, 'hours')).toEqual([[30.5]]);
      expect(numbers(saved.teacherContract.relatedActivityLines, 'amount', 'price')).toEqual([[4.25, 35], [20, 4.5]]);

      // Another teacher: typing the same SIRET opens the duplicate dialog, which reuses the company.
      await newContract(page, lang, second);
      await fillContract(page, lang);
      await form.getByTestId('company-new').click();
      await popup.waitFor();
      // The dialog's focus trap moves the focus in once it has opened: typed before that, the rest of the SIRET went
      // to the field it focused (a clean run at Sunday 00:30: no duplicate found, the dialog never came).
      await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role=dialog]')), { timeout: 15_000 }).toBe(true);
      await typeInto(popup.locator('[name="siret"]'), `${companySiret.slice(0, 7)}-${companySiret.slice(7)}`);
      await popup.locator('[name="name"]').click();
      const dialog = page.getByRole('dialog', { name: t.duplicate.title });
      await dialog.waitFor();
      expect(await dialog.getByText(t.duplicate.exists, { exact: true }).count()).toBe(1);
      expect(await dialog.locator('th').allTextContents()).toEqual(t.duplicate.headers);
      const row = dialog.getByTestId('duplicate-company-row');
      expect(await row.locator('td').allTextContents()).toEqual([
        companyName, companySiret, lang === 'fr' ? '12 rue des Lilas, 75011 Paris' : t.duplicate.noAddress, t.duplicate.associate,
      ]);
      await screenshot(page, `teaching-duplicate-dialog-${lang}`);
      await row.getByRole('button', { name: t.duplicate.associate }).click();
      await dialogSays(page, t.associated);
      await popup.waitFor({ state: 'detached' });
      await expect.poll(() => form.getByTestId('contract-company').inputValue()).toBe(`${companyName} - ${companySiret}`);
      await screenshot(page, `teaching-company-reused-${lang}`);
      await form.getByTestId('contract-save').click();
      await toastSays(page, t.contractCreated);
      await page.getByTestId('teacher-page').waitFor();
      await expect.poll(() => page.getByTestId('contract-row').first().getByTestId('contract-company').textContent()).toBe(companyName);

      // One company, associated with both teachers.
      const companies = await app.core.db.knex('teacher_companies').where({ siret: companySiret }).select('id');
      expect(companies).toHaveLength(1);
      expect(await app.core.db.knex('teacher_company_teachers').where({ teacher_company_id: companies[0]!.id }).pluck('teacher_id')).toContain(secondId);
      await context.close();
    });
  });
}
