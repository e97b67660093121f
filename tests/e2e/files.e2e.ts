import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { demo, type TestApp } from '../support/app.js';
import { tinyPdf, tinyPng } from '../support/attendance/absences.js';
import { fillDate, loggedInPage, navEntry, screenshot, typeInto } from '../support/browser.js';
import { tag } from '../support/planning/fixtures.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  ({ app, browser } = await startE2eFile());
}, 120_000);
afterAll(() => closeE2eFile({ browser, app }));

const as = (email: string, locale: string, home: string) => loggedInPage(browser, app.baseUrl, email, locale, home);

describe('documents in the browser', () => {
  it('staff create a folder, queue four files and send them at once; a PDF queued as an image is refused', async () => {
    const staff = await as(demo('pedagogy'), 'fr-FR', '/administration/tableau-de-bord');
    await navEntry(staff, 'files.documents').click();
    await staff.waitForURL('**/administration/documents');
    // The demo's pedagogy works on Paris and Lyon: the demo folders are Paris's.
    await staff.getByTestId('documents-campus').click();
    await staff.getByRole('option', { name: 'Paris' }).click();
    await staff.locator('[data-testid=folder-node][data-name="Documents administratifs"]').first().waitFor();
    await staff.getByTestId('file-row').first().waitFor();
    await screenshot(staff, 'files-documents-fr');

    const name = `Dossier ${tag()}`;
    await staff.getByTestId('folder-new').click();
    await typeInto(staff.getByTestId('folder-name'), name);
    await staff.getByTestId('folder-save').click();
    await staff.getByTestId('folder-title').filter({ hasText: name }).waitFor();

    const input = staff.getByTestId('files-dropzone-input');
    await input.setInputFiles([
      { name: 'Programme.pdf', mimeType: 'application/pdf', buffer: tinyPdf },
      { name: 'Photo de classe.png', mimeType: 'image/png', buffer: tinyPng },
      { name: 'Consignes.txt', mimeType: 'text/plain', buffer: Buffer.from('Consignes du stage.\n') },
      { name: 'Annexe.pdf', mimeType: 'application/pdf', buffer: tinyPdf },
    ]);
    const items = staff.getByTestId('files-queue-item');
    await expect.poll(() => items.count()).toBe(4);
    // Nothing is sent before the user starts the queue.
    expect(await staff.locator('[data-testid=files-queue-item][data-status=pending]').count()).toBe(4);
    expect(await staff.getByTestId('file-row').count()).toBe(0);
    expect(await staff.locator('[data-testid=files-queue] [data-icon=pdf]').count()).toBe(2);
    expect(await staff.locator('[data-testid=files-queue] [data-icon=thumbnail]').count()).toBe(1);
    await screenshot(staff, 'files-queue-fr');
    await staff.getByTestId('files-start').click();
    await expect.poll(() => staff.locator('[data-testid=files-queue-item][data-status=done]').count(), { timeout: 20_000 }).toBe(4);
    await expect.poll(() => staff.getByTestId('file-row').count()).toBe(4);
    await screenshot(staff, 'files-uploaded-fr');

    // Publish one: the switch turns on and stays on after the reload.
    const row = staff.locator('[data-testid=file-row][data-name="Programme.pdf"]');
    await row.getByTestId('file-published').click({ force: true });
    await expect.poll(() => row.getByTestId('file-published').isChecked()).toBe(true);

    // The expiration date typed in the row is saved only when asked (its Save button), the server's message in a toast.
    await fillDate(row.getByTestId('file-expiration'), '2027-06-30');
    expect((await app.core.db.knex('files_documents').where({ name: 'Programme.pdf' }).first('expiration_date'))?.expiration_date ?? null).not.toBe('2027-06-30');
    await screenshot(staff, 'files-expiry-save-fr');
    await row.getByTestId('file-expiration-save').click();
    await staff.getByTestId('toast').filter({ hasText: "La date d'expiration a bien été mise à jour." }).first().waitFor();
    await expect.poll(async () => (await app.core.db.knex('files_documents').where({ name: 'Programme.pdf' }).first('expiration_date'))?.expiration_date).toBe('2027-06-30');
    await expect.poll(() => row.getByTestId('file-expiration-save').count()).toBe(0);

    // Renamed in the file's dialog, then replaced there by one file sent at once (the default uploader).
    await staff.locator('[data-testid=file-row][data-name="Annexe.pdf"]').getByTestId('file-edit').click();
    await typeInto(staff.getByTestId('file-name'), 'Annexe 2027.pdf');
    await screenshot(staff, 'files-edit-fr');
    await staff.getByTestId('file-save').click();
    const renamed = staff.locator('[data-testid=file-row][data-name="Annexe 2027.pdf"]');
    await renamed.waitFor();
    await renamed.getByTestId('file-edit').click();
    const chooser = staff.waitForEvent('filechooser');
    await staff.getByTestId('file-replace').click();
    await (await chooser).setFiles([{ name: 'Annexe-v2.pdf', mimeType: 'application/pdf', buffer: tinyPdf }]);
    await staff.locator('[data-testid=file-row][data-name="Annexe-v2.pdf"]').waitFor();
    await staff.getByTestId('toast').filter({ hasText: 'Annexe-v2.pdf' }).first().waitFor();
    expect(await staff.getByTestId('file-row').count()).toBe(4);

    // A PDF queued under the image typology is refused on the spot, with the SPEC message in a toast.
    await staff.getByTestId('files-typology').click();
    await staff.getByRole('option', { name: 'Image' }).click();
    await input.setInputFiles([{ name: 'Faux.png', mimeType: 'application/pdf', buffer: tinyPdf }]);
    const refused = staff.locator('[data-testid=files-queue-item][data-name="Faux.png"]');
    await expect.poll(() => refused.getAttribute('data-status')).toBe('error');
    expect(await refused.textContent()).toContain('Type de fichier invalide : application/pdf. Attendu : image.');
    await staff.getByTestId('toast').filter({ hasText: 'Attendu : image' }).first().waitFor();
    await screenshot(staff, 'files-refused-fr');

    const english = await as(demo('pedagogy'), 'en-US', '/administration/dashboard');
    await navEntry(english, 'files.documents').click();
    await english.waitForURL('**/administration/documents');
    await english.getByTestId('documents-campus').click();
    await english.getByRole('option', { name: 'Paris' }).click();
    await english.getByTestId('file-row').first().waitFor();
    await english.getByTestId('folder-new').click();
    await english.getByTestId('folder-name').waitFor();
    await screenshot(english, 'files-folder-dialog-en');
  });

  it('the student sees the published documents of their groups', async () => {
    for (const [locale, home, label] of [['fr-FR', '/mon-espace', 'Documents'], ['en-US', '/my-space', 'Documents']] as const) {
      const student = await as(demo('student'), locale, home);
      expect(await navEntry(student, 'files.student').textContent()).toBe(label);
      await navEntry(student, 'files.student').click();
      const folder = student.locator('[data-testid=my-folder][data-name="Documents administratifs"]');
      await folder.waitFor();
      expect(await folder.getByTestId('my-file').count()).toBe(3);
      expect(await student.locator('[data-testid=my-folder][data-name="Attestations"]').count()).toBe(0);
      await screenshot(student, `files-student-${locale.slice(0, 2)}`);
    }
  });
});
