import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { demo, type TestApp } from '../support/app.js';
import { login, newContext, screenshot, typeInto } from '../support/browser.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  ({ app, browser } = await startE2eFile());
}, 120_000);
afterAll(() => closeE2eFile({ browser, app }));

/** Picks an option of a Mantine Select, typing part of its label when it is searchable. */
async function choose(page: Page, select: Locator, search: string, option: string | RegExp) {
  await select.click();
  if ((await select.getAttribute('readonly')) === null) await typeInto(select, search);
  await page.getByRole('option', { name: option }).first().click();
}

/** Waits for a toast with that text (older toasts may still be shown). */
async function toastSays(page: Page, text: string) {
  await expect.poll(() => page.getByTestId('toast').filter({ hasText: text }).count()).toBeGreaterThan(0);
}

/** The error Mantine shows under a field. */
const fieldError = (page: Page, id: string) => page.locator(`.mantine-InputWrapper-root:has(#${id}) .mantine-InputWrapper-error`);

const letters = () => crypto.randomUUID().replace(/[^a-f]/g, '').slice(0, 5);
const siret = () => Array.from({ length: 14 }, () => Math.floor(Math.random() * 10)).join('');

interface Words {
  locale: string;
  home: string;
  actorNew: string;
  actorEdit: RegExp;
  created: string;
  teacher: string;
  student: string;
  corporationNew: string;
  corporationPage: RegExp;
  siretTaken: string;
  corporationCreated: string;
}

const french: Words = {
  locale: 'fr-FR', home: '**/administration/tableau-de-bord', actorNew: '**/acteur/nouveau', actorEdit: /\/acteur\/[0-9a-f-]{36}\/informations-personnelles\/modifier$/,
  created: 'La personne a été créée.', teacher: 'Formateur', student: 'Apprenant',
  corporationNew: '**/entreprises/nouvelle', corporationPage: /\/entreprises\/[0-9a-f-]{36}$/, siretTaken: 'Une entreprise a déjà ce SIRET.', corporationCreated: "L'entreprise a été créée.",
};
const english: Words = {
  locale: 'en-US', home: '**/administration/dashboard', actorNew: '**/actor/new', actorEdit: /\/actor\/[0-9a-f-]{36}\/personal-informations\/edit$/,
  created: 'The person has been created.', teacher: 'Teacher', student: 'Student',
  corporationNew: '**/corporations/new', corporationPage: /\/corporations\/[0-9a-f-]{36}$/, siretTaken: 'A corporation already has this SIRET.', corporationCreated: 'The corporation has been created.',
};

async function fillPerson(page: Page, form: Locator, person: { lastName: string; firstName: string; email: string; campus: string; typology: string }) {
  await typeInto(form.locator('#lastName'), person.lastName);
  await typeInto(form.locator('#firstName'), person.firstName);
  await typeInto(form.locator('#email'), person.email);
  await choose(page, form.getByTestId('person-campus'), person.campus, person.campus);
  await choose(page, form.getByTestId('person-typology'), person.typology, person.typology);
}

describe.each([
  ['fr', french, 'pedagogy'],
  ['en', english, 'management'],
] as const)('people in Chromium (%s)', (lang, words, typology) => {
  it('creates a person, hits the duplicate warning with a second entry of the same name and ignores it', async () => {
    const context = await newContext(browser, app.baseUrl, words.locale);
    const page = await context.newPage();
    await login(page, demo(typology));
    await page.waitForURL(words.home);
    await page.getByTestId('space-nav').locator('[data-page-id="people.actors"]').click();
    await page.getByTestId('actors-table').waitFor();
    await screenshot(page, `people-actors-${lang}`);

    const lastName = `Dupont${letters()}`;
    await page.getByTestId('actor-new').click();
    await page.waitForURL(words.actorNew);
    const form = page.getByTestId('actor-form');
    await fillPerson(page, form, { lastName, firstName: 'Jean-Marc', email: `jm.${lastName.toLowerCase()}@people.test`, campus: 'Paris', typology: words.teacher });
    await form.getByTestId('actor-save').click();
    await page.waitForURL(words.actorEdit);
    await toastSays(page, words.created);
    expect(await page.getByTestId('actor-title').textContent()).toBe(`${lastName} Jean-Marc`);
    await screenshot(page, `people-actor-created-${lang}`);

    // The list's search lives in the URL: typed, it filters and shows in ?q=; a reload keeps both.
    await page.getByTestId('space-nav').locator('[data-page-id="people.actors"]').click();
    await typeInto(page.getByTestId('actors-search'), lastName);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(lastName);
    const names = () => page.getByTestId('actor-link').allTextContents();
    await expect.poll(names).toEqual([`${lastName} Jean-Marc`]);
    await page.reload();
    await expect.poll(() => page.getByTestId('actors-search').inputValue()).toBe(lastName);
    await expect.poll(names).toEqual([`${lastName} Jean-Marc`]);

    // The same name again (first names written with a space): the warning lists the first one.
    await page.getByTestId('actor-new').click();
    await page.waitForURL(words.actorNew);
    const second = page.getByTestId('actor-form');
    await fillPerson(page, second, { lastName, firstName: 'Jean Marc', email: `jean.marc.${lastName.toLowerCase()}@people.test`, campus: 'Lyon', typology: words.student });
    await second.getByTestId('actor-save').click();
    const warning = page.getByTestId('duplicate-warning');
    await warning.waitFor();
    expect(await warning.getByTestId('duplicate-row').count()).toBe(1);
    expect(await warning.getByTestId('duplicate-row').first().textContent()).toContain(lastName);
    await screenshot(page, `people-actor-duplicate-${lang}`);
    expect(Number((await app.core.db.knex('actors').where('last_name', lastName).count({ n: '*' }).first())!.n)).toBe(1);

    await warning.getByTestId('duplicate-ignore').click();
    await page.waitForURL(words.actorEdit);
    await toastSays(page, words.created);
    expect(await page.getByTestId('actor-title').textContent()).toBe(`${lastName} Jean Marc`);
    const rows = await app.core.db.knex('actors').where('last_name', lastName).orderBy('first_name').pluck('first_name');
    expect(rows).toEqual(['Jean Marc', 'Jean-Marc']);
    await context.close();
  });

  it('creates a corporation and sees a duplicate SIRET rejected next to the field', async () => {
    const context = await newContext(browser, app.baseUrl, words.locale);
    const page = await context.newPage();
    await login(page, demo(typology));
    await page.waitForURL(words.home);
    await page.getByTestId('space-nav').locator('[data-page-id="people.corporations"]').click();
    await page.getByTestId('corporations-table').waitFor();
    await screenshot(page, `people-corporations-${lang}`);
    await page.getByTestId('corporation-new').click();
    await page.waitForURL(words.corporationNew);
    const form = page.getByTestId('corporation-form');
    const name = `Menuiserie ${letters()}`;
    await typeInto(form.locator('#name'), name);
    // The demo's Boulangerie Dupain, typed with dashes.
    await typeInto(form.locator('#siret'), '362-521-879-00034');
    await typeInto(form.locator('#postalCode'), '69003');
    await typeInto(form.locator('#addressLocality'), 'Lyon');
    await form.getByTestId('corporation-save').click();
    await expect.poll(() => fieldError(page, 'siret').textContent()).toBe(words.siretTaken);
    expect(await form.locator('#siret').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, `people-corporation-siret-taken-${lang}`);
    expect(await app.core.db.knex('corporations').where({ name }).first()).toBeUndefined();

    const own = siret();
    await typeInto(form.locator('#siret'), `${own.slice(0, 3)} ${own.slice(3, 6)} ${own.slice(6, 9)} ${own.slice(9)}`);
    expect(await fieldError(page, 'siret').count()).toBe(0);
    await form.getByTestId('corporation-save').click();
    await page.waitForURL(words.corporationPage);
    await toastSays(page, words.corporationCreated);
    expect(await page.getByTestId('corporation-title').textContent()).toBe(name);
    expect(await page.getByTestId('corporation-siret').textContent()).toBe(`${own.slice(0, 3)} ${own.slice(3, 6)} ${own.slice(6, 9)} ${own.slice(9)}`);

    // An existing tutor associated from the corporation's page (search from 2 characters).
    await page.getByTestId('tutor-associate').click();
    const associate = page.getByTestId('associate-form');
    await choose(page, associate.getByTestId('associate-tutor'), 'Fontaine', /^Fontaine Marc$/);
    await screenshot(page, `people-corporation-associate-${lang}`);
    await associate.getByTestId('associate-save').click();
    await expect.poll(() => page.getByTestId('tutors-row').count()).toBe(1);
    await associate.waitFor({ state: 'detached' });
    expect(await page.getByTestId('tutors').textContent()).toContain('Fontaine Marc');
    await screenshot(page, `people-corporation-${lang}`);
    await context.close();
  });
});
