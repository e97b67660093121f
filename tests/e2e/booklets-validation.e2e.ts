import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { demo, type TestApp } from '../support/app.js';
import { evaluationToValidate } from '../support/booklets/validation.js';
import { loggedInPage, screenshot, typeInto } from '../support/browser.js';
import { eventually, startTestWorker } from '../support/worker.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

let app: TestApp;
let browser: Browser;
let worker: Awaited<ReturnType<typeof startTestWorker>>;

beforeAll(async () => {
  ({ app, browser, worker } = await startE2eFile({ worker: true }));
}, 120_000);
afterAll(() => closeE2eFile({ browser, worker, app }));

const as = (email: string, locale: string, home: string) => loggedInPage(browser, app.baseUrl, email, locale, home);

describe('booklet validation in the browser', () => {
  it('the coach validates, the tutor and the coach sign, the form becomes read-only; staff cancel it and it is editable again', async () => {
    const { evaluation, apprentice, company, student } = await evaluationToValidate(app);

    // The coach, in French: the checkbox is required (SPEC §5), then the SPEC §8 confirmation.
    const coach = await as(apprentice.coachEmail, 'fr-FR', '/coach/tableau-de-bord');
    await coach.goto(`/coach/formulaires-livret/${evaluation.id}`);
    await coach.getByTestId('validation-panel').waitFor();
    await coach.getByTestId('validate').click();
    await coach.getByText('Vous devez cocher la case valider, pour procéder à la validation.').waitFor();
    await screenshot(coach, 'booklets-validation-checkbox-fr');
    await coach.getByRole('button', { name: 'OK' }).click();
    await coach.getByTestId('validate-checkbox').check();
    await coach.getByTestId('validate').click();
    await coach.getByText('Êtes-vous sûr?').waitFor();
    await screenshot(coach, 'booklets-validation-confirm-fr');
    await coach.getByRole('button', { name: 'Valider' }).last().click();
    await coach.getByTestId('validation-status').filter({ hasText: 'En attente de signatures' }).waitFor();
    // Frozen while signed: no edit button.
    expect(await coach.getByTestId('edit').count()).toBe(0);

    // The tutor, in English, is the one awaited and signs.
    const tutor = await as(company.tutorEmail, 'en-GB', '/tutor/dashboard');
    // Their dashboard lists the signature waiting for them, and leads to the form.
    const inbox = tutor.getByTestId('validation-inbox');
    // The item, named 'Évaluation intermédiaire' by the centre, is that fixed kind: it reads in English (issue #25).
    await inbox.getByTestId('sign-link').filter({ hasText: 'Intermediate evaluation' }).waitFor();
    await tutor.getByTestId('apprentice-row').first().waitFor();
    await screenshot(tutor, 'booklets-dashboard-tutor-en');
    await inbox.getByTestId('sign-link').click();
    await tutor.waitForURL(`**/tutor/booklet-forms/${evaluation.id}`);
    await tutor.getByTestId('signature-tutor').filter({ hasText: 'Signature awaited' }).waitFor();
    await screenshot(tutor, 'booklets-validation-tutor-awaited-en');
    await tutor.getByTestId('sign').click();
    await tutor.getByTestId('confirm-dialog').getByTestId('dialog-ok').click();
    await tutor.getByTestId('signature-tutor').filter({ hasText: 'Signed by' }).waitFor();
    expect(await tutor.getByTestId('sign').count()).toBe(0);

    // The coach's page follows (polled) and the coach signs; the apprentice acknowledges from their space.
    await coach.getByTestId('sign').waitFor({ timeout: 15_000 });
    await coach.getByTestId('sign').click();
    await coach.getByTestId('confirm-dialog').getByTestId('dialog-ok').click();
    await coach.getByTestId('signature-coach').filter({ hasText: 'Signé par' }).waitFor();
    expect((await student.post(`/api/booklet-forms/${evaluation.id}/sign`, {})).status).toBe(200);
    await eventually(async () => (await student.get(`/api/booklet-forms/${evaluation.id}`)).json.form.validatedAt);
    await coach.reload();
    await coach.getByTestId('validation-status').filter({ hasText: 'Validé' }).waitFor();
    await coach.getByText('Ce formulaire est validé : il ne peut plus être modifié.').first().waitFor();
    expect(await coach.getByTestId('edit').count()).toBe(0);
    expect(await coach.getByTestId('note-input').getAttribute('readonly')).not.toBeNull();
    await coach.getByTestId('signed-pdf').waitFor();
    await screenshot(coach, 'booklets-validation-validated-fr');

    // Staff, in English: dismissing stops the action; confirming cancels (SPEC §8).
    const staff = await as(demo('pedagogy'), 'en-GB', '/administration/dashboard');
    await staff.goto(`/administration/booklet-forms/${evaluation.id}`);
    await staff.getByTestId('cancel-validation').click();
    await staff.getByText('Are you sure?').waitFor();
    await staff.waitForTimeout(400); // the dialog's fade-in
    await screenshot(staff, 'booklets-validation-cancel-confirm-en');
    await staff.getByRole('button', { name: 'Cancel', exact: true }).last().click();
    await staff.getByText('You stopped the cancellation of the validation!').waitFor();
    await screenshot(staff, 'booklets-validation-cancel-stopped-en');
    await staff.getByRole('button', { name: 'OK' }).click();
    expect((await student.get(`/api/booklet-forms/${evaluation.id}`)).json.form.validatedAt).not.toBeNull();
    await staff.getByTestId('cancel-validation').click();
    await typeInto(staff.getByTestId('cancel-reason'), 'Note à revoir');
    await staff.getByRole('button', { name: 'Invalidate' }).last().click();
    await staff.getByText('You have successfully cancelled the validation!').waitFor();
    await screenshot(staff, 'booklets-validation-cancelled-en');
    await staff.getByRole('button', { name: 'OK' }).click();

    // Editable again for the coach, and the cancellation is listed.
    await coach.reload();
    await coach.getByTestId('edit').waitFor();
    expect(await coach.getByTestId('validation-history').first().textContent()).toContain('motif : Note à revoir');
    expect(await coach.getByTestId('validate-checkbox').count()).toBe(1);
    await screenshot(coach, 'booklets-validation-editable-again-fr');
  }, 180_000);
});
