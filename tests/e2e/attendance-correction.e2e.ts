import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { addDays, todayIn } from '@alterna/core/dates';
import type { TestApp } from '../support/app.js';
import { markedLessonDaysAgo, withDemoPassword } from '../support/attendance/fixtures.js';
import { newContext, screenshot } from '../support/browser.js';
import { makePerson, parisTime } from '../support/planning/fixtures.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

// Issue #24, at a desk (1440 px): a campus manager opens the staff sheet list, follows a lesson's link to its sheet
// nine days after it (its window over), changes an absent student to late, typing the arrival time, and saves: a
// late correction, recorded under their name. Read-only staff reach the same sheet and can change nothing.

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  ({ app, browser } = await startE2eFile());
}, 120_000);
afterAll(() => closeE2eFile({ browser, app }));

const desk = (locale: string) => newContext(browser, app.baseUrl, locale, { viewport: { width: 1440, height: 900 } });
const language = (locale: string) => locale.slice(0, 2) as 'fr' | 'en';

/** Logs in as a person does: each field clicked and typed, key by key. */
async function typeLogin(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await page.locator('#email').click();
  await page.keyboard.type(email);
  await page.locator('#password').click();
  await page.keyboard.type('alterna-demo');
  await page.locator('button[type=submit]').click();
  await page.waitForURL('**/administration/**');
}

/** The staff list of the lesson's day, and the lesson's link followed to its sheet. */
async function openFromList(page: Page, locale: string, lesson: { campusId: string; lessonId: string }, day: string, shot?: string): Promise<void> {
  const list = language(locale) === 'fr' ? '/administration/feuilles-emargement' : '/administration/attendance-sheets';
  await page.goto(`${list}?campus=${lesson.campusId}&from=${day}&to=${day}`);
  const link = page.locator(`[data-testid=sheets-row][data-lesson="${lesson.lessonId}"]`).getByTestId('sheets-open');
  await link.waitFor();
  if (shot) await screenshot(page, shot);
  await link.click();
  await page.getByTestId('sheet-lines').waitFor();
}

const lineOf = (page: Page, lastName: string) => page.locator(`[data-testid=sheet-line][data-student^="${lastName.toUpperCase()}"]`);

const words = {
  fr: { correcting: 'ce que vous changez est une correction tardive', over: 'la feuille est en lecture seule', late: 'Retard', saved: 'Émargement enregistré.', signHere: 'Signer sur cet appareil' },
  en: { correcting: 'what you change is a late correction', over: 'the sheet is read-only', late: 'Late', saved: 'Attendance saved.', signHere: 'Sign on this device' },
};

describe('a late correction of a sheet from the staff list', () => {
  for (const locale of ['fr-FR', 'en-US'] as const) {
    it(`a campus manager corrects a lesson of 9 days ago, an absent student now late (${locale}); read-only staff see no save`, async () => {
      const knex = app.core.db.knex;
      const say = words[language(locale)];
      const day = addDays(todayIn(), -9);
      const { lesson, lineOf: lineAt } = await markedLessonDaysAgo(app, 9);
      const [absent] = lesson.students;
      const managerId = await makePerson(app, [lesson.campusId], 'campus-manager');
      const context = await desk(locale);
      const page = await context.newPage();
      await typeLogin(page, await withDemoPassword(app, managerId));
      await openFromList(page, locale, lesson, day, `attendance-correction-list-1440-${language(locale)}`);
      expect(new URL(page.url()).pathname).toBe(language(locale) === 'fr'
        ? `/formateur/${lesson.teacherId}/cours/${lesson.subjectId}/seances/${lesson.lessonId}/emargement`
        : `/teacher/${lesson.teacherId}/courses/${lesson.subjectId}/seances/${lesson.lessonId}/attendance`);
      await expect.poll(() => page.getByTestId('sheet-window').textContent()).toContain(say.correcting);
      expect(await lineOf(page, absent!.lastName).getByTestId('mark-absent').getAttribute('aria-pressed')).toBe('true');
      // Issue #24: after the window no student signs (a signature days later would prove nothing to a funder) and
      // no QR code is shown: the two unsigned lines offer no "sign on this device", the page no QR button.
      expect(await page.getByTestId('sheet-line').count()).toBe(2);
      expect(await page.getByTestId('signed').count()).toBe(0);
      expect(await page.getByTestId('sign-on-device').count()).toBe(0);
      expect(await page.getByText(say.signHere).count()).toBe(0);
      expect(await page.getByTestId('toggle-qr').count()).toBe(0);
      expect(await page.getByTestId('save-sheet').count()).toBe(1);

      // Absent to late: the arrival time is typed into its hours box, then its minutes, key by key.
      await lineOf(page, absent!.lastName).getByTestId('mark-late').click();
      const boxes = lineOf(page, absent!.lastName).getByTestId('time-arrived').locator('input:not([type=hidden])');
      await boxes.nth(0).click();
      await page.keyboard.type('0920');
      await expect.poll(() => boxes.nth(1).inputValue()).toBe('20');
      await screenshot(page, `attendance-correction-1440-${language(locale)}`);
      await page.getByTestId('save-sheet').click();
      await expect.poll(() => page.getByText(say.saved).count()).toBeGreaterThan(0);
      await expect.poll(() => page.getByTestId('save-sheet').getAttribute('data-disabled')).toBe('true');
      expect(await lineOf(page, absent!.lastName).getByTestId('mark-late').getAttribute('aria-pressed')).toBe('true');

      const line = await knex('attendance_lines').where({ id: lineAt(0).id }).first('status', 'arrived_at', 'marked_by');
      expect(line).toMatchObject({ status: 'late', marked_by: managerId });
      expect(line.arrived_at.toISOString()).toBe(new Date(parisTime(day, '09:20')).toISOString());
      const trail = await knex('audit_log').where({ table_name: 'attendance_lines', row_id: lineAt(0).id, action: 'update' }).select('actor_id', 'before', 'after');
      expect(trail.map((row) => [row.actor_id, row.before.status, row.after.status])).toEqual([[managerId, 'absent', 'late']]);
      // After a reload the sheet shows what the server holds.
      await page.reload();
      await expect.poll(() => lineOf(page, absent!.lastName).getByTestId('mark-late').getAttribute('aria-pressed')).toBe('true');
      await context.close();

      // Read-only staff follow the same link: the sheet as it is, no status to change, no save.
      const readOnly = await desk(locale);
      const reader = await readOnly.newPage();
      await typeLogin(reader, 'read-only@demo.alterna.school');
      await openFromList(reader, locale, lesson, day);
      await expect.poll(() => reader.getByTestId('sheet-window').textContent()).toContain(say.over);
      expect(await lineOf(reader, absent!.lastName).textContent()).toContain(say.late);
      expect(await reader.getByTestId('save-sheet').count()).toBe(0);
      expect(await reader.getByTestId('mark-late').count()).toBe(0);
      await screenshot(reader, `attendance-correction-read-only-1440-${language(locale)}`);
      await readOnly.close();
    });
  }
});
