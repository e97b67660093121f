import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ApiClient, demo, type TestApp } from '../support/app.js';
import { lessonNow } from '../support/attendance/fixtures.js';
import { fillDate, fillTime, loggedInPage, navEntry, screenshot, typeInto } from '../support/browser.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

let app: TestApp;
let browser: Browser;
let lesson: Awaited<ReturnType<typeof lessonNow>>;

beforeAll(async () => {
  ({ app, browser } = await startE2eFile());
  lesson = await lessonNow(app, 'paris', 3);
}, 120_000);
afterAll(() => closeE2eFile({ browser, app }));

const as = (email: string, locale: string, home: string) => loggedInPage(browser, app.baseUrl, email, locale, home);

const nav = navEntry;

describe('courses in the browser', () => {
  it('the teacher creates and publishes an exercise, and a student of the group sees it', async () => {
    const teacher = await as(lesson.teacherEmail, 'fr-FR', '/formateur/tableau-de-bord');
    expect(await nav(teacher, 'courses.mine').textContent()).toBe('Mes cours');
    await nav(teacher, 'courses.mine').click();
    await teacher.waitForURL('**/mes-cours');
    await teacher.getByTestId('course-subject').first().getByTestId('open-subject').click();
    await teacher.waitForURL(`**/mes-cours/${lesson.subjectId}`);
    await expect.poll(() => teacher.getByTestId('course-lesson').count()).toBe(1);
    await screenshot(teacher, 'courses-subject-teacher-fr');

    await teacher.getByTestId('course-tab-exercises').click();
    await teacher.waitForURL(`**/mes-cours/${lesson.subjectId}/exercices`);
    await teacher.getByTestId('new-exercise').click();
    await teacher.waitForURL('**/exercices/nouveau');
    // Nothing filled: the form says what is missing and sends nothing.
    await teacher.getByTestId('exercise-save').click();
    await teacher.getByTestId('form-errors').waitFor();
    await typeInto(teacher.getByTestId('exercise-title'), 'Dérivées : exercices 1 à 4');
    await typeInto(teacher.getByTestId('exercise-instructions'), 'Rédiger les solutions sur copie double.');
    await fillDate(teacher.getByTestId('exercise-due-date'), '2027-02-01');
    expect(await teacher.getByTestId('group-choice').isChecked()).toBe(true);
    await teacher.getByTestId('exercise-save').click();
    await teacher.waitForURL(`**/mes-cours/${lesson.subjectId}/exercices`);
    const card = teacher.locator('[data-testid=exercise][data-title="Dérivées : exercices 1 à 4"]');
    await card.waitFor();
    expect(await card.getByTestId('published-badge').getAttribute('data-published')).toBe('false');
    await card.getByTestId('toggle-published').click();
    await expect.poll(() => card.getByTestId('published-badge').getAttribute('data-published')).toBe('true');
    expect(await card.textContent()).toContain('À rendre le lundi 1 février 2027');
    await screenshot(teacher, 'courses-exercises-teacher-fr');

    await teacher.getByTestId('course-tab-trombi').click();
    await expect.poll(() => teacher.getByTestId('trombi-student').count()).toBe(3);
    await screenshot(teacher, 'courses-trombi-teacher-fr');

    const student = await as(lesson.students[0]!.email, 'fr-FR', '/mon-espace');
    await nav(student, 'courses.student').click();
    await student.waitForURL('**/mon-espace/cours');
    const seen = student.locator('[data-testid=student-exercise][data-title="Dérivées : exercices 1 à 4"]');
    await seen.waitFor();
    expect(await seen.textContent()).toContain('Rédiger les solutions sur copie double.');
    await screenshot(student, 'courses-student-fr');
  });

  it('reads the same pages in English', async () => {
    const teacher = await as(lesson.teacherEmail, 'en-US', '/teacher/dashboard');
    await nav(teacher, 'courses.mine').click();
    await teacher.waitForURL('**/my-courses');
    await teacher.getByTestId('open-subject').first().click();
    await teacher.waitForURL(`**/my-courses/${lesson.subjectId}`);
    await expect.poll(() => teacher.getByTestId('course-lesson').count()).toBe(1);
    expect(await teacher.getByTestId('course-tab-exercises').textContent()).toBe('Exercises');
    await screenshot(teacher, 'courses-subject-teacher-en');
    await teacher.getByTestId('course-tab-exercises').click();
    await teacher.locator('[data-testid=exercise]').first().waitFor();
    await screenshot(teacher, 'courses-exercises-teacher-en');

    // An exam published through the API: the student's page lists it beside the exercise.
    const api = new ApiClient(app.baseUrl, 'en');
    await api.login(lesson.teacherEmail);
    const exam = await api.post(`/api/my-courses/${lesson.subjectId}/exams`, {
      title: 'Mid-term', planningGroupIds: [lesson.groupId], date: '2027-03-10', time: '09:30', durationMinutes: 120, coefficient: 2, published: true,
    });
    expect(exam.status).toBe(200);

    const student = await as(lesson.students[1]!.email, 'en-GB', '/my-space');
    await nav(student, 'courses.student').click();
    await student.waitForURL('**/my-space/courses');
    const seen = student.locator('[data-testid=student-exercise]').first();
    await seen.waitFor();
    expect(await seen.textContent()).toContain('Due Monday, February 1, 2027');
    expect(await student.locator('[data-testid=student-exam][data-title="Mid-term"]').textContent()).toContain('On Wednesday, March 10, 2027 at 09:30');
    // Only "My courses" is active, not "My space" above it.
    const active = student.getByTestId('space-nav').locator('[data-page-id][data-active]');
    expect(await active.evaluateAll((found) => found.map((a) => a.getAttribute('data-page-id')))).toEqual(['courses.student']);
    await student.mouse.move(1200, 750);
    await screenshot(student, 'courses-student-en');
  });

  it('staff read a teacher’s course from the teacher’s page', async () => {
    const staff = await as(demo('pedagogy'), 'fr-FR', '/administration/tableau-de-bord');
    await staff.goto(`/formateurs/${lesson.teacherId}/informations`);
    await staff.getByTestId('teacher-courses').click();
    await staff.waitForURL(`**/formateurs/${lesson.teacherId}/cours`);
    await staff.getByTestId('open-subject').first().click();
    await staff.waitForURL(`**/formateurs/${lesson.teacherId}/cours/${lesson.subjectId}`);
    await staff.getByTestId('course-tab-exercises').click();
    await staff.waitForURL('**/exercices');
    await staff.locator('[data-testid=exercise][data-title="Dérivées : exercices 1 à 4"]').waitFor();
    await screenshot(staff, 'courses-staff-exercises-fr');

    // A campus manager writes on the teacher's course too: an exam from the staff's own pages.
    await staff.getByTestId('course-tab-exams').click();
    await staff.waitForURL('**/examens');
    await staff.getByTestId('new-exam').click();
    await staff.waitForURL(`**/formateurs/${lesson.teacherId}/cours/${lesson.subjectId}/examens/nouveau`);
    await typeInto(staff.getByTestId('exam-title'), 'Contrôle commun');
    await fillDate(staff.getByTestId('exam-date'), '2027-03-01');
    await fillTime(staff.locator('#time'), '09:00');
    await staff.getByTestId('exam-save').click();
    await staff.waitForURL(`**/formateurs/${lesson.teacherId}/cours/${lesson.subjectId}/examens`);
    await staff.locator('[data-testid=exam][data-title="Contrôle commun"]').waitFor();
    await screenshot(staff, 'courses-staff-exam-fr');
  });
});
