import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ApiClient, demo, type TestApp } from '../support/app.js';
import { makeApprentice, makeCompany, makeTraining } from '../support/booklets/fixtures.js';
import { loggedInPage, navEntry, screenshot, typeInto } from '../support/browser.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  ({ app, browser } = await startE2eFile());
}, 120_000);
afterAll(() => closeE2eFile({ browser, app }));

const as = (email: string, locale: string, home: string) => loggedInPage(browser, app.baseUrl, email, locale, home);
const nav = navEntry;

/** A training with a mission item, a company, an apprentice employed by it. */
async function setup() {
  const training = await makeTraining(app);
  const manager = new ApiClient(app.baseUrl, 'fr');
  await manager.login(demo('pedagogy'));
  await manager.post(`/api/coaching/trainings/${training.trainingId}/booklet-items`, { title: 'Définition de la mission', date: '2027-01-10', modules: ['mission-definition'] });
  await manager.post(`/api/coaching/trainings/${training.trainingId}/booklet-items`, { title: 'Évaluation intermédiaire', date: '2027-03-10', modules: ['intermediate-evaluation'] });
  await manager.post(`/api/coaching/thesis-skill/new/${training.trainingId}`, { name: 'Communication' });
  const company = await makeCompany(app, training.campusId);
  const apprentice = await makeApprentice(app, training, company);
  return { training, company, apprentice };
}

describe('booklet forms in the browser', () => {
  it('A takes the lock; B sees who and since when and forces the unlock; A\'s save is refused and A\'s page reloads', async () => {
    const { company, apprentice } = await setup();
    // A: the apprentice, in French.
    const a = await as(apprentice.email, 'fr-FR', '/mon-espace');
    await nav(a, 'booklets.student').click();
    await a.waitForURL('**/mon-espace/livret');
    await a.getByTestId('booklet-form-link').first().click();
    await a.waitForURL('**/mon-espace/formulaires-livret/*');
    await a.getByTestId('edit').click();
    await a.getByTestId('cancel-edit').waitFor();
    await a.getByTestId('add-task').click();
    await typeInto(a.getByTestId('task-input').first(), 'Accueillir les clients');
    await typeInto(a.getByTestId('note-input'), 'Ma mission');
    await screenshot(a, 'booklets-a-editing-fr');
    // A's 5 s poll would reload the page as soon as the lock changes hands; hold it back so that A's save is what meets the change.
    await a.route('**/check-lock', (route) => route.abort());

    // B: the tutor, in English, sees who holds the lock and since when.
    const b = await as(company.tutorEmail, 'en-GB', '/tutor/dashboard');
    await nav(b, 'booklets.tutor').click();
    await b.waitForURL('**/tutor/booklets');
    await b.getByTestId('booklet-form-link').first().click();
    const banner = b.getByTestId('lock-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain(`${apprentice.firstName} ${apprentice.lastName} (${apprentice.email}) since`);
    expect(await b.getByTestId('edit').count()).toBe(0);
    expect(await b.getByTestId('save').count()).toBe(0);
    await screenshot(b, 'booklets-b-locked-en');
    await b.getByTestId('force-unlock').click();
    await b.getByText("unsaved data will be lost").waitFor();
    await screenshot(b, 'booklets-b-unlock-confirm-en');
    await b.getByRole('button', { name: 'Unlock' }).last().click();
    await b.getByTestId('edit').waitFor();
    await b.getByTestId('edit').click();
    await b.getByTestId('save').waitFor();

    // A saves: refused with the SPEC popup title, then the page reloads in read mode with the tutor holding the lock.
    await a.getByTestId('save').click();
    await a.getByText('Erreur de validation').waitFor();
    expect(await a.getByText(/Le formulaire a été déverrouillé puis repris par/).count()).toBe(1);
    await screenshot(a, 'booklets-a-refused-fr');
    await a.unroute('**/check-lock');
    await a.getByTestId('dialog-ok').click();
    await a.getByTestId('lock-banner').waitFor();
    expect(await a.getByTestId('save').count()).toBe(0);
    expect(await a.getByTestId('task-input').count()).toBe(0);
    await screenshot(a, 'booklets-a-reloaded-fr');

    // B's save goes through.
    await b.getByTestId('add-task').click();
    await typeInto(b.getByTestId('task-input').first(), 'Préparer les devis');
    await b.getByTestId('save-and-quit').click();
    await b.getByTestId('edit').waitFor();
    expect(await b.getByTestId('task-input').first().inputValue()).toBe('Préparer les devis');
    // A's page polls the lock every 5 s: the lock released and the new data reload it.
    await a.getByTestId('edit').waitFor({ timeout: 15_000 });
    expect(await a.getByTestId('task-input').first().inputValue()).toBe('Préparer les devis');
  }, 120_000);

  it('the coach fills an evaluation, the average follows the marks', async () => {
    const { apprentice } = await setup();
    const coach = await as(apprentice.coachEmail, 'fr-FR', '/coach/tableau-de-bord');
    await nav(coach, 'booklets.coach').click();
    await coach.waitForURL('**/coach/livrets');
    await screenshot(coach, 'booklets-coach-list-fr');
    await coach.getByTestId('booklet-form-link').nth(1).click();
    await coach.getByTestId('edit').click();
    await typeInto(coach.getByTestId('skill-mark').first(), '15.5');
    expect(await coach.getByTestId('average-mark').textContent()).toContain('15,50');
    await coach.getByTestId('save-and-quit').click();
    await coach.getByTestId('edit').waitFor();
    // French: the stored 15.5 is shown 15,5.
    expect(await coach.getByTestId('skill-mark').first().inputValue()).toBe('15,5');
    await screenshot(coach, 'booklets-coach-evaluation-fr');
  }, 120_000);
});
