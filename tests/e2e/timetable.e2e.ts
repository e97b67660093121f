import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../support/app.js';
import { lessonNow } from '../support/attendance/fixtures.js';
import { login, newContext, screenshot } from '../support/browser.js';
import { insertLesson, parisTime } from '../support/planning/fixtures.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';
import { addDays, todayIn } from '@alterna/core/dates';

let app: TestApp;
let browser: Browser;
let lesson: Awaited<ReturnType<typeof lessonNow>>;

beforeAll(async () => {
  ({ app, browser } = await startE2eFile());
  lesson = await lessonNow(app, 'paris', 1);
  // And one on this week's Sunday, which the week must show too (a Sunday lesson was left out).
  const today = todayIn();
  const sunday = addDays(today, (7 - new Date(`${today}T12:00:00Z`).getUTCDay()) % 7);
  const lessonNow90 = [Date.parse(lesson.startAt), Date.parse(lesson.startAt) + 90 * 60_000];
  const sundayStart = ['06:00', '12:00', '18:00'].map((time) => parisTime(sunday, time))
    .find((start) => Date.parse(start) + 60 * 60_000 <= lessonNow90[0]! || Date.parse(start) >= lessonNow90[1]!)!;
  await insertLesson(app, {
    campusId: lesson.campusId, startAt: sundayStart, endAt: new Date(Date.parse(sundayStart) + 60 * 60_000).toISOString(),
    teacherIds: [lesson.teacherId], planningGroupIds: [lesson.groupId], schoolSubjectId: lesson.subjectId,
  });
}, 120_000);
afterAll(() => closeE2eFile({ browser, app }));

describe('my timetable in the browser', () => {
  it('shows the teacher’s week in French and the student’s in English', async () => {
    for (const [email, locale, home, link] of [
      [lesson.teacherEmail, 'fr-FR', '**/formateur/tableau-de-bord', 'Mon emploi du temps'],
      [lesson.students[0]!.email, 'en-GB', '**/my-space', 'My timetable'],
    ] as const) {
      const context = await newContext(browser, app.baseUrl, locale);
      const page = await context.newPage();
      await login(page, email);
      await page.waitForURL(home);
      await page.getByRole('link', { name: link }).click();
      await expect.poll(() => page.getByTestId('timetable-lesson').count()).toBe(2);
      await expect.poll(() => page.getByTestId('timetable-day').last().getByTestId('timetable-lesson').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('timetable-lesson').first().textContent()).toContain('Culture générale');
      await screenshot(page, `timetable-${locale === 'fr-FR' ? 'teacher-fr' : 'student-en'}`);
      await page.getByTestId('next-week').click();
      await page.waitForURL('**?week=*');
      await expect.poll(() => page.getByTestId('timetable-lesson').count()).toBe(0);
      await context.close();
    }
  });
});
