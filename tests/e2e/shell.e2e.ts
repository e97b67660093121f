import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Actor } from '@alterna/core';
import { demo, type TestApp } from '../support/app.js';
import { startTestWorker } from '../support/worker.js';
import { login, newContext, screenshot } from '../support/browser.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

let app: TestApp;
let browser: Browser;
let worker: Awaited<ReturnType<typeof startTestWorker>>;

beforeAll(async () => {
  ({ app, browser, worker } = await startE2eFile({ worker: true }));
}, 120_000);
afterAll(() => closeE2eFile({ browser, worker, app }));

// Pages and the layout load with their route: wait for the navigation's first entry before reading it.
const navLinks = async (page: import('playwright-core').Page) => {
  const links = page.getByTestId('space-nav').locator('[data-page-id]');
  await links.first().waitFor();
  return links.evaluateAll((found) => found.map((a) => a.getAttribute('data-page-id')));
};

describe('web shell in Chromium', () => {
  it('lands a staff user in the administration space with its navigation, in French for a French browser', async () => {
    const context = await newContext(browser, app.baseUrl, 'fr-FR');
    const page = await context.newPage();
    await login(page, demo('pedagogy'));
    await page.waitForURL('**/administration/tableau-de-bord');
    await expect.poll(() => page.getByTestId('actor-name').textContent()).toContain('Claire');
    // The modules' own entries follow (training centre, trainings…): the shell's come first.
    expect((await navLinks(page)).slice(0, 2)).toEqual(['staff.home', 'staff.operations']);
    expect(await navLinks(page)).toEqual(expect.arrayContaining(['trainingCentre.campuses', 'trainingCentre.timeSlots', 'trainingCentre.closures']));
    expect(await navLinks(page)).toEqual(expect.arrayContaining(['trainings.list', 'trainings.groups', 'trainings.subjects', 'trainings.gradeScales']));
    expect(await page.getByTestId('space-nav').textContent()).toContain('Opérations en masse');
    await screenshot(page, 'staff-home-fr');
    await context.close();
  });

  it('lands a teacher in the teacher space, seeing only its own navigation', async () => {
    const context = await newContext(browser, app.baseUrl, 'en-US');
    const page = await context.newPage();
    await login(page, demo('teacher'));
    await page.waitForURL('**/teacher/dashboard');
    expect(await navLinks(page)).toEqual(['teacher.home', 'news.teacher', 'timetable.teacher', 'courses.mine', 'marks.exams', 'attendance.day', 'files.teacher', 'profileChanges.teacher']);
    // A staff page is not for a teacher: back to its own home.
    await page.goto('/administration/operations');
    await page.waitForURL('**/teacher/dashboard');
    await screenshot(page, 'teacher-home-en');
    await context.close();
  });

  it('lands a student in its my-space, with English paths and strings for an English browser', async () => {
    const context = await newContext(browser, app.baseUrl, 'en-GB');
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForURL('**/login');
    expect(await page.locator('button[type=submit]').textContent()).toBe('Log in');
    await login(page, demo('student'));
    await page.waitForURL('**/my-space');
    expect(await navLinks(page)).toEqual(['student.home', 'news.student', 'timetable.student', 'courses.student', 'files.student', 'booklets.student', 'marks.mine', 'marks.reportCards', 'attendance.mine', 'attendance.myAbsences', 'profileChanges.student']);
    expect(await page.getByTestId('space-nav').textContent()).toContain('My space');
    await screenshot(page, 'student-home-en');
    await context.close();
  });

  it('speaks French to a German browser', async () => {
    const context = await newContext(browser, app.baseUrl, 'de-DE');
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForURL('**/connexion');
    expect(await page.locator('button[type=submit]').textContent()).toBe('Se connecter');
    await screenshot(page, 'login-de-gets-fr');
    await context.close();
  });

  it('shows a wrong password as an error in the form', async () => {
    const context = await newContext(browser, app.baseUrl, 'fr-FR');
    const page = await context.newPage();
    await login(page, demo('isd'), 'not-the-password');
    const errors = page.getByTestId('form-errors');
    await errors.waitFor();
    expect(await errors.textContent()).toContain('Adresse e-mail ou mot de passe incorrect.');
    expect(new URL(page.url()).pathname).toBe('/connexion');
    await screenshot(page, 'login-wrong-password-fr');
    await context.close();
  });

  it('shows a running bulk operation with its progress moving, in English', async () => {
    const context = await newContext(browser, app.baseUrl, 'en-US');
    const page = await context.newPage();
    await login(page, demo('management'));
    await page.waitForURL('**/administration/dashboard');
    const me = await app.core.services<{ loadActor(id: string): Promise<Actor> }>('identity').loadActor(
      (await app.core.db.knex('actors').where({ email: demo('management') }).first()).id,
    );
    const workflowId = `test-count:${crypto.randomUUID()}`;
    const items = Array.from({ length: 12 }, (_, i) => `row-${i + 1}`);
    const operation = await app.core.operations.start({
      workflowType: 'countItems', workflowId, kind: 'tests.countItems', subject: 'E2E run', actor: me,
      campusId: me.rules[0]!.campusId, args: [{ runKey: workflowId, items, delayMs: 500 }],
    });
    await page.getByTestId('space-nav').locator('[data-page-id="staff.operations"]').click();
    await page.waitForURL('**/administration/operations');
    const row = page.locator(`[data-testid="operation-row"][data-operation-id="${operation.id}"]`);
    await row.waitFor();
    const progress = row.getByTestId('operation-progress');
    // The bar is sampled until it has shown three different values: it moves while the run works.
    const values = new Set<number>();
    await expect
      .poll(async () => values.add(Number(await progress.getAttribute('aria-valuenow'))).size, { timeout: 30_000, interval: 300 })
      .toBeGreaterThanOrEqual(3);
    await screenshot(page, 'operations-running-en');
    await expect.poll(async () => row.getAttribute('data-status'), { timeout: 30_000 }).toBe('completed');
    expect(Number(await progress.getAttribute('aria-valuenow'))).toBe(100);
    await row.getByTestId('operation-toggle').click();
    expect(await row.locator('xpath=following-sibling::*').getByTestId('operation-item').count()).toBe(12);
    await screenshot(page, 'operations-completed-en');
    await context.close();
  });
});
