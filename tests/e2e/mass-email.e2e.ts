import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createCore, createLogger, discoverModules, loadConfig } from '@alterna/core';
import { startDevMailbox, type DevMailbox } from '@alterna/dev';
import { demo, testDatabaseUrl, type TestApp } from '../support/app.js';
import { launchBrowser, loggedInPage, navEntry, screenshot, typeInto } from '../support/browser.js';
import { groupWithStudents } from '../support/mass-email/fixtures.js';
import { startTestWorker } from '../support/worker.js';

let app: TestApp;
let browser: Browser;
let mailbox: DevMailbox;
let worker: Awaited<ReturnType<typeof startTestWorker>>;

beforeAll(async () => {
  // As `npm start` without SMTP_URL: mail goes to the in-process sink, whose inbox the core serves at /dev/mailbox.
  mailbox = await startDevMailbox();
  const config = loadConfig({
    NODE_ENV: 'test', DATABASE_URL: await testDatabaseUrl(), TEMPORAL_ADDRESS: inject('temporalAddress'), TEMPORAL_TASK_QUEUE: `test-${crypto.randomUUID()}`,
    LOG_LEVEL: 'error', SMTP_URL: mailbox.url,
  });
  const core = await createCore({ config, modules: await discoverModules(), log: createLogger('error'), devMailbox: mailbox });
  await core.migrate();
  const server = await core.listen(0, '127.0.0.1');
  app = { core, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => core.close() };
  browser = await launchBrowser();
  worker = await startTestWorker(app.core);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await worker?.stop();
  await app?.close();
  await mailbox?.close();
});

describe('mass e-mail in the browser', () => {
  it('a manager writes a message, sends it to a training group after the preview, and watches it finish', async () => {
    const { group, students } = await groupWithStudents(app.core.db.knex, 'Paris');
    const page = await loggedInPage(browser, app.baseUrl, demo('pedagogy'), 'fr-FR', '/administration/tableau-de-bord');
    expect(await navEntry(page, 'massEmail.campaigns').textContent()).toBe('E-mailing');
    await navEntry(page, 'massEmail.campaigns').click();
    await page.waitForURL('**/messagerie/emailing');
    await page.getByTestId('mass-email-campaign-row').first().waitFor();
    await screenshot(page, 'mass-email-campaigns-fr');
    await page.getByTestId('mass-email-new-link').click();
    await page.waitForURL('**/messagerie/emailing/nouveau');

    await typeInto(page.getByTestId('mass-email-subject'), 'Réunion de rentrée');
    await typeInto(page.getByTestId('mass-email-body'), '<p>Bonjour ');
    await page.getByTestId('merge-tag-firstName').click();
    await page.getByTestId('mass-email-body').press('End');
    await page.getByTestId('mass-email-body').pressSequentially(', rendez-vous lundi.</p>');
    await page.getByTestId('mass-email-groups').click();
    await page.getByRole('option', { name: `${group.name} (Paris, ${group.session_name})`, exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('mass-email-preview').click();
    await expect.poll(() => page.getByTestId('mass-email-count').textContent()).toBe(`${students.length} destinataire${students.length > 1 ? 's' : ''}`);
    const frame = page.frameLocator('[data-testid=mass-email-preview-frame]');
    await frame.getByText(/^Bonjour .+, rendez-vous lundi\.$/).waitFor();
    await screenshot(page, 'mass-email-new-fr');

    // Sent is sent: a confirmation names the real number of recipients and the subject; "Pas maintenant" sends nothing.
    const plural = students.length > 1 ? 's' : '';
    await page.getByTestId('mass-email-send').click();
    const sure = page.getByTestId('confirm-dialog');
    await sure.waitFor();
    expect(await page.getByTestId('dialog-title').textContent()).toBe(`Envoyer à ${students.length} personne${plural}\u202f?`);
    expect(await sure.getByTestId('dialog-message').textContent()).toBe(
      `« Réunion de rentrée » sera envoyé maintenant à ${students.length} personne${plural}. Un e-mail envoyé ne peut pas être rappelé\u202f; l’envoi peut être mis en pause depuis la page de la campagne.`,
    );
    // Shot once the dialog has finished fading in.
    await expect.poll(() => page.locator('.mantine-Modal-content').evaluateAll((boxes) => boxes.map((box) => getComputedStyle(box).opacity))).toEqual(['1']);
    await screenshot(page, 'mass-email-confirm-fr');
    await sure.getByTestId('dialog-cancel').click();
    await expect.poll(() => page.getByTestId('confirm-dialog').count()).toBe(0);
    expect(page.url()).toMatch(/\/messagerie\/emailing\/nouveau$/);
    await page.getByTestId('mass-email-send').click();
    await page.getByTestId('confirm-dialog').getByTestId('dialog-ok').click();
    await page.waitForURL(/\/messagerie\/emailing\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByTestId('mass-email-status').textContent(), { timeout: 30_000 }).toBe('Envoyé');
    expect(await page.getByTestId('mass-email-recipient').count()).toBe(students.length);
    await screenshot(page, 'mass-email-campaign-fr');
    const id = page.url().split('/').pop()!;
    const received = mailbox.list().filter((mail) => mail.messageId.startsWith(`<mass-email.${id}.`));
    expect(received.map((mail) => mail.to[0]!.toLowerCase()).sort()).toEqual(students.map((s) => s.email.toLowerCase()).sort());

    // The newcomer opens the development inbox and the message.
    await page.goto(`${app.baseUrl}/dev/mailbox`);
    await page.getByRole('link', { name: 'Réunion de rentrée' }).first().click();
    await page.frameLocator('iframe').getByText(/^Bonjour .+, rendez-vous lundi\.$/).waitFor();
    await screenshot(page, 'mass-email-dev-inbox');

    const en = await loggedInPage(browser, app.baseUrl, demo('pedagogy'), 'en-US', '/administration/dashboard');
    await en.goto(`${app.baseUrl}/mailbox/mass-email/${id}`);
    await expect.poll(() => en.getByTestId('mass-email-status').textContent()).toBe('Sent');
    await screenshot(en, 'mass-email-campaign-en');
    await en.goto(`${app.baseUrl}/mailbox/mass-email/new`);
    await typeInto(en.getByTestId('mass-email-subject'), 'Hello {{firstName}}');
    await typeInto(en.getByTestId('mass-email-body'), '<h2>Welcome {{firstName}}</h2><p>Group {{group}}, {{campus}}.</p>');
    await en.getByTestId('mass-email-typologies').click();
    await en.getByRole('option', { name: 'Coach' }).click();
    await en.keyboard.press('Escape');
    await en.getByTestId('mass-email-preview').click();
    await en.getByTestId('mass-email-preview-card').waitFor();
    await screenshot(en, 'mass-email-new-en');
    // A mailbox template instead of the written message: its subject and the mailbox renderer's HTML.
    await en.getByTestId('mass-email-template').click();
    await en.getByRole('option').first().click();
    await expect.poll(() => en.getByTestId('mass-email-body').count()).toBe(0);
    await typeInto(en.getByTestId('mass-email-subject'), '');
    await en.getByTestId('mass-email-preview').click();
    await expect.poll(async () => (await en.getByTestId('mass-email-preview-subject').textContent()) ?? '').not.toContain('{{');
    expect(await en.getByTestId('mass-email-preview-subject').textContent()).not.toBe('Hello Bastien');
    await screenshot(en, 'mass-email-template-en');
  }, 120_000);
});
