import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { todayIn } from '@alterna/core';
import { nowMs } from '@alterna/core/clock';
import type { TestApp } from '../support/app.js';
import { lessonNow } from '../support/attendance/fixtures.js';
import { artifactsDir, phoneContext, screenshot, tapLogin } from '../support/browser.js';
import { nextWeekday, parisTime } from '../support/planning/fixtures.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

// Issue #24, on a teacher's phone-sized tablet (390 px, touch): a student signing on the device keeps the marks made
// on the sheet (they are saved first) and closing records what the teacher saw; a sheet outside its window says when
// it opens, shows no QR code once the lesson is over, and a late arrival then defaults to the lesson's start.

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  ({ app, browser } = await startE2eFile());
}, 120_000);
afterAll(() => closeE2eFile({ browser, app }));

const phone = (locale: string) => phoneContext(browser, app.baseUrl, locale);


/** A signature drawn with a finger on the pad (touch events, as a phone sends them). */
async function drawByFinger(page: Page): Promise<void> {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  // The dialog grows in: a finger put down while it moves lands beside the pad. Drawn once it holds still.
  let box = (await pad.boundingBox())!;
  await expect.poll(async () => {
    const previous = box;
    await page.waitForTimeout(100);
    box = (await pad.boundingBox())!;
    return JSON.stringify(box) === JSON.stringify(previous);
  }).toBe(true);
  const cdp = await page.context().newCDPSession(page);
  const point = ([x, y]: readonly [number, number]) => ({ x: box.x + x * box.width, y: box.y + y * box.height });
  const stroke = [[0.1, 0.4], [0.25, 0.8], [0.4, 0.3], [0.55, 0.85], [0.7, 0.35], [0.85, 0.6]] as const;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point(stroke[0])] });
  for (let i = 1; i < stroke.length; i++) {
    const [from, to] = [stroke[i - 1]!, stroke[i]!];
    for (let step = 1; step <= 4; step++) {
      const at = [from[0] + ((to[0] - from[0]) * step) / 4, from[1] + ((to[1] - from[1]) * step) / 4] as const;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point(at)] });
    }
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  // The pad took the stroke: the dialog's Sign button is enabled.
  await expect.poll(() => page.getByTestId('confirm-signature').isEnabled()).toBe(true);
}

const lineOf = (page: Page, lastName: string) => page.locator(`[data-testid=sheet-line][data-student^="${lastName.toUpperCase()}"]`);
const pressed = (page: Page, lastName: string, status: string) => lineOf(page, lastName).getByTestId(`mark-${status}`).getAttribute('aria-pressed');
const statusesOf = async (studentIds: string[]) =>
  Object.fromEntries((await app.core.db.knex('attendance_lines').whereIn('student_id', studentIds).select('student_id', 'status')).map((r) => [r.student_id, r.status]));

describe('the attendance sheet on a phone-sized tablet', () => {
  it('a student signs on the device: the late and absent marks made before stay, are saved, and closing records them', async () => {
    const lesson = await lessonNow(app, 'paris', 3);
    const [alice, bob, carol] = lesson.students;
    const ids = [alice!.studentId, bob!.studentId, carol!.studentId];
    const context: BrowserContext = await phone('fr-FR');
    const page = await context.newPage();
    await tapLogin(page, lesson.teacherEmail);
    await page.waitForURL('**/formateur/tableau-de-bord');
    await page.goto('/formateur/emargement');
    await page.getByTestId('day-lesson').getByTestId('take-attendance').tap();
    await page.getByTestId('open-sheet').tap();
    await expect.poll(() => page.getByTestId('sheet-line').count()).toBe(3);

    // Everyone present, then Bob late and Carol absent: nothing saved yet.
    await page.getByTestId('everyone-present').tap();
    await lineOf(page, bob!.lastName).getByTestId('mark-late').tap();
    await lineOf(page, carol!.lastName).getByTestId('mark-absent').tap();
    await expect.poll(() => pressed(page, bob!.lastName, 'late')).toBe('true');
    await expect.poll(() => pressed(page, carol!.lastName, 'absent')).toBe('true');
    expect(await statusesOf(ids)).toEqual({ [alice!.studentId]: null, [bob!.studentId]: null, [carol!.studentId]: null });

    // Alice signs on the teacher's device.
    await lineOf(page, alice!.lastName).getByTestId('sign-on-device').tap();
    await drawByFinger(page);
    // What the phone shows, not the whole page: a full-page shot resizes the viewport, and under a set clock
    // (ALTERNA_NOW, Playwright's installed clock) the pad then lost the drawn signature.
    await page.screenshot({ path: path.join(artifactsDir, 'attendance-sheet-sign-device-390-fr.png') });
    await page.getByTestId('confirm-signature').tap();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => lineOf(page, alice!.lastName).getByTestId('signed').count()).toBe(1);

    // The marks are still on the sheet, and saved: Save has nothing left to save.
    expect(await pressed(page, bob!.lastName, 'late')).toBe('true');
    expect(await pressed(page, carol!.lastName, 'absent')).toBe('true');
    expect(await pressed(page, alice!.lastName, 'present')).toBe('true');
    expect(await page.getByTestId('save-sheet').getAttribute('data-disabled')).toBe('true');
    expect(await statusesOf(ids)).toEqual({ [alice!.studentId]: 'present', [bob!.studentId]: 'late', [carol!.studentId]: 'absent' });
    const arrived = (await app.core.db.knex('attendance_lines').where({ student_id: bob!.studentId }).first('arrived_at')).arrived_at as Date;
    expect(arrived).not.toBeNull();
    await screenshot(page, 'attendance-sheet-after-signature-390-fr');

    // Closing records what the teacher sees.
    await page.getByTestId('close-sheet').tap();
    await drawByFinger(page);
    await page.getByTestId('confirm-signature').tap();
    await expect.poll(() => page.getByTestId('sheet-state').textContent()).toBe('Clôturée');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await statusesOf(ids)).toEqual({ [alice!.studentId]: 'present', [bob!.studentId]: 'late', [carol!.studentId]: 'absent' });
    const signatures = await app.core.db.knex('attendance_signatures').where({ lesson_id: lesson.lessonId }).orderBy('seq').select('signer_id', 'method', 'line_id');
    expect(signatures.map((s) => [s.signer_id, s.method, s.line_id === null])).toEqual([[alice!.studentId, 'pad', false], [lesson.teacherId, 'pad', true]]);
    await screenshot(page, 'attendance-sheet-closed-390-fr');
    await context.close();
  });

  it('outside its window: a lesson next Wednesday says when its sheet opens; an hour after a lesson, no QR code and late means from its start', async () => {
    const wednesday = await lessonNow(app, 'paris', 1, { startAt: parisTime(nextWeekday(todayIn(), 3), '09:00') });
    for (const [locale, address, words] of [
      ['en-US', `/my-courses/${wednesday.subjectId}/seances/${wednesday.lessonId}/attendance`, 'This sheet opens on Wednesday'],
      ['fr-FR', `/mes-cours/${wednesday.subjectId}/seances/${wednesday.lessonId}/emargement`, 'Cette feuille ouvre le mercredi'],
    ] as const) {
      const context = await phone(locale);
      const page = await context.newPage();
      await tapLogin(page, wednesday.teacherEmail);
      await page.waitForURL(locale === 'en-US' ? '**/teacher/dashboard' : '**/formateur/tableau-de-bord');
      await page.goto(address);
      await expect.poll(() => page.getByTestId('sheet-window').textContent()).toContain(`${words}`);
      expect(await page.getByTestId('sheet-window').textContent()).toContain('08:30');
      expect(await page.getByTestId('open-sheet').count()).toBe(0);
      await screenshot(page, `attendance-sheet-not-yet-390-${locale.slice(0, 2)}`);
      await context.close();
    }

    const startAt = new Date(nowMs() - 150 * 60_000).toISOString();
    const past = await lessonNow(app, 'paris', 1, { startAt });
    const context = await phone('en-US');
    const page = await context.newPage();
    await tapLogin(page, past.teacherEmail);
    await page.waitForURL('**/teacher/dashboard');
    await page.goto(`/my-courses/${past.subjectId}/seances/${past.lessonId}/attendance`);
    await page.getByTestId('open-sheet').tap();
    await expect.poll(() => page.getByTestId('sheet-line').count()).toBe(1);
    expect(await page.getByTestId('toggle-qr').count()).toBe(0);
    const [hours, minutes] = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(Date.parse(startAt)).split(':');
    await page.getByTestId('mark-late').tap();
    const boxes = page.getByTestId('time-arrived').locator('input:not([type=hidden])');
    await expect.poll(() => boxes.nth(0).inputValue()).toBe(hours);
    expect(await boxes.nth(1).inputValue()).toBe(minutes);
    await screenshot(page, 'attendance-sheet-late-after-lesson-390-en');
    await page.getByTestId('save-sheet').tap();
    await expect.poll(async () => (await app.core.db.knex('attendance_lines').where({ student_id: past.students[0]!.studentId }).first('status'))?.status).toBe('late');
    const arrived = (await app.core.db.knex('attendance_lines').where({ student_id: past.students[0]!.studentId }).first('arrived_at')).arrived_at as Date;
    expect(Math.floor(arrived.getTime() / 60_000)).toBe(Math.floor(Date.parse(startAt) / 60_000));
    await context.close();
  });

  it('before its window a sheet takes no marks and shows no QR code, the page says when it opens; in the 30 minutes before the start, no QR code and late means from the start', async () => {
    const paris = (when: number, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hourCycle: 'h23', ...options }).format(when);
    for (const [locale, courses, words] of [
      ['fr-FR', '/mes-cours', 'Cette feuille ouvre le'],
      ['en-US', '/my-courses', 'This sheet opens on'],
    ] as const) {
      const sheetAddress = (lesson: { subjectId: string; lessonId: string }) => `${courses}/${lesson.subjectId}/seances/${lesson.lessonId}/${locale === 'fr-FR' ? 'emargement' : 'attendance'}`;
      // In 45 minutes: its sheet opens in 15 (30 minutes before the start, the campus's default).
      const soon = await lessonNow(app, 'paris', 2, { startAt: new Date(nowMs() + 45 * 60_000).toISOString() });
      const opensAt = Date.parse(soon.startAt) - 30 * 60_000;
      const context = await phone(locale);
      const page = await context.newPage();
      await tapLogin(page, soon.teacherEmail);
      await page.waitForURL(locale === 'en-US' ? '**/teacher/dashboard' : '**/formateur/tableau-de-bord');
      await page.goto(sheetAddress(soon));
      await expect.poll(() => page.getByTestId('sheet-window').textContent()).toContain(words);
      const said = (await page.getByTestId('sheet-window').textContent())!;
      expect(said).toContain(paris(opensAt, { hour: '2-digit', minute: '2-digit' }));
      expect(said).toContain(new Intl.DateTimeFormat(locale === 'fr-FR' ? 'fr-FR' : 'en-GB', { timeZone: 'Europe/Paris', weekday: 'long' }).format(opensAt));
      expect(said).not.toMatch(/\d{4}-\d{2}-\d{2}|T\d{2}:|Z\b/);
      // Nothing to mark, nothing to sign, no QR code: not even the button that opens the sheet.
      for (const id of ['open-sheet', 'everyone-present', 'toggle-qr', 'qr-panel', 'mark-present', 'mark-late', 'sign-on-device', 'save-sheet', 'close-sheet']) {
        expect([id, await page.getByTestId(id).count()]).toEqual([id, 0]);
      }
      await screenshot(page, `attendance-sheet-before-window-390-${locale.slice(0, 2)}`);
      expect(await app.core.db.knex('attendance_sheets').where({ lesson_id: soon.lessonId }).first()).toBeUndefined();
      await context.close();

      // In 20 minutes (its own teacher): the sheet opens (30 minutes' lead); the QR code waits for the start, and a
      // student marked late now arrived at the start, not at this minute.
      const lead = await lessonNow(app, 'paris', 1, { startAt: new Date(nowMs() + 20 * 60_000).toISOString() });
      const leadContext = await phone(locale);
      const leadPage = await leadContext.newPage();
      await tapLogin(leadPage, lead.teacherEmail);
      await leadPage.waitForURL(locale === 'en-US' ? '**/teacher/dashboard' : '**/formateur/tableau-de-bord');
      await leadPage.goto(sheetAddress(lead));
      await leadPage.getByTestId('open-sheet').tap();
      await expect.poll(() => leadPage.getByTestId('sheet-line').count()).toBe(1);
      expect(await leadPage.getByTestId('toggle-qr').count()).toBe(0);
      expect(await leadPage.getByTestId('sign-on-device').count()).toBe(1);
      await leadPage.getByTestId('mark-late').tap();
      const [hours, minutes] = paris(Date.parse(lead.startAt), { hour: '2-digit', minute: '2-digit' }).split(':');
      const boxes = leadPage.getByTestId('time-arrived').locator('input:not([type=hidden])');
      await expect.poll(() => boxes.nth(0).inputValue()).toBe(hours);
      expect(await boxes.nth(1).inputValue()).toBe(minutes);
      await screenshot(leadPage, `attendance-sheet-late-before-start-390-${locale.slice(0, 2)}`);
      await leadPage.getByTestId('save-sheet').tap();
      const student = lead.students[0]!.studentId;
      await expect.poll(async () => (await app.core.db.knex('attendance_lines').where({ student_id: student }).first('status'))?.status).toBe('late');
      const arrived = (await app.core.db.knex('attendance_lines').where({ student_id: student }).first('arrived_at')).arrived_at as Date;
      expect(Math.floor(arrived.getTime() / 60_000)).toBe(Math.floor(Date.parse(lead.startAt) / 60_000));
      await leadContext.close();
    }
  });

  it('a campus manager sets when the campus’s sheets take attendance, typing on a phone', async () => {
    const knex = app.core.db.knex;
    const paris = (await knex('campuses').where({ name: 'Paris' }).first('id')).id as string;
    for (const [locale, address, minutes] of [
      ['fr-FR', `/administration/feuilles-emargement?campus=${paris}`, '45'],
      ['en-US', `/administration/attendance-sheets?campus=${paris}`, '20'],
    ] as const) {
      const context = await phone(locale);
      const page = await context.newPage();
      await tapLogin(page, 'pedagogy@demo.alterna.school');
      await page.waitForURL('**/administration/**');
      await page.goto(address);
      const card = page.getByTestId('sheet-window-settings');
      const field = card.locator('#opensBeforeMinutes');
      await expect.poll(() => field.inputValue()).toBe(locale === 'fr-FR' ? '30' : '45');
      await field.tap();
      await page.keyboard.press('Control+A');
      await page.keyboard.type(minutes);
      // The phone's screen (the page below lists hundreds of sheets).
      await page.screenshot({ path: path.join(artifactsDir, `attendance-sheet-window-settings-390-${locale.slice(0, 2)}.png`) });
      await card.getByRole('button').tap();
      await expect.poll(async () => (await knex('attendance_sheet_settings').where({ campus_id: paris }).first('opens_before_minutes'))?.opens_before_minutes).toBe(Number(minutes));
      await context.close();
    }
    await knex('attendance_sheet_settings').where({ campus_id: paris }).delete();
  });
});
