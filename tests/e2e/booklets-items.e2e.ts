import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ApiClient, demo, type TestApp } from '../support/app.js';
import { makeTraining } from '../support/booklets/fixtures.js';
import { loggedInPage, screenshot, typeInto } from '../support/browser.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  ({ app, browser } = await startE2eFile());
}, 120_000);
afterAll(() => closeE2eFile({ browser, app }));

const as = (email: string, locale: string, home: string) => loggedInPage(browser, app.baseUrl, email, locale, home);

describe('booklet items from the training pages', () => {
  it('a manager opens the booklet items from the training plan, edits an item (SPEC message on a bad date), adds a thesis skill and saves the grid; the group links to its booklets', async () => {
    const training = await makeTraining(app);
    const api = new ApiClient(app.baseUrl, 'fr');
    await api.login(demo('pedagogy'));
    const base = `/api/coaching/trainings/${training.trainingId}/booklet-items`;
    await api.post(base, { title: 'Définition de la mission', date: '2027-01-10', modules: ['mission-definition'] });
    await api.post(base, { title: 'Rencontre', date: '2027-02-10', modules: ['coach-meeting'] });

    const fr = await as(demo('pedagogy'), 'fr-FR', '/administration/tableau-de-bord');
    await fr.goto(`/centre-de-formation/formations/${training.trainingId}/plan-de-formation`);
    await fr.getByTestId('training-booklet-items').waitFor();
    await screenshot(fr, 'booklets-items-plan-link-fr');
    await fr.getByTestId('training-booklet-items').click();
    await fr.waitForURL(`**/centre-de-formation/formations/${training.trainingId}/elements-livret`);
    await expect.poll(() => fr.getByTestId('booklet-item-row').count()).toBe(2);

    // Edit the second item: a date and a period together is refused with the module's message, then a period alone.
    await fr.getByTestId('booklet-item-edit').nth(1).click();
    await typeInto(fr.getByTestId('item-edit-title'), 'Rencontre coach-tuteur');
    // Native date inputs: a person picks the day in the browser's picker, which fill stands for (typing goes by segments).
    await fr.getByTestId('item-edit-start').fill('2027-02-01');
    await fr.getByTestId('item-edit-end').fill('2027-02-15');
    await fr.getByTestId('booklet-item-save').click();
    await expect.poll(() => fr.getByTestId('dialog-message').textContent()).toContain('Indiquez soit une date, soit une date de début et une date de fin, pas les deux.');
    await fr.getByTestId('dialog-ok').click();
    await fr.getByTestId('dialog-message').waitFor({ state: 'detached' });
    await fr.getByTestId('item-edit-date').fill('');
    await fr.getByTestId('booklet-item-save').click();
    await fr.getByTestId('booklet-item-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => fr.getByTestId('booklet-item-row').nth(1).textContent()).toContain('Rencontre coach-tuteur01/02/2027 → 15/02/2027');
    const item = (await api.get(base)).json.items[1];
    expect(item).toMatchObject({ title: 'Rencontre coach-tuteur', date: null, startDate: '2027-02-01', endDate: '2027-02-15', modules: ['coach-meeting'] });

    // Thesis skills and grid.
    await typeInto(fr.getByTestId('thesis-skill-name'), 'Communication écrite');
    await fr.getByTestId('thesis-skill-add').click();
    await expect.poll(() => fr.getByTestId('thesis-skill-row').count()).toBe(1);
    await typeInto(fr.getByTestId('thesis-skill-name'), 'Analyse');
    await fr.getByTestId('thesis-skill-add').click();
    await expect.poll(() => fr.getByTestId('thesis-skill-row').count()).toBe(2);
    await typeInto(fr.getByTestId('thesis-skill-row').nth(1).getByRole('textbox'), '2');
    await typeInto(fr.getByTestId('thesis-max-mark'), '40');
    await typeInto(fr.getByTestId('thesis-instructions'), 'Un mémoire de 30 pages.');
    await fr.getByTestId('thesis-grid-save').click();
    await fr.getByText("La grille d'évaluation du mémoire a été enregistrée.").waitFor();
    const grid = (await api.get(`/api/coaching/thesis-evaluation-grid/${training.trainingId}/edit`)).json.grid;
    expect(grid).toMatchObject({ maxMark: 40, instructions: 'Un mémoire de 30 pages.', skills: [{ name: 'Communication écrite', coefficient: 1 }, { name: 'Analyse', coefficient: 2 }] });
    await screenshot(fr, 'booklets-items-fr');

    // In English, from the training group's page to its booklets, and from the plan to the items.
    const en = await as(demo('pedagogy'), 'en-GB', '/administration/dashboard');
    await en.goto(`/training-center/groups/${training.trainingGroupId}`);
    await en.getByTestId('group-booklets').waitFor();
    await screenshot(en, 'booklets-items-group-link-en');
    await en.getByTestId('group-booklets').click();
    await en.waitForURL(`**/training-center/groups/${training.trainingGroupId}/booklets`);
    await en.goto(`/training-center/trainings/${training.trainingId}/training-plan`);
    await en.getByTestId('training-booklet-items').click();
    await en.waitForURL(`**/training-center/trainings/${training.trainingId}/booklet-items`);
    await expect.poll(() => en.getByTestId('thesis-skill-row').count()).toBe(2);
    await en.getByTestId('booklet-item-edit').first().click();
    await en.getByTestId('booklet-item-dialog').waitFor();
    await en.waitForTimeout(400); // the dialog's fade-in
    await screenshot(en, 'booklets-items-edit-en');
  });
});
