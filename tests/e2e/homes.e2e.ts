import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { addDays, todayIn } from '@alterna/core/dates';
import { demo, type TestApp } from '../support/app.js';
import { lessonNow, markedSheet } from '../support/attendance/fixtures.js';
import { newContext, phoneContext, screenshot, tapLogin } from '../support/browser.js';
import { insertLesson, makeRooms, parisTime } from '../support/planning/fixtures.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

// Issue #25 "Homes that start the day", on phones (390 × 844, touch) in French and English, at an instant when a
// lesson is under way (run with ALTERNA_NOW, e.g. 2026-12-07T10:00): the teacher's home lists it and opens its sheet
// in one tap, and flags a past lesson whose sheet was never closed; the student's home shows the next lesson (room,
// teacher) and an absence to justify, a tap from its justification; staff see the unclosed sheet on their dashboard.

let app: TestApp;
let browser: Browser;
let fixture: Awaited<ReturnType<typeof homes>>;

/**
 * A lesson under way now (a room, three students), the same group's lesson three days ago whose closed sheet has
 * the first student absent, and yesterday's lesson whose sheet the teacher never took.
 */
async function homes() {
  const knex = app.core.db.knex;
  const lesson = await lessonNow(app, 'paris', 3);
  const [roomId] = await makeRooms(app, lesson.campusId, 1);
  await knex('lesson_rooms').insert({ lesson_id: lesson.lessonId, room_id: roomId });
  const room = (await knex('rooms').where({ id: roomId }).first('name')).name as string;
  const base = { campusId: lesson.campusId, teacherIds: [lesson.teacherId], planningGroupIds: [lesson.groupId], schoolSubjectId: lesson.subjectId };
  const past = await insertLesson(app, { ...base, startAt: parisTime(addDays(todayIn(), -3), '09:00'), endAt: parisTime(addDays(todayIn(), -3), '10:30') });
  const { sheetId } = await markedSheet(app, { ...lesson, lessonId: past }, ['absent', 'present', 'present']);
  await knex('attendance_sheets').where({ id: sheetId }).update({ closed_at: knex.fn.now() });
  const absenceLine = (await knex('attendance_lines').where({ sheet_id: sheetId, student_id: lesson.students[0]!.studentId }).first('id')).id as string;
  const unclosed = await insertLesson(app, { ...base, startAt: parisTime(addDays(todayIn(), -1), '14:00'), endAt: parisTime(addDays(todayIn(), -1), '15:30') });
  const teacher = await knex('actors').where({ id: lesson.teacherId }).first('first_name', 'last_name');
  return { lesson, room, past, absenceLine, unclosed, teacherName: `${teacher.first_name} ${teacher.last_name}` };
}

beforeAll(async () => {
  ({ app, browser } = await startE2eFile());
  fixture = await homes();
}, 120_000);
afterAll(() => closeE2eFile({ browser, app }));

const phone = (locale: string) => phoneContext(browser, app.baseUrl, locale);


/** The page scrolls sideways when its content is wider than the window. */
const sideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const languages = [
  { locale: 'fr-FR', lang: 'fr', teacherHome: '**/formateur/tableau-de-bord', studentHome: '**/mon-espace', take: 'Prendre les présences' },
  { locale: 'en-US', lang: 'en', teacherHome: '**/teacher/dashboard', studentHome: '**/my-space', take: 'Take attendance' },
] as const;

describe('homes that start the day (390 px)', () => {
  for (const { locale, lang, teacherHome } of languages) {
    it(`teacher (${lang}): the lesson under way is one tap from its open sheet; the sheet never closed is flagged`, async () => {
      const { lesson, unclosed, room } = fixture;
      const context = await phone(locale);
      const page = await context.newPage();
      await tapLogin(page, lesson.teacherEmail);
      await page.waitForURL(teacherHome);
      const card = page.locator(`[data-testid=home-lesson][data-lesson-id="${lesson.lessonId}"]`);
      await card.waitFor();
      expect(await card.getAttribute('data-now')).toBe('true');
      expect(await card.getByTestId('home-lesson-details').textContent()).toContain(room);
      await page.locator(`[data-testid=unclosed-sheet][data-lesson-id="${unclosed}"]`).waitFor();
      // The welcome card is no longer the top of the home: it closes the page.
      const [lessonsTop, welcomeTop] = await Promise.all([page.getByTestId('home-lessons').boundingBox(), page.getByTestId('welcome-card').boundingBox()]);
      expect(welcomeTop!.y).toBeGreaterThan(lessonsTop!.y);
      expect(await sideScroll(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `home-teacher-390-${lang}`);

      // One tap: the sheet is open (the first language opens it on the way; the second finds it open).
      await card.getByTestId('home-take-attendance').tap();
      await page.waitForURL(`**/seances/${lesson.lessonId}/**`);
      await page.getByTestId('everyone-present').waitFor();
      expect(await page.getByTestId('open-sheet').count()).toBe(0);
      const sheet = await app.core.db.knex('attendance_sheets').where({ lesson_id: lesson.lessonId }).first('closed_at');
      expect(sheet).toEqual({ closed_at: null });
      expect(await page.getByTestId('sheet-line').count()).toBe(3);
      await context.close();
    });
  }

  for (const { locale, lang, studentHome } of languages) {
    it(`student (${lang}): the next lesson with its room and teacher, the attendance rate, an absence a tap from its justification`, async () => {
      const { lesson, room, past, teacherName } = fixture;
      const context = await phone(locale);
      const page = await context.newPage();
      await tapLogin(page, lesson.students[0]!.email);
      await page.waitForURL(studentHome);
      const next = page.getByTestId('home-next-lesson');
      await next.locator(`[data-lesson-id="${lesson.lessonId}"]`).waitFor();
      const details = await next.getByTestId('next-lesson-details').textContent();
      expect(details).toContain(room);
      expect(details).toContain(teacherName);
      const absence = page.getByTestId('home-absence');
      await expect.poll(() => absence.count()).toBe(1);
      expect(await page.getByTestId('home-attendance-rate').textContent()).toMatch(/%/);
      expect(await sideScroll(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `home-student-390-${lang}`);
      const absenceId = await absence.getAttribute('data-absence-id');
      const known = await app.core.db.knex('attendance_lines as l').join('attendance_sheets as s', 's.id', 'l.sheet_id').where({ 'l.id': fixture.absenceLine }).first('s.lesson_id');
      expect(known.lesson_id).toBe(past);
      await absence.getByTestId('home-justify').tap();
      await page.waitForURL(`**/${absenceId}/${lang === 'fr' ? 'voir-justificatif' : 'show-justificative'}/0`);
      await context.close();
    });
  }

  it('staff (1280 px) see the unclosed sheet on their campus, in French and English', async () => {
    const { lesson, unclosed } = fixture;
    for (const { locale, lang } of languages) {
      const context = await newContext(browser, app.baseUrl, locale, { hasTouch: true });
      const page = await context.newPage();
      await tapLogin(page, demo('pedagogy'));
      await page.waitForURL(lang === 'fr' ? '**/administration/tableau-de-bord' : '**/administration/dashboard');
      const campus = page.locator(`[data-testid=staff-unclosed-campus][data-campus-id="${lesson.campusId}"]`);
      await campus.locator(`[data-testid=unclosed-sheet][data-lesson-id="${unclosed}"]`).waitFor();
      expect(await campus.locator(`[data-lesson-id="${lesson.lessonId}"]`).count()).toBe(0);
      await screenshot(page, `home-staff-1280-${lang}`);
      await context.close();
      // The demo teacher's home as it looks with the demo centre's lessons.
      const teacher = await phone(locale);
      const tab = await teacher.newPage();
      await tapLogin(tab, demo('teacher'));
      await tab.waitForURL(lang === 'fr' ? '**/formateur/tableau-de-bord' : '**/teacher/dashboard');
      await tab.getByTestId('home-unclosed').waitFor();
      expect(await tab.getByTestId('unclosed-sheet').count()).toBeLessThanOrEqual(10);
      expect(await sideScroll(tab)).toBeLessThanOrEqual(0);
      await screenshot(tab, `home-demo-teacher-390-${lang}`);
      await teacher.close();
    }
  });

  it('the tutor, coach and company contact homes fit a phone, each apprentice’s links narrowed to them (fr, en)', async () => {
    const homesOf = { tutor: ['tuteur', 'tutor'], coach: ['coach', 'coach'], 'corporation-contact': ['entreprise', 'corporation'] } as const;
    for (const [typology, [fr, en]] of Object.entries(homesOf)) {
      for (const { locale, lang } of languages) {
        const context = await phone(locale);
        const tab = await context.newPage();
        await tapLogin(tab, demo(typology));
        await tab.waitForURL(`**/${lang === 'fr' ? fr : en}/${lang === 'fr' ? 'tableau-de-bord' : 'dashboard'}`);
        await tab.getByTestId('welcome-card').waitFor();
        if (typology !== 'corporation-contact') {
          // Each apprentice with what awaits, the links narrowed to them.
          const row = tab.getByTestId('apprentice-row').first();
          await row.waitFor();
          const student = await row.getAttribute('data-student-id');
          expect(await row.locator(`a[href*="student=${student}"]`).count()).toBe(1);
        }
        expect(await sideScroll(tab)).toBeLessThanOrEqual(0);
        await screenshot(tab, `home-${typology}-390-${lang}`);
        if (typology !== 'corporation-contact') {
          // The attendance link lands on that apprentice's card of the attendance page.
          const row = tab.getByTestId('apprentice-row').first();
          const student = await row.getAttribute('data-student-id');
          await row.locator(`a[href$="#student-${student}"]`).tap();
          await tab.locator(`[id="student-${student}"]`).waitFor();
          expect(await tab.locator(`[id="student-${student}"]`).getAttribute('data-testid')).toBe('coached-student');
        }
        await context.close();
      }
    }
  });
});
