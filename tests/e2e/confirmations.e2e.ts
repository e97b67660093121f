import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Actor } from '@alterna/core';
import { demo, type TestApp } from '../support/app.js';
import { evaluationToValidate } from '../support/booklets/validation.js';
import { fillDate, fillTime, login, newContext, screenshot, typeInto } from '../support/browser.js';
import { startTestWorker } from '../support/worker.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

// Issue #25, "Actions people can take back, or confirm": the operations page in one request (filters in its URL,
// signature chains apart, a chain's cancellation confirmed), a run that did nothing not shown as a green 100 %, a
// booklet item's deletion confirmed, and the mass-creation wizard warning of closed days before the run.

let app: TestApp;
let browser: Browser;
let worker: Awaited<ReturnType<typeof startTestWorker>>;

beforeAll(async () => {
  ({ app, browser, worker } = await startE2eFile({ worker: true }));
}, 120_000);
afterAll(() => closeE2eFile({ browser, worker, app }));

const texts = {
  fr: {
    locale: 'fr-FR', home: '/administration/tableau-de-bord', operations: '/administration/operations-en-masse',
    chainTitle: 'Annuler ce circuit de signature\u202f?', nothing: 'Rien n’a été fait', completed: 'Terminée',
    items: (id: string) => `/centre-de-formation/formations/${id}/elements-livret`, itemTitle: 'Supprimer cet élément\u202f?',
    itemText: (title: string) => `L’élément « ${title} » sera retiré du livret de cette formation. Ce n’est pas réversible.`,
    massCreate: '/planification/planification/creer/plusieurs', closedTitle: '4 des 4 jours sont fermés',
    nothingLabel: 'Rien n’a été créé ni modifié\u202f: les 4 cours demandés ont tous été refusés ou ignorés (raisons ci-dessous).',
  },
  en: {
    locale: 'en-GB', home: '/administration/dashboard', operations: '/administration/operations',
    chainTitle: 'Cancel this signature chain?', nothing: 'Nothing done', completed: 'Completed',
    items: (id: string) => `/training-center/trainings/${id}/booklet-items`, itemTitle: 'Delete this item?',
    itemText: (title: string) => `The item “${title}” will be removed from the booklet of this training. This cannot be undone.`,
    massCreate: '/planning/planning/create/many', closedTitle: '4 of the 4 days are closed',
    nothingLabel: 'Nothing was created or changed: all 4 lessons asked for were refused or skipped (reasons below).',
  },
} as const;

async function staffPage(lang: 'fr' | 'en', email = demo('management')): Promise<Page> {
  const context = await newContext(browser, app.baseUrl, texts[lang].locale, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await login(page, email);
  await page.waitForURL(`**${texts[lang].home}`);
  return page;
}

/** Once a dialog has finished opening (Mantine fades and slides it in): a screenshot shows it as a person sees it. */
async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.mantine-Modal-content').evaluateAll((boxes) => boxes.map((box) => getComputedStyle(box).opacity))).toEqual(['1']);
}

/** Picks an option of a Mantine select (typed key by key when asked). */
async function choose(page: Page, select: Locator, option: string | RegExp) {
  await select.click();
  await page.getByRole('option', { name: option }).first().click();
  if (await page.getByRole('listbox').filter({ visible: true }).count()) await page.keyboard.press('Escape');
}

describe('confirmations and the operations page', () => {
  it('lists the operations in one request, filtered in the URL, chains apart; a chain’s cancellation is confirmed (fr, en)', async () => {
    const knex = app.core.db.knex;
    // A signature chain waiting for people, and a run that had nothing to do.
    const { evaluation, coach } = await evaluationToValidate(app);
    const started = await coach.post(`/api/booklet-forms/${evaluation.id}/validate`, { validate: true });
    expect(started.status).toBe(200);
    const chainId = started.json.operation.id as string;
    const managerId = (await knex('actors').where({ email: demo('management') }).first('id')).id;
    const me = await app.core.services<{ loadActor(id: string): Promise<Actor> }>('identity').loadActor(managerId);
    const workflowId = `test-count:${crypto.randomUUID()}`;
    const empty = await app.core.operations.start({
      workflowType: 'countItems', workflowId, kind: 'tests.countItems', subject: 'Nothing to count', actor: me,
      campusId: me.rules[0]!.campusId, args: [{ runKey: workflowId, items: [], delayMs: 0 }],
    });
    await expect.poll(async () => (await app.core.operations.byWorkflowId(workflowId))?.status, { timeout: 30_000 }).toBe('completed');

    for (const lang of ['fr', 'en'] as const) {
      const t = texts[lang];
      const page = await staffPage(lang);
      const asked: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/operations') || url.pathname.startsWith('/api/planning/runs')) asked.push(url.pathname + url.search);
      });
      await page.goto(t.operations);
      const chain = page.locator(`[data-testid=operations-chains-table] [data-testid=operation-row][data-operation-id="${chainId}"]`);
      const nothing = page.locator(`[data-testid=operations-table] [data-testid=operation-row][data-operation-id="${empty.id}"]`);
      await chain.waitFor();
      await nothing.waitFor();
      // One request for the page: no request per row (the undo of each planning run is in the list's answer).
      expect(asked.length).toBeGreaterThan(0);
      expect(asked.filter((path) => path !== '/api/operations')).toEqual([]);
      expect(await nothing.getByTestId('operation-status').textContent()).toBe(t.nothing);
      expect(await nothing.getByTestId('operation-progress').getAttribute('aria-valuenow')).toBe('0');
      await screenshot(page, `operations-sections-${lang}`);

      // The state filter goes in the URL; the chain (running) leaves, the finished run stays.
      await choose(page, page.getByTestId('operations-state'), t.completed);
      await expect.poll(() => new URL(page.url()).searchParams.get('state')).toBe('completed');
      await expect.poll(() => chain.count()).toBe(0);
      await nothing.waitFor();
      expect(asked.at(-1)).toBe('/api/operations?status=completed');
      await page.goto(`${t.operations}?kind=booklets.validation`);
      await chain.waitFor();
      expect(await page.locator('[data-testid=operation-row]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-operation-id')))).not.toContain(empty.id);
      await screenshot(page, `operations-filtered-${lang}`);

      // Cancelling a chain names what happens; "keep waiting" keeps it running (fr), confirming cancels it (en).
      await chain.getByTestId('operation-cancel').click();
      const sure = page.getByTestId('confirm-dialog');
      await sure.waitFor();
      expect(await page.getByTestId('dialog-title').textContent()).toBe(t.chainTitle);
      expect(await sure.getByTestId('dialog-message').textContent()).toContain(lang === 'fr' ? 'plus personne ne sera invité à signer' : 'no one else will be asked to sign');
      await settled(page);
      await screenshot(page, `operations-chain-cancel-${lang}`);
      if (lang === 'fr') {
        await sure.getByTestId('dialog-cancel').click();
        await expect.poll(() => page.getByTestId('confirm-dialog').count()).toBe(0);
        expect((await app.core.operations.byWorkflowId(started.json.operation.workflowId))?.status).toBe('running');
      } else {
        await sure.getByTestId('dialog-ok').click();
        await expect.poll(async () => (await app.core.operations.byWorkflowId(started.json.operation.workflowId))?.status, { timeout: 30_000 }).toBe('cancelled');
      }
      await page.context().close();
    }
  });

  it('confirms a booklet item’s deletion, naming it; cancel keeps it (fr, en)', async () => {
    const { training } = await evaluationToValidate(app);
    const knex = app.core.db.knex;
    for (const lang of ['fr', 'en'] as const) {
      const t = texts[lang];
      const page = await staffPage(lang, demo('pedagogy'));
      await page.goto(t.items(training.trainingId));
      const rows = page.getByTestId('booklet-item-row');
      await rows.first().waitFor();
      const before = await rows.count();
      const row = rows.last();
      const title = (await row.locator('td').nth(1).textContent())!;
      await row.getByTestId('booklet-item-delete').click();
      const sure = page.getByTestId('confirm-dialog');
      await sure.waitFor();
      expect(await page.getByTestId('dialog-title').textContent()).toBe(t.itemTitle);
      expect(await sure.getByTestId('dialog-message').textContent()).toBe(t.itemText(title));
      await settled(page);
      await screenshot(page, `booklet-item-delete-confirm-${lang}`);
      await sure.getByTestId('dialog-cancel').click();
      await expect.poll(() => page.getByTestId('confirm-dialog').count()).toBe(0);
      expect(await rows.count()).toBe(before);
      if (lang === 'en') {
        await row.getByTestId('booklet-item-delete').click();
        await page.getByTestId('confirm-dialog').getByTestId('dialog-ok').click();
        await expect.poll(() => rows.count()).toBe(before - 1);
        expect(await knex('booklet_items').where({ title, training_id: training.trainingId }).count({ n: '*' }).first()).toEqual({ n: 0 });
      }
      await page.context().close();
    }
  });

  it('asks before sending a mass e-mail, naming the preview’s real count (en)', async () => {
    const page = await staffPage('en', demo('pedagogy'));
    await page.goto('/mailbox/mass-email/new');
    await typeInto(page.getByTestId('mass-email-subject'), 'Back-to-school meeting');
    await typeInto(page.getByTestId('mass-email-body'), '<p>Hello, see you on Monday.</p>');
    await page.getByTestId('mass-email-groups').click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await page.getByTestId('mass-email-preview').click();
    await expect.poll(() => page.getByTestId('mass-email-count').textContent()).toMatch(/^\d+ recipients?$/);
    const count = Number((await page.getByTestId('mass-email-count').textContent())!.split(' ')[0]);
    const campaigns = Number((await app.core.db.knex('mass_email_campaigns').count({ n: '*' }).first())!.n);
    await page.getByTestId('mass-email-send').click();
    const sure = page.getByTestId('confirm-dialog');
    await sure.waitFor();
    expect(await page.getByTestId('dialog-title').textContent()).toBe(`Send to ${count} ${count === 1 ? 'person' : 'people'}?`);
    expect(await sure.getByTestId('dialog-message').textContent()).toBe(
      `“Back-to-school meeting” will be e-mailed now to ${count} ${count === 1 ? 'person' : 'people'}. An e-mail sent cannot be called back; the sending can be paused from the campaign’s page.`,
    );
    await settled(page);
    await screenshot(page, 'mass-email-confirm-en');
    await sure.getByTestId('dialog-cancel').click();
    await expect.poll(() => page.getByTestId('confirm-dialog').count()).toBe(0);
    expect(Number((await app.core.db.knex('mass_email_campaigns').count({ n: '*' }).first())!.n)).toBe(campaigns);
    await page.context().close();
  });

  it('warns of the closed days in the mass-creation wizard before the run (fr, en)', async () => {
    for (const lang of ['fr', 'en'] as const) {
      const t = texts[lang];
      const page = await staffPage(lang, demo('pedagogy'));
      await page.goto(t.massCreate);
      const wizard = page.getByTestId('mass-create-page');
      await wizard.waitFor();
      await typeInto(wizard.getByTestId('create-name'), 'Fêtes');
      await choose(page, wizard.getByTestId('create-campuses'), 'Paris');
      // Fridays and Saturdays from 21 December to 3 January: Christmas and New Year's Day, and two Saturdays Paris is shut.
      await fillDate(wizard.getByTestId('create-start-date'), '2026-12-21');
      await fillDate(wizard.getByTestId('create-end-date'), '2027-01-03');
      await fillTime(wizard.getByTestId('create-start-time'), '09:00');
      await fillTime(wizard.getByTestId('create-end-time'), '11:00');
      await wizard.getByTestId('day-5').check();
      await wizard.getByTestId('day-6').check();
      await wizard.getByTestId('wizard-next').click();
      const warning = wizard.getByTestId('closed-days-warning');
      await warning.waitFor();
      expect(await warning.getAttribute('data-count')).toBe('4');
      expect(await warning.textContent()).toContain(t.closedTitle);
      expect(await warning.getByTestId('closed-day').evaluateAll((days) => days.map((d) => d.getAttribute('data-date')))).toEqual(['2026-12-25', '2026-12-26', '2027-01-01', '2027-01-02']);
      await screenshot(page, `mass-create-closed-days-${lang}`);

      // Run anyway: every day is skipped, and the run ends saying nothing was created — never a green 100 %.
      const line = wizard.getByTestId('lesson-line').first();
      await choose(page, line.getByTestId('line-groups'), /Paris/);
      await line.getByTestId('line-subject').click();
      await page.getByRole('option').first().click();
      await wizard.getByTestId('create-start').click();
      const run = wizard.getByTestId('run-progress').first();
      await expect.poll(() => run.getAttribute('data-status'), { timeout: 60_000, interval: 500 }).toBe('completed');
      expect(await run.getAttribute('data-outcome')).toBe('nothing');
      expect(await run.getByTestId('run-status').textContent()).toBe(t.nothing);
      expect(await run.getByTestId('run-progress-label').textContent()).toBe(t.nothingLabel);
      // An empty bar, and no undo of a run that changed nothing.
      expect(await run.getByRole('progressbar').first().getAttribute('aria-valuenow')).toBe('0');
      await wizard.getByTestId('result-row').first().waitFor();
      expect(await wizard.getByTestId('run-undo').count()).toBe(0);
      await screenshot(page, `mass-create-nothing-created-${lang}`);
      await page.context().close();
    }
  });
});
