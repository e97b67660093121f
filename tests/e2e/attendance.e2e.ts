import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { demo, type TestApp } from '../support/app.js';
import { lessonNow } from '../support/attendance/fixtures.js';
import { login, newContext, screenshot } from '../support/browser.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

let app: TestApp;
let browser: Browser;
let lesson: Awaited<ReturnType<typeof lessonNow>>;

beforeAll(async () => {
  ({ app, browser } = await startE2eFile());
  lesson = await lessonNow(app, 'paris', 3);
}, 120_000);
afterAll(() => closeE2eFile({ browser, app }));

/** A signature drawn with the mouse on the pad (pointer events, as a finger would). */
async function draw(page: Page, testId = 'signature-pad'): Promise<void> {
  const box = (await page.getByTestId(testId).boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 60);
  await page.mouse.down();
  for (const [x, y] of [[80, 120], [140, 50], [200, 140], [260, 70]] as const) await page.mouse.move(box.x + x, box.y + y, { steps: 4 });
  await page.mouse.up();
}

/** The code the server showed for a lesson's window (HMAC under the sheet's secret, as rules/qr-code.ts makes it). */
async function codeOfWindow(lessonId: string, window: number): Promise<string> {
  const sheet = await app.core.db.knex('attendance_sheets').where({ lesson_id: lessonId }).first('qr_secret');
  return crypto.createHmac('sha256', sheet.qr_secret).update(`${lessonId}:${window}`).digest('base64url').slice(0, 22);
}

const lineOf = (page: Page, lastName: string) => page.locator(`[data-testid=sheet-line][data-student^="${lastName.toUpperCase()}"]`);

describe('attendance in the browser', () => {
  it('a teacher opens today’s lesson, a student checks in by QR and signs, the teacher marks one late and one absent and closes', async () => {
    const [alice, bob, carol] = lesson.students;
    const teacherContext = await newContext(browser, app.baseUrl, 'fr-FR');
    const teacher = await teacherContext.newPage();
    await login(teacher, lesson.teacherEmail);
    await teacher.waitForURL('**/formateur/tableau-de-bord');
    await teacher.getByRole('link', { name: 'Émargement' }).click();
    await teacher.waitForURL('**/formateur/emargement');
    const card = teacher.getByTestId('day-lesson');
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.textContent()).toContain('3 apprenants');
    await screenshot(teacher, 'attendance-day-fr');
    await card.getByTestId('take-attendance').click();
    await teacher.getByTestId('open-sheet').click();
    await expect.poll(() => teacher.getByTestId('sheet-line').count()).toBe(3);
    await teacher.getByTestId('toggle-qr').click();
    const qr = teacher.getByTestId('qr-code');
    await qr.waitFor();
    await screenshot(teacher, 'attendance-sheet-qr-fr');

    // The student, logged in on their phone, "scans": opens the address of the code on screen at that moment (a code
    // lives 10 s, so it is read after the phone's login, as a person points the phone once ready).
    const phoneContext = await newContext(browser, app.baseUrl, 'fr-FR', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true });
    const phone = await phoneContext.newPage();
    await login(phone, alice!.email);
    await phone.waitForURL('**/mon-espace');
    const scanned = new URL((await qr.getAttribute('data-url'))!);
    expect(scanned.pathname).toBe('/emargement/pointage');
    await phone.goto(scanned.pathname + scanned.search);
    await phone.getByTestId('checked-in').waitFor();
    await draw(phone);
    await screenshot(phone, 'attendance-check-in-phone-fr');
    await phone.getByTestId('sign-mine').click();
    await phone.getByTestId('signed-mine').waitFor();
    // A code copied and opened once its window is over is refused (an old window's code, as the server made it then).
    const stale = new URLSearchParams(scanned.search);
    const oldWindow = Number(stale.get('window')) - 3;
    stale.set('window', String(oldWindow));
    stale.set('code', await codeOfWindow(lesson.lessonId, oldWindow));
    const bobPhone = await phoneContext.newPage();
    await phone.close();
    await phoneContext.clearCookies();
    await login(bobPhone, bob!.email);
    await bobPhone.waitForURL('**/mon-espace');
    await bobPhone.goto(`${scanned.pathname}?${stale}`);
    expect(await bobPhone.getByTestId('check-in-refused').textContent()).toContain('expiré');
    await phoneContext.close();

    // The teacher sees the signature, marks Bob late and Carol absent, saves, signs and closes.
    await teacher.reload();
    await expect.poll(() => lineOf(teacher, alice!.lastName).getByTestId('signed').count()).toBe(1);
    await lineOf(teacher, bob!.lastName).getByTestId('mark-late').click();
    await lineOf(teacher, carol!.lastName).getByTestId('mark-absent').click();
    await teacher.getByTestId('save-sheet').click();
    await expect.poll(async () => (await app.core.db.knex('attendance_lines').where({ student_id: bob!.studentId }).first('status'))?.status).toBe('late');
    await teacher.getByTestId('close-sheet').click();
    await draw(teacher);
    await screenshot(teacher, 'attendance-close-dialog-fr');
    await teacher.getByTestId('confirm-signature').click();
    await expect.poll(() => teacher.getByTestId('sheet-state').textContent()).toBe('Clôturée');
    await teacher.getByRole('dialog').waitFor({ state: 'detached' });
    await screenshot(teacher, 'attendance-sheet-closed-fr');

    const knex = app.core.db.knex;
    const statuses = Object.fromEntries((await knex('attendance_lines').whereIn('student_id', [alice!.studentId, bob!.studentId, carol!.studentId]).select('student_id', 'status')).map((r) => [r.student_id, r.status]));
    expect(statuses).toEqual({ [alice!.studentId]: 'present', [bob!.studentId]: 'late', [carol!.studentId]: 'absent' });
    const signatures = await knex('attendance_signatures').where({ lesson_id: lesson.lessonId }).orderBy('seq');
    expect(signatures.map((s) => [s.signer_id, s.method])).toEqual([[alice!.studentId, 'qr'], [lesson.teacherId, 'pad']]);
    expect((signatures[0].strokes as number[][][])[0]!.length).toBeGreaterThan(3);
    await teacherContext.close();
  });

  it('shows the closed sheet in English and a student’s attendance', async () => {
    const context = await newContext(browser, app.baseUrl, 'en-US');
    const page = await context.newPage();
    await login(page, lesson.teacherEmail);
    await page.waitForURL('**/teacher/dashboard');
    await page.goto(`/my-courses/${lesson.subjectId}/seances/${lesson.lessonId}/attendance`);
    await expect.poll(() => page.getByTestId('sheet-state').textContent()).toBe('Closed');
    expect(await page.getByTestId('closing').textContent()).toContain('Signed and closed by the teacher');
    // Issue #25: the header names the subject, the group and the room; a closed sheet shows the signatures drawn (the
    // student's on their phone, the teacher's closing one) as images.
    const subject = await app.core.db.knex('school_subjects').where({ id: lesson.subjectId }).first('name');
    const group = await app.core.db.knex('planning_groups').where({ id: lesson.groupId }).first('name');
    expect(await page.getByTestId('sheet-header').textContent()).toBe(`${subject?.name} · Group ${group?.name} · No room`);
    expect(await page.getByTestId('signature-image').count()).toBe(1);
    expect(await page.getByTestId('signature-image').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(await page.getByTestId('closing-signature').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await screenshot(page, 'attendance-sheet-closed-en');
    await context.close();

    const studentContext = await newContext(browser, app.baseUrl, 'en-US');
    const student = await studentContext.newPage();
    await login(student, lesson.students[2]!.email);
    await student.waitForURL('**/my-space');
    await student.getByRole('link', { name: 'My attendance' }).click();
    await expect.poll(() => student.getByTestId('my-attendance').textContent()).toContain('Absent');
    await screenshot(student, 'attendance-mine-en');
    await studentContext.close();
    // Staff cannot open the student's and teacher's pages: each space keeps its own.
    const staff = await newContext(browser, app.baseUrl, 'en-US');
    const staffPage = await staff.newPage();
    await login(staffPage, demo('pedagogy'));
    await staffPage.waitForURL('**/administration/dashboard');
    await staffPage.goto('/teacher/attendance');
    await staffPage.waitForURL('**/administration/dashboard');
    await staff.close();
  });
});
