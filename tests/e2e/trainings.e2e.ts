import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { demo, type TestApp } from '../support/app.js';
import { login, newContext, screenshot, typeInto } from '../support/browser.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

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

/** Waits for a toast with that text (older toasts may still be shown). */
async function toastSays(page: Page, text: string) {
  await expect.poll(() => page.getByTestId('toast').filter({ hasText: text }).count()).toBeGreaterThan(0);
}

const shortName = `E2E${crypto.randomUUID().replace(/[^0-9]/g, '').slice(0, 5)}`;

describe('training plan editor in Chromium', () => {
  it('creates a training with a variant, blocks and subjects; the base is then refused; a group follows the variant, which can no longer be removed', async () => {
    const context = await newContext(browser, app.baseUrl, 'fr-FR');
    const page = await context.newPage();
    await login(page, demo('pedagogy'));
    await page.waitForURL('**/administration/tableau-de-bord');
    await page.getByTestId('space-nav').locator('[data-page-id="trainings.list"]').click();
    await page.waitForURL('**/centre-de-formation/formations');

    // The creation dialog (/training-center/trainings/new).
    await page.getByTestId('training-new').click();
    await page.waitForURL('**/centre-de-formation/formations/nouvelle');
    const dialog = page.getByTestId('training-form');
    await typeInto(dialog.locator('#name'), `BTS Commerce international ${shortName}`);
    await typeInto(dialog.locator('#shortName'), shortName);
    await dialog.getByTestId('campus-Paris').check();
    await screenshot(page, 'trainings-new-dialog-fr');
    await dialog.getByTestId('training-save').click();
    await page.waitForURL('**/plan-de-formation');

    // The certifier base: two blocks, three subjects.
    const base = page.getByTestId('base-form');
    await base.getByTestId('block-add').click();
    await typeInto(base.getByTestId('block-name').nth(0), 'Bloc 1 – Relation client');
    await choose(page, base.getByTestId('line-subject').nth(0), 'DRCV', /^DRCV –/);
    await typeInto(base.getByTestId('line-hours').nth(0), '120');
    await base.getByTestId('line-add').nth(0).click();
    await choose(page, base.getByTestId('line-subject').nth(1), 'ANG', /^ANG –/);
    await typeInto(base.getByTestId('line-hours').nth(1), '60,5');
    await base.getByTestId('block-add').click();
    await typeInto(base.getByTestId('block-name').nth(1), 'Bloc 2 – Gestion');
    await choose(page, base.getByTestId('line-subject').nth(2), 'GEO', /^GEO –/);
    await typeInto(base.getByTestId('line-hours').nth(2), '90');
    expect(await base.getByTestId('blocks-total').textContent()).toContain('270.5');
    await base.getByTestId('base-save').click();
    await toastSays(page, 'Le socle certificateur a été enregistré.');

    // A variant must be unfolded or created: the dialog says so when neither is chosen.
    await page.getByTestId('variant-new').click();
    const newVariant = page.getByTestId('new-variant-form');
    await typeInto(newVariant.locator('#name'), 'Alternance');
    await newVariant.getByTestId('variant-create').click();
    await expect.poll(() => newVariant.textContent()).toContain('Une variante doit être dépliée ou créée.');
    await screenshot(page, 'trainings-variant-unfold-or-create-fr');
    await newVariant.getByTestId('mode-unfold').check();
    await newVariant.getByTestId('variant-create').click();
    await page.waitForURL(/plan-de-formation\/[0-9a-f-]{36}$/);
    const variant = page.getByTestId('variant-form');
    await variant.waitFor();
    expect(await variant.getByTestId('block-name').count()).toBe(2);
    expect(await variant.getByTestId('block-name').nth(0).inputValue()).toBe('Bloc 1 – Relation client');
    // The variant gets a block of its own.
    await variant.getByTestId('block-add').click();
    await typeInto(variant.getByTestId('block-name').nth(2), 'Bloc 3 – Anglais des affaires');
    await choose(page, variant.getByTestId('line-subject').nth(3), 'ANG', /^ANG –/);
    await typeInto(variant.getByTestId('line-hours').nth(3), '30');
    await variant.getByTestId('variant-save').click();
    await toastSays(page, 'La variante a été enregistrée.');
    await expect.poll(() => page.getByTestId('variant-form').getByTestId('block-name').count()).toBe(3);

    // Editing the certifier base after: refused with the message.
    await page.getByTestId('base-locked').waitFor();
    await typeInto(base.getByTestId('line-hours').nth(0), '150');
    await base.getByTestId('base-save').click();
    const refused = base.getByTestId('form-errors');
    await refused.waitFor();
    expect(await refused.textContent()).toBe('Le socle certificateur ne peut plus être modifié : une variante existe déjà.');
    await screenshot(page, 'trainings-base-refused-fr');
    const planUrl = page.url();

    // A training group on that variant.
    await page.getByTestId('space-nav').locator('[data-page-id="trainings.groups"]').click();
    await page.getByTestId('group-new').click();
    await page.waitForURL('**/centre-de-formation/groupes/nouveau');
    const group = page.getByTestId('group-form');
    await typeInto(group.locator('#name'), `${shortName} 1re année – Paris`);
    await typeInto(group.locator('#shortName'), `${shortName}-1`);
    await choose(page, group.getByTestId('group-campus'), 'Par', 'Paris');
    await choose(page, group.getByTestId('group-training'), shortName, new RegExp(`^${shortName} –`));
    await choose(page, group.getByTestId('group-variant'), 'Alt', 'Alternance');
    await screenshot(page, 'trainings-group-new-fr');
    await group.getByTestId('group-save').click();
    await page.waitForURL(/groupes\/[0-9a-f-]{36}$/);
    expect(await page.getByTestId('group-title').textContent()).toBe(`${shortName}-1`);
    expect(await page.getByTestId('group-variant').textContent()).toBe('Alternance');
    await screenshot(page, 'trainings-group-show-fr');

    // Removing the variant the group follows: refused.
    await page.goto(new URL(planUrl).pathname);
    await page.getByTestId('variant-delete').click();
    await page.getByTestId('confirm-dialog').getByTestId('dialog-ok').click();
    const alert = page.getByTestId('alert-dialog');
    await alert.waitFor();
    expect(await alert.getByTestId('dialog-message').textContent()).toBe('Cette variante est suivie par un groupe de formation : elle ne peut pas être supprimée.');
    await screenshot(page, 'trainings-variant-delete-refused-fr');
    const stored = await app.core.db.knex('training_plan_variants as v').join('training_plans as p', 'p.id', 'v.training_plan_id').join('trainings as t', 't.id', 'p.training_id').where('t.short_name', shortName).pluck('v.name');
    expect(stored).toEqual(['Alternance']);
    await context.close();
  });

  it('archives a school subject with the message, in English', async () => {
    const context = await newContext(browser, app.baseUrl, 'en-US');
    const page = await context.newPage();
    await login(page, demo('management'));
    await page.waitForURL('**/administration/dashboard');
    await page.getByTestId('space-nav').locator('[data-page-id="trainings.subjects"]').click();
    await page.waitForURL('**/training-center/school-subjects');
    const row = page.locator('[data-testid=subject-row][data-short-name="GDP"]');
    await row.getByTestId('subject-archive').click();
    await page.getByTestId('confirm-dialog').getByTestId('dialog-ok').click();
    await toastSays(page, 'The school subject has been archived.');
    await expect.poll(() => row.count()).toBe(0);
    await screenshot(page, 'trainings-subject-archived-en');
    await page.getByTestId('subjects-filter').getByText('Archived').click();
    await page.locator('[data-testid=subject-row][data-short-name="GDP"]').getByTestId('subject-archive').click();
    await page.getByTestId('confirm-dialog').getByTestId('dialog-ok').click();
    await toastSays(page, 'The school subject has been unarchived.');
    await context.close();
  });

  it('shows read-only the plans without any change button', async () => {
    const context = await newContext(browser, app.baseUrl, 'fr-FR');
    const page = await context.newPage();
    await login(page, demo('read-only'));
    await page.waitForURL('**/administration/tableau-de-bord');
    await page.getByTestId('space-nav').locator('[data-page-id="trainings.list"]').click();
    await page.locator('[data-testid=training-row][data-short-name="MCO"]').getByTestId('training-plan-link').click();
    await page.getByTestId('base-form').waitFor();
    expect(await page.getByTestId('base-save').count()).toBe(0);
    expect(await page.getByTestId('variant-new').count()).toBe(0);
    expect(await page.getByTestId('training-new').count()).toBe(0);
    await screenshot(page, 'trainings-plan-read-only-fr');
    await context.close();
  });
});
