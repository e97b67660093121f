import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ApiClient, type TestApp } from '../support/app.js';
import { lessonNow } from '../support/attendance/fixtures.js';
import { login, newContext, screenshot, typeInto } from '../support/browser.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

// Issue #25, attendance in the classroom: the projector view of the rotating QR code, a logged-out scan that keeps
// its way through login to the check-in, and a refused scan that names the lesson and offers the timetable.

let app: TestApp;
let browser: Browser;
let lesson: Awaited<ReturnType<typeof lessonNow>>;
let subject: string;
const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true };

beforeAll(async () => {
  ({ app, browser } = await startE2eFile());
  lesson = await lessonNow(app, 'paris', 3);
  const teacher = new ApiClient(app.baseUrl);
  await teacher.login(lesson.teacherEmail);
  expect((await teacher.post(lesson.mine)).status).toBe(200);
  subject = (await app.core.db.knex('school_subjects').where({ id: lesson.subjectId }).first('name')).name;
}, 120_000);
afterAll(() => closeE2eFile({ browser, app }));

/** The teacher's projector view of the lesson, reached from the sheet's QR panel. */
async function projector(locale: 'fr-FR' | 'en-GB'): Promise<Page> {
  const context = await newContext(browser, app.baseUrl, locale, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await login(page, lesson.teacherEmail);
  await page.waitForURL(locale === 'fr-FR' ? '**/formateur/tableau-de-bord' : '**/teacher/dashboard');
  await page.goto(locale === 'fr-FR' ? `/mes-cours/${lesson.subjectId}/seances/${lesson.lessonId}/emargement` : `/my-courses/${lesson.subjectId}/seances/${lesson.lessonId}/attendance`);
  await page.getByTestId('toggle-qr').click();
  await page.getByTestId('qr-projector').click();
  await page.waitForURL(locale === 'fr-FR' ? '**/emargement/projection' : '**/attendance/projector');
  await page.getByTestId('projector-qr').waitFor();
  return page;
}

async function scannedUrl(page: Page): Promise<URL> {
  return new URL((await page.getByTestId('projector-qr').getAttribute('data-url'))!);
}

/** The code the server made for a lesson's window (HMAC under the sheet's secret, as rules/qr-code.ts makes it). */
async function codeOfWindow(lessonId: string, window: number): Promise<string> {
  const sheet = await app.core.db.knex('attendance_sheets').where({ lesson_id: lessonId }).first('qr_secret');
  return crypto.createHmac('sha256', sheet.qr_secret).update(`${lessonId}:${window}`).digest('base64url').slice(0, 22);
}

describe('attendance in the classroom', () => {
  it('shows the rotating code full screen with its countdown and the lesson’s name, in French and English', async () => {
    for (const [locale, countdown] of [['fr-FR', /^Nouveau code dans \d+ secondes?$/], ['en-GB', /^New code in \d+ seconds?$/]] as const) {
      const page = await projector(locale);
      expect(await page.getByTestId('projector-lesson').textContent()).toBe(subject);
      expect(await page.getByTestId('projector-details').textContent()).toMatch(/\d{2}:\d{2}–\d{2}:\d{2}$/);
      expect((await scannedUrl(page)).pathname).toBe(locale === 'fr-FR' ? '/emargement/pointage' : '/attendance/check-in');
      expect(await page.getByTestId('projector-countdown').textContent()).toMatch(countdown);
      // The view covers the page (no menu, no header over it), and the code turns within a window (10 s).
      const box = (await page.getByTestId('projector').boundingBox())!;
      expect([box.x, box.y, box.width, box.height]).toEqual([0, 0, 1440, 900]);
      const first = await page.getByTestId('projector').getAttribute('data-window');
      await expect.poll(() => page.getByTestId('projector').getAttribute('data-window'), { timeout: 15_000, interval: 250 }).not.toBe(first);
      await screenshot(page, `classroom-projector-${locale.slice(0, 2)}`);
      await page.context().close();
    }
  });

  it('a logged-out scan on a phone goes through login and lands on the check-in (390 px)', async () => {
    const teacher = await projector('fr-FR');
    const student = lesson.students[0]!;
    const context = await newContext(browser, app.baseUrl, 'fr-FR', phone);
    const scan = await context.newPage();
    const scanned = await scannedUrl(teacher);
    await scan.goto(scanned.pathname + scanned.search);
    await scan.waitForURL((url) => url.pathname === '/connexion');
    const next = new URL(scan.url()).searchParams.get('next');
    expect(next).toBe(scanned.pathname + scanned.search);
    await screenshot(scan, 'classroom-scan-login-fr');
    await typeInto(scan.locator('#email'), student.email);
    await typeInto(scan.locator('#password'), 'alterna-demo');
    await scan.locator('button[type=submit]').tap();
    await scan.waitForURL((url) => url.pathname === '/emargement/pointage');
    await scan.getByTestId('checked-in').waitFor();
    expect(await scan.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(scan, 'classroom-scan-checked-in-fr');
    await expect.poll(async () => (await app.core.db.knex('attendance_lines').where({ student_id: student.studentId }).first('status', 'checked_in_at'))?.status).toBe('present');
    await context.close();
    await teacher.context().close();
  });

  it('a refused scan names the lesson and offers the student’s timetable, in French and English (390 px)', async () => {
    const teacher = await projector('en-GB');
    const scanned = await scannedUrl(teacher);
    await teacher.context().close();
    const cases = [
      { locale: 'fr-FR', student: lesson.students[1]!, home: '/mon-espace', expired: 'expiré', said: `Cours\u202f: ${subject}, le `, timetable: '/mon-espace/emploi-du-temps' },
      { locale: 'en-GB', student: lesson.students[2]!, home: '/my-space', expired: 'expired', said: `Lesson: ${subject}, `, timetable: '/my-space/timetable' },
    ] as const;
    for (const c of cases) {
      const context = await newContext(browser, app.baseUrl, c.locale, phone);
      const page = await context.newPage();
      await login(page, c.student.email);
      await page.waitForURL(`**${c.home}`);
      // A code copied and opened once its window is over (an old window's code, as the server made it then).
      const stale = new URLSearchParams(scanned.search);
      const oldWindow = Number(stale.get('window')) - 3;
      stale.set('window', String(oldWindow));
      stale.set('code', await codeOfWindow(lesson.lessonId, oldWindow));
      await page.goto(`${c.locale === 'fr-FR' ? '/emargement/pointage' : '/attendance/check-in'}?${stale}`);
      await page.getByTestId('check-in-refused').waitFor();
      expect(await page.getByTestId('check-in-refused-message').textContent()).toContain(c.expired);
      await expect.poll(() => page.getByTestId('check-in-refused-lesson').textContent()).toContain(c.said);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `classroom-scan-refused-${c.locale.slice(0, 2)}`);
      await page.getByTestId('check-in-timetable').tap();
      await page.waitForURL(`**${c.timetable}`);
      expect((await app.core.db.knex('attendance_lines').where({ student_id: c.student.studentId }).first('checked_in_at')).checked_in_at).toBeNull();
      await context.close();
    }
  });
});
