import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { ApiClient, demo, type TestApp } from '../support/app.js';
import { makeApprentice, makeCompany, makeTraining } from '../support/booklets/fixtures.js';
import { login, newContext, screenshot } from '../support/browser.js';
import { gradedCourse } from '../support/marks/fixtures.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

// Issue 24, "Decimal marks cannot be typed": a person types a mark one key at a time, with a comma or a point, in French
// or English, on a phone or a desktop; 12.5 is what is stored and what the page shows back in the person's way.
// A mark out of 0–20 is refused with a message and nothing is saved (never clamped to 20).

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  ({ app, browser } = await startE2eFile());
}, 120_000);
afterAll(() => closeE2eFile({ browser, app }));

const phone: BrowserContextOptions = { viewport: { width: 390, height: 844 }, hasTouch: true };
const desktop: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };

const settings = {
  fr: {
    locale: 'fr-FR', options: phone, teacherHome: '/formateur/tableau-de-bord', exam: '/notes/examens/', coachHome: '/coach/tableau-de-bord', form: '/coach/formulaires-livret/',
    typed: ['12,5', '12.5', '8,75'], shown: ['12,5', '12,5', '8,75'], saved: 'Notes enregistrées.',
    markRefused: 'Une note est un nombre de 0 à 20 avec au plus deux décimales.', skillRefused: 'La note est un nombre de 0 à 20, avec au plus deux décimales.',
  },
  en: {
    locale: 'en-GB', options: desktop, teacherHome: '/teacher/dashboard', exam: '/marks/exams/', coachHome: '/coach/dashboard', form: '/coach/booklet-forms/',
    typed: ['12.5', '12,5', '8.75'], shown: ['12.5', '12.5', '8.75'], saved: 'Marks saved.',
    markRefused: 'A mark is a number from 0 to 20 with at most two decimals.', skillRefused: 'The mark is a number from 0 to 20 with at most two decimals.',
  },
} as const;

async function open(lang: 'fr' | 'en', email: string, home: string): Promise<Page> {
  const s = settings[lang];
  const context = await newContext(browser, app.baseUrl, s.locale, s.options);
  const page = await context.newPage();
  await login(page, email);
  await page.waitForURL(`**${home}`);
  return page;
}

/** Focuses a field as the person does (a tap on a phone, a click on a desktop), then types key by key. */
async function typeInto(page: Page, lang: 'fr' | 'en', field: Locator, text: string, replace = false) {
  if (lang === 'fr') await field.tap();
  else await field.click();
  if (replace) await field.selectText();
  await page.keyboard.type(text, { delay: 30 });
}

describe('decimal marks typed key by key', () => {
  for (const lang of ['fr', 'en'] as const) {
    const s = settings[lang];
    const where = lang === 'fr' ? '390 px phone, French' : '1440 px, English';

    it(`the teacher's exam grid keeps 12.5 typed with a comma or a point; 21 is refused, nothing saved (${where})`, async () => {
      const course = await gradedCourse(app, 'paris', 3);
      const exam = course.exams[0]!;
      const knex = app.core.db.knex;
      // The element and semester are set: the grid opens on them.
      const preset = await course.teacher.post(`/api/marks/exams/${exam}`, { gradeScaleElementId: course.elementIds[0], semester: 2, marks: [] });
      expect(preset.status).toBe(200);
      const stored = async () => Object.fromEntries((await knex('marks_exam_marks').where({ exam_id: exam }).select('student_id', knex.raw('value::float8 AS value')))
        .map((row: { student_id: string; value: number | null }) => [row.student_id, row.value]));

      const page = await open(lang, course.teacherEmail, s.teacherHome);
      await page.goto(`${s.exam}${exam}`);
      const line = (i: number) => page.locator(`[data-testid=mark-line][data-student="${course.students[i]!.studentId}"]`);
      const field = (i: number) => line(i).getByTestId('mark-value');
      await field(0).waitFor();
      for (const i of [0, 1, 2]) await typeInto(page, lang, field(i), s.typed[i]!);
      // What was typed stays in the field, separator included.
      for (const i of [0, 1, 2]) expect(await field(i).inputValue()).toBe(s.typed[i]!.replace(/[.,]/, lang === 'fr' ? ',' : '.'));
      await screenshot(page, `decimal-marks-grid-typed-${lang}`);
      await page.getByTestId('marks-save').click();
      await page.getByText(s.saved).waitFor();
      await expect.poll(stored).toEqual({ [course.students[0]!.studentId]: 12.5, [course.students[1]!.studentId]: 12.5, [course.students[2]!.studentId]: 8.75 });

      // Reloaded: the stored marks are shown the person's way.
      await page.reload();
      await field(0).waitFor();
      await expect.poll(() => field(0).inputValue()).toBe(s.shown[0]);
      expect(await field(1).inputValue()).toBe(s.shown[1]);
      expect(await field(2).inputValue()).toBe(s.shown[2]);
      await screenshot(page, `decimal-marks-grid-${lang}`);

      // 21: refused with a message, kept as typed (not clamped to 20), and nothing is saved.
      await typeInto(page, lang, field(0), '21', true);
      await page.getByTestId('marks-save').click();
      await expect.poll(() => line(0).textContent()).toContain(s.markRefused);
      expect(await field(0).inputValue()).toBe('21');
      await screenshot(page, `decimal-marks-grid-refused-${lang}`);
      expect(await stored()).toEqual({ [course.students[0]!.studentId]: 12.5, [course.students[1]!.studentId]: 12.5, [course.students[2]!.studentId]: 8.75 });
      expect(await page.getByText(s.saved).count()).toBe(0);

      // The server refuses it too, whoever sends it.
      const refused = await course.teacher.post(`/api/marks/exams/${exam}`, {
        gradeScaleElementId: course.elementIds[0], semester: 2, marks: [{ studentId: course.students[0]!.studentId, status: 'present', value: 21 }],
      });
      expect(refused.status).toBe(422);
      expect(await stored()).toEqual({ [course.students[0]!.studentId]: 12.5, [course.students[1]!.studentId]: 12.5, [course.students[2]!.studentId]: 8.75 });
      await page.context().close();
    }, 120_000);

    it(`a booklet evaluation keeps 12.5 typed with a comma or a point; 21 is refused, nothing saved (${where})`, async () => {
      const training = await makeTraining(app);
      const manager = new ApiClient(app.baseUrl, 'fr');
      await manager.login(demo('pedagogy'));
      await manager.post(`/api/coaching/trainings/${training.trainingId}/booklet-items`, { title: 'Évaluation intermédiaire', date: '2027-03-10', modules: ['intermediate-evaluation'] });
      for (const name of ['Communication', 'Rigueur', 'Autonomie']) await manager.post(`/api/coaching/thesis-skill/new/${training.trainingId}`, { name });
      const company = await makeCompany(app, training.campusId);
      const apprentice = await makeApprentice(app, training, company);
      const coachApi = new ApiClient(app.baseUrl, lang);
      await coachApi.login(apprentice.coachEmail);
      const [evaluation] = (await coachApi.get(`/api/booklets/registration/${apprentice.id}`)).json.booklet.forms as { id: string }[];
      const read = async () => (await coachApi.get(`/api/booklet-forms/${evaluation!.id}`)).json.form as { version: number; values: { skillMarks: { mark: number | null }[] } };

      const page = await open(lang, apprentice.coachEmail, s.coachHome);
      await page.goto(`${s.form}${evaluation!.id}`);
      await page.getByTestId('edit').click();
      await page.getByTestId('save').waitFor();
      const field = (i: number) => page.getByTestId('skill-mark').nth(i);
      for (const i of [0, 1, 2]) await typeInto(page, lang, field(i), s.typed[i]!);
      for (const i of [0, 1, 2]) expect(await field(i).inputValue()).toBe(s.typed[i]!.replace(/[.,]/, lang === 'fr' ? ',' : '.'));
      await screenshot(page, `decimal-marks-booklet-typed-${lang}`);
      await page.getByTestId('save-and-quit').click();
      await page.getByTestId('edit').waitFor();
      await expect.poll(async () => (await read()).values.skillMarks.map((s) => s.mark)).toEqual([12.5, 12.5, 8.75]);

      // Reloaded (save and quit reloads the page): shown the person's way.
      await expect.poll(() => field(0).inputValue()).toBe(s.shown[0]);
      expect(await field(1).inputValue()).toBe(s.shown[1]);
      expect(await field(2).inputValue()).toBe(s.shown[2]);
      await screenshot(page, `decimal-marks-booklet-${lang}`);

      // 21: refused with a message next to the field, kept as typed, nothing sent.
      const before = await read();
      await page.getByTestId('edit').click();
      await page.getByTestId('save').waitFor();
      await typeInto(page, lang, field(0), '21', true);
      await page.getByTestId('save').click();
      await page.getByText(s.skillRefused).waitFor();
      expect(await field(0).inputValue()).toBe('21');
      await screenshot(page, `decimal-marks-booklet-refused-${lang}`);
      const after = await read();
      expect(after.version).toBe(before.version);
      expect(after.values.skillMarks.map((s) => s.mark)).toEqual([12.5, 12.5, 8.75]);
      await page.context().close();
    }, 120_000);
  }
});
