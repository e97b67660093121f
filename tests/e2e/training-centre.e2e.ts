import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { demo, startTestApp, type TestApp } from '../support/app.js';
import { fillTime, launchBrowser, login, newContext, screenshot, typeInto } from '../support/browser.js';

let app: TestApp;
let browser: Browser;
const made: string[] = [];

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  if (app) {
    // What the screens created: the campus, its places and its access rules (models and closures cascade).
    const knex = app.core.db.knex;
    const campuses = await knex('campuses').whereIn('name', made).pluck('id');
    const sites = knex('sites').whereIn('campus_id', campuses).select('id');
    await knex('rooms').whereIn('building_id', knex('buildings').whereIn('site_id', sites).select('id')).delete();
    await knex('buildings').whereIn('site_id', knex('sites').whereIn('campus_id', campuses).select('id')).delete();
    await knex('sites').whereIn('campus_id', campuses).delete();
    await knex('actor_access_rules').whereIn('campus_id', campuses).delete();
    await knex('campuses').whereIn('id', campuses).delete();
    await app.close();
  }
});

interface Words {
  locale: string;
  paths: { campuses: string; timeSlots: string; rooms: RegExp };
  inUse: (campus: string) => string;
  overlap: (model: string) => string;
  modelRequired: string;
  roomsSaved: string;
}

const french: Words = {
  locale: 'fr-FR',
  paths: { campuses: '/centre-de-formation/campus', timeSlots: '/centre-de-formation/modeles-de-creneaux', rooms: /\/centre-de-formation\/[0-9a-f-]{36}\/salles\/modifier$/ },
  inUse: (campus) => `Le campus « ${campus} » ne peut pas être supprimé tant qu'il est utilisé.`,
  overlap: (model) => `Ce créneau chevauche le créneau 08:00 - 10:00 du modèle « ${model} ».`,
  modelRequired: 'Un modèle doit être sélectionné.',
  roomsSaved: 'Les salles ont été enregistrées.',
};
const english: Words = {
  locale: 'en-US',
  paths: { campuses: '/training-center/campuses', timeSlots: '/training-center/time-slot-models', rooms: /\/training-center\/[0-9a-f-]{36}\/rooms\/edit$/ },
  inUse: (campus) => `The campus “${campus}” cannot be removed while it is in use.`,
  overlap: (model) => `This time slot overlaps the slot 08:00 - 10:00 of the model “${model}”.`,
  modelRequired: 'A model must be selected.',
  roomsSaved: 'The rooms have been saved.',
};

async function submitDialog(page: Page, form: string, fields: Record<string, string>) {
  await page.getByTestId(form).waitFor();
  for (const [id, value] of Object.entries(fields)) {
    const field = page.getByTestId(form).locator(`[id="${id}"]`);
    if (id.endsWith('Time')) await fillTime(field, value);
    else await typeInto(field, value);
  }
  await page.getByTestId(`${form}-submit`).click();
  await page.getByTestId(form).waitFor({ state: 'detached' });
}

/** A campus of its own, then a site, a building and two rooms, all through the screens. */
async function placesThroughTheScreens(page: Page, words: Words, lang: string) {
  const campus = `Campus e2e ${lang} ${crypto.randomUUID().slice(0, 6)}`;
  made.push(campus);
  await page.goto(words.paths.campuses);
  await page.getByTestId('campus-new').click();
  await submitDialog(page, 'campus-form', { name: campus });
  const card = page.locator(`[data-testid="campus-card"][data-campus-name="${campus}"]`);
  await card.waitFor();
  await card.getByTestId('site-new').click();
  await submitDialog(page, 'site-form', { name: 'Site e2e', address: '1 place de la Gare' });
  await card.getByTestId('building-new').click();
  await submitDialog(page, 'building-form', { name: 'Bâtiment E2E' });
  const building = card.locator('[data-testid="building-row"][data-building-name="Bâtiment E2E"]');
  await building.waitFor();

  await building.getByTestId('building-rooms').click();
  await page.waitForURL(words.paths.rooms);
  await page.getByTestId('rooms-form').waitFor();
  for (const [name, size] of [['E1', '12'], ['E2', '30']] as const) {
    await page.getByTestId('room-add').click();
    const index = (await page.getByTestId('room-row').count()) - 1;
    await typeInto(page.locator(`[id="rooms[${index}].name"]`), name);
    await typeInto(page.locator(`[id="rooms[${index}].size"]`), size);
  }
  await page.getByTestId('rooms-save').click();
  await expect.poll(() => page.getByTestId('toast').last().textContent()).toContain(words.roomsSaved);
  await screenshot(page, `training-centre-rooms-${lang}`);

  await page.goto(words.paths.campuses);
  await expect.poll(() => building.getByTestId('room-badge').allTextContents()).toEqual(['E1 · 12', 'E2 · 30']);
  const rows = await app.core.db.knex('rooms as r').join('buildings as b', 'b.id', 'r.building_id').where('b.name', 'Bâtiment E2E').whereIn('r.name', ['E1', 'E2']).count<{ count: number }[]>({ count: '*' });
  expect(Number(rows[0]!.count)).toBeGreaterThanOrEqual(2);

  // A campus with a site is used: the confirm dialog, then the refusal in the user's language.
  await card.getByTestId('campus-delete').click();
  await page.getByTestId('confirm-dialog').waitFor();
  await page.getByTestId('dialog-ok').click();
  await page.getByTestId('alert-dialog').waitFor();
  expect(await page.getByTestId('alert-dialog').getByTestId('dialog-message').textContent()).toBe(words.inUse(campus));
  await screenshot(page, `training-centre-campus-in-use-${lang}`);
  await page.getByTestId('alert-dialog').getByTestId('dialog-ok').click();
  await card.waitFor();
  return campus;
}

/** A time-slot model with two slots, then a slot that overlaps: the message shows next to the field. */
async function timeSlotsThroughTheScreens(page: Page, words: Words, lang: string, campus: string) {
  const model = `Modèle e2e ${lang}`;
  await page.goto(words.paths.timeSlots);
  await page.getByTestId('campus-switch').getByText(campus).click();
  await page.getByTestId('models-empty').waitFor();
  await page.getByTestId('model-new').click();
  await submitDialog(page, 'model-form', { name: model });
  const card = page.locator(`[data-testid="model-card"][data-model-name="${model}"]`);
  await card.waitFor();
  for (const [start, end] of [['08:00', '10:00'], ['10:15', '12:00']] as const) {
    await card.getByTestId('model-add-slot').click();
    await submitDialog(page, 'slot-form', { startTime: start, endTime: end });
  }
  await expect.poll(() => card.getByTestId('slot-row').count()).toBe(2);

  // "A model must be selected", then the overlap, each next to its field.
  await page.getByTestId('slot-new').click();
  const form = page.getByTestId('slot-form');
  await fillTime(form.locator('#startTime'), '09:00');
  await fillTime(form.locator('#endTime'), '11:00');
  await page.getByTestId('slot-form-submit').click();
  await expect.poll(() => form.locator('#modelTimeSlot-error').textContent()).toBe(words.modelRequired);
  await form.locator('#modelTimeSlot').click();
  await page.getByRole('option', { name: model }).click();
  await page.getByTestId('slot-form-submit').click();
  await expect.poll(() => form.locator('#startTime-error').textContent()).toBe(words.overlap(model));
  expect(await form.locator('#startTime').getAttribute('aria-invalid')).toBe('true');
  await screenshot(page, `training-centre-slot-overlap-${lang}`);
  expect(await card.getByTestId('slot-row').count()).toBe(2);
}

describe('training centre screens in Chromium', () => {
  it('in French: a building and its rooms, a campus in use, a time-slot model and an overlapping slot', async () => {
    const context = await newContext(browser, app.baseUrl, french.locale);
    const page = await context.newPage();
    await login(page, demo('pedagogy'));
    await page.waitForURL('**/administration/tableau-de-bord');
    const campus = await placesThroughTheScreens(page, french, 'fr');
    await timeSlotsThroughTheScreens(page, french, 'fr', campus);
    await context.close();
  });

  it('in English: the same, with the English paths and messages', async () => {
    const context = await newContext(browser, app.baseUrl, english.locale);
    const page = await context.newPage();
    await login(page, demo('pedagogy'));
    await page.waitForURL('**/administration/dashboard');
    const campus = await placesThroughTheScreens(page, english, 'en');
    await timeSlotsThroughTheScreens(page, english, 'en', campus);
    await context.close();
  });

  it('shows read-only the places and time slots of its campus without any change button', async () => {
    const context = await newContext(browser, app.baseUrl, english.locale);
    const page = await context.newPage();
    await login(page, demo('read-only'));
    await page.waitForURL('**/administration/dashboard');
    await page.goto(english.paths.campuses);
    await page.locator('[data-campus-name="Paris"]').waitFor();
    expect(await page.getByTestId('campus-card').count()).toBe(1);
    for (const testId of ['campus-new', 'site-new', 'building-new', 'campus-delete', 'building-delete']) expect(await page.getByTestId(testId).count(), testId).toBe(0);
    await page.goto(english.paths.timeSlots);
    await page.getByTestId('model-card').first().waitFor();
    expect(await page.getByTestId('model-new').count()).toBe(0);
    await context.close();
  });
});
