import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ApiClient, demo, type TestApp } from '../support/app.js';
import { pdfBytes, pngBytes } from '../support/uploads.js';
import { loggedInPage, navEntry, screenshot, typeInto } from '../support/browser.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  ({ app, browser } = await startE2eFile());
}, 120_000);
afterAll(() => closeE2eFile({ browser, app }));

/** The live preview's HTML (the server's, written into the sandboxed frame), once it holds `text`. */
async function previewHolds(page: Page, text: string) {
  const written = async () => (await (await page.getByTestId('live-preview').elementHandle())?.contentFrame())?.content() ?? '';
  await expect.poll(written, { timeout: 15_000 }).toContain(text);
  return written();
}

describe('mail template builder in the browser', () => {
  it('builds a template with two layouts and a button, previews it, saves it; fr and en', async () => {
    const page = await loggedInPage(browser, app.baseUrl, demo('pedagogy'), 'fr-FR', '/administration/tableau-de-bord');
    await navEntry(page, 'mailbox.templates').click();
    await page.waitForURL('**/messagerie/modeles-email');
    await expect.poll(() => page.getByTestId('template-row').count()).toBe(3);
    await screenshot(page, 'mailbox-templates-fr');

    await page.getByTestId('new-template').click();
    await page.waitForURL('**/messagerie/modeles-email/nouveau');
    const builder = page.getByTestId('builder');
    const height = (await builder.boundingBox())!.height;
    expect(Math.abs(height - (800 - 100))).toBeLessThanOrEqual(2);
    await typeInto(page.getByTestId('template-subject'), 'Convocation aux examens');
    await typeInto(page.getByTestId('template-subtitle'), 'Session de juin');

    // Two layouts: 50/50 then 25/25/50 (the empty one-column section stays first).
    await page.getByTestId('palette-switch').getByText('Dispositions').click();
    await page.getByTestId('layout-50-50').click();
    await page.getByTestId('palette-switch').getByText('Widgets').click();
    await page.getByTestId('add-text').click();
    await typeInto(page.getByTestId('field-text'), 'Bonjour ');
    await page.getByTestId('merge-tags').click();
    await page.getByTestId('merge-tag-firstName').click();
    await expect.poll(() => page.getByTestId('field-text').inputValue()).toBe('Bonjour {{firstName}}');

    await page.getByTestId('palette-switch').getByText('Dispositions').click();
    await page.getByTestId('layout-25-25-50').click();
    await page.getByTestId('palette-switch').getByText('Widgets').click();
    await page.getByTestId('add-button').click();
    await typeInto(page.getByTestId('field-label'), 'Ma convocation');
    await typeInto(page.getByTestId('field-href'), 'https://alterna.example/convocation?e={{email}}');

    // An image: a PDF is refused with the SPEC message (toast), a PNG is uploaded and shown from its public address.
    await page.getByTestId('add-image').click();
    await page.locator('input[type=file]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: pdfBytes });
    await expect.poll(() => page.getByTestId('upload-error').textContent()).toBe('Type de fichier invalide : application/pdf. Attendu : image.');
    await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngBytes });
    await expect.poll(() => page.getByTestId('field-src').inputValue()).toMatch(/\/api\/mailbox\/mail-templates\/images\/[A-Za-z0-9_-]{43}$/);
    const imageUrl = await page.getByTestId('field-src').inputValue();
    await previewHolds(page, imageUrl);
    await page.getByTestId('outline-item').filter({ hasText: 'Bouton' }).click();

    const html = await previewHolds(page, 'Ma convocation');
    expect(html).toContain('Bonjour {{firstName}}');
    expect(html).toContain('href="https://alterna.example/convocation?e={{email}}"');
    expect(html).toContain('mj-column-per-50');
    expect(html).toContain('mj-column-per-25');
    // No script runs in the frame (sandbox without allow-scripts, and its page's policy has no script source).
    expect(await page.getByTestId('live-preview').getAttribute('sandbox')).toBe('allow-same-origin');
    await screenshot(page, 'mailbox-editor-fr');

    // A javascript: address is refused by the server, in French, and nothing is saved.
    await typeInto(page.getByTestId('field-href'), 'javascript:alert(1)');
    await page.getByTestId('save-template').click();
    await expect.poll(() => page.getByTestId('template-errors').textContent()).toContain('Indiquez une adresse commençant par http:// ou https://.');
    await typeInto(page.getByTestId('field-href'), 'https://alterna.example/convocation');
    await page.getByTestId('save-template').click();
    await page.waitForURL('**/messagerie/modeles-email/*/modifier');
    const id = page.url().split('/').at(-2)!;

    const api = new ApiClient(app.baseUrl);
    await api.login(demo('pedagogy'));
    const stored = (await api.get(`/api/mailbox/mail-templates/${id}`)).json.template;
    expect(stored.subject).toBe('Convocation aux examens');
    expect(stored.content.blocks.map((b: { layout?: string }) => b.layout)).toEqual(['100', '50-50', '25-25-50']);
    expect((await api.get(`/api/mailbox/mail-templates/preview/${id}`)).text).toContain('Ma convocation');

    // The list's preview shows the stored HTML in a sandboxed frame.
    await page.getByRole('link', { name: /Modèles d'e-mail/ }).first().click();
    await page.waitForURL('**/messagerie/modeles-email');
    await page.locator('[data-testid="template-row"][data-subject="Convocation aux examens"]').getByRole('button', { name: 'Aperçu' }).click();
    const frame = page.frameLocator('[data-testid="template-preview"]');
    await expect.poll(() => frame.getByText('Ma convocation').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(page, 'mailbox-preview-fr');
    await page.keyboard.press('Escape');

    // Duplicate, then delete the copy through the confirmation dialog.
    await page.locator('[data-testid="template-row"][data-subject="Convocation aux examens"]').getByRole('button', { name: 'Dupliquer' }).click();
    await page.waitForURL('**/messagerie/modeles-email/*/modifier');
    await page.getByRole('link', { name: /Modèles d'e-mail/ }).first().click();
    const copy = page.locator('[data-testid="template-row"][data-subject="Copie de Convocation aux examens"]');
    await copy.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await expect.poll(() => copy.count()).toBe(0);

    // English.
    const en = await loggedInPage(browser, app.baseUrl, demo('pedagogy'), 'en-US', '/administration/dashboard');
    await en.goto(`/mailbox/mail-templates/${id}/edit`);
    await previewHolds(en, 'Ma convocation');
    await en.getByTestId('outline-item').filter({ hasText: 'Button' }).click();
    await expect.poll(() => en.getByTestId('field-label').inputValue()).toBe('Ma convocation');
    await screenshot(en, 'mailbox-editor-en');
    await en.goto('/mailbox/mail-templates');
    await expect.poll(() => en.getByTestId('template-row').count()).toBe(4);
    await screenshot(en, 'mailbox-templates-en');

    // The demo exam reminder: its hero block's settings, the Georgia font.
    await en.locator('[data-testid="template-row"][data-subject^="Rappel"]').getByRole('link', { name: 'Edit' }).click();
    await en.waitForURL('**/mailbox/mail-templates/*/edit');
    await previewHolds(en, 'Examen dans une semaine');
    await en.getByTestId('outline-item').filter({ hasText: 'Hero' }).click();
    await expect.poll(() => en.getByTestId('field-title').inputValue()).toBe('Examen dans une semaine');
    expect(await en.getByTestId('template-font').inputValue()).toBe('Georgia');
    await screenshot(en, 'mailbox-editor-hero-en');
  });
});
