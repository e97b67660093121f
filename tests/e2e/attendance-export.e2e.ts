import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { demo, type TestApp } from '../support/app.js';
import { closedSheet, pdfText, unzip } from '../support/attendance/export.js';
import { artifactsDir, login, newContext, screenshot } from '../support/browser.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

let app: TestApp;
let browser: Browser;
let sheets: Awaited<ReturnType<typeof closedSheet>>[];

beforeAll(async () => {
  ({ app, browser } = await startE2eFile());
  sheets = [await closedSheet(app, 'paris', 3), await closedSheet(app, 'paris', 2)];
}, 120_000);
afterAll(() => closeE2eFile({ browser, app }));

describe('attendance sheets export in the browser', () => {
  it('staff list the campus sheets, tick two and download a zip of their PDFs', async () => {
    const context = await newContext(browser, app.baseUrl, 'fr-FR');
    const page = await context.newPage();
    await login(page, demo('pedagogy'));
    await page.waitForURL('**/administration/tableau-de-bord');
    await page.getByRole('link', { name: "Feuilles d'émargement" }).click();
    await page.waitForURL('**/administration/feuilles-emargement');
    const rowOf = (lessonId: string) => page.locator(`[data-testid=sheets-row][data-lesson="${lessonId}"]`);
    for (const sheet of sheets) await rowOf(sheet.lessonId).waitFor();
    expect(await rowOf(sheets[0]!.lessonId).textContent()).toContain('Clôturée');
    await expect.poll(() => page.getByTestId('sheets-download').isDisabled()).toBe(true);
    for (const sheet of sheets) await rowOf(sheet.lessonId).getByTestId('sheets-select').check();
    expect(await page.getByTestId('sheets-selected').textContent()).toBe('2 feuilles sélectionnées');
    await screenshot(page, 'attendance-sheets-fr');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sheets-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^Émargements_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.zip$/);
    const saved = path.join(artifactsDir, 'attendance-export.zip');
    fs.mkdirSync(artifactsDir, { recursive: true });
    await download.saveAs(saved);
    const entries = await unzip(fs.readFileSync(saved));
    const pdfs = [...entries.entries()].filter(([name]) => name.endsWith('.pdf'));
    expect(pdfs).toHaveLength(2);
    const texts = pdfs.map(([, pdf]) => {
      expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
      return pdfText(pdf);
    });
    for (const sheet of sheets) {
      for (const student of sheet.students) expect(texts.some((text) => text.includes(student.lastName.toUpperCase()))).toBe(true);
    }
    expect(texts[0]).toContain("Feuille d'émargement");
    // Kept beside the screenshots, to look at a page of it.
    fs.writeFileSync(path.join(artifactsDir, 'attendance-export-sheet.pdf'), pdfs[0]![1]);
    await context.close();
  });

  it('shows the page in English', async () => {
    const context = await newContext(browser, app.baseUrl, 'en-US');
    const page = await context.newPage();
    await login(page, demo('pedagogy'));
    await page.waitForURL('**/administration/dashboard');
    await page.goto('/administration/attendance-sheets');
    await page.locator(`[data-testid=sheets-row][data-lesson="${sheets[0]!.lessonId}"]`).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).or(page.getByRole('heading', { level: 2 })).first().textContent()).toContain('Attendance sheets');
    await page.getByTestId('sheets-select-all').check();
    expect(await page.getByTestId('sheets-selected').textContent()).toMatch(/^\d+ sheets selected$/);
    expect(await page.getByTestId('sheets-download').isEnabled()).toBe(true);
    await screenshot(page, 'attendance-sheets-en');
    await context.close();
  });
});
