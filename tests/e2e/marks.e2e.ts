import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { demo, type TestApp } from '../support/app.js';
import { loggedInPage, navEntry, screenshot, typeInto } from '../support/browser.js';
import { withDemoPassword } from '../support/attendance/fixtures.js';
import { gradedCourse } from '../support/marks/fixtures.js';
import { makePerson, tag } from '../support/planning/fixtures.js';
import { startTestWorker } from '../support/worker.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

let app: TestApp;
let browser: Browser;
let course: Awaited<ReturnType<typeof gradedCourse>>;
let worker: Awaited<ReturnType<typeof startTestWorker>>;

beforeAll(async () => {
  ({ app, browser, worker } = await startE2eFile({ worker: true }));
  course = await gradedCourse(app, 'paris', 3);
}, 120_000);
afterAll(() => closeE2eFile({ browser, worker, app }));

const as = (email: string, locale: string, home: string) => loggedInPage(browser, app.baseUrl, email, locale, home);

const nav = navEntry;

describe('marks and report cards in the browser', () => {
  it('the teacher enters an exam\'s marks; the student sees them and the report card; staff see the group', async () => {
    const teacher = await as(course.teacherEmail, 'fr-FR', '/formateur/tableau-de-bord');
    expect(await nav(teacher, 'marks.exams').textContent()).toBe('Notes');
    await nav(teacher, 'marks.exams').click();
    await teacher.waitForURL('**/notes/examens');
    await teacher.locator('[data-testid=gradable-exam][data-title="Examen 1"]').getByTestId('enter-marks').click();
    await teacher.waitForURL(`**/notes/examens/${course.exams[0]}`);
    const [a, b, c] = course.students;
    const line = (id: string) => teacher.locator(`[data-testid=mark-line][data-student="${id}"]`);
    await line(a!.studentId).waitFor();

    // The element is required: nothing is sent, the field says so.
    await typeInto(line(a!.studentId).getByTestId('mark-value'), '15,5'.replace(',', '.'));
    await typeInto(line(b!.studentId).getByTestId('mark-value'), '8');
    await line(c!.studentId).getByText('Absent').click();
    await typeInto(line(a!.studentId).getByTestId('mark-appraisal'), 'Très bon oral.');
    await teacher.getByTestId('marks-element').click();
    await teacher.getByRole('option', { name: new RegExp(`^Oral ${course.groupId.slice(0, 4)}`) }).click();
    await teacher.getByTestId('marks-semester').click();
    await teacher.getByRole('option', { name: 'Semestre 2' }).click();
    await screenshot(teacher, 'marks-entry-teacher-fr');
    await teacher.getByTestId('marks-save').click();
    await teacher.getByText('Notes enregistrées.').waitFor();
    const saved = await app.core.db.knex('marks_exam_marks').where({ exam_id: course.exams[0] }).orderBy('status').select('student_id', 'status', app.core.db.knex.raw('value::float8 AS value'));
    expect(saved).toEqual(expect.arrayContaining([
      { student_id: a!.studentId, status: 'present', value: 15.5 },
      { student_id: b!.studentId, status: 'present', value: 8 },
      { student_id: c!.studentId, status: 'absent', value: null },
    ]));

    // The student (English browser) sees the mark, then the report card.
    const student = await as(a!.email, 'en-GB', '/my-space');
    await nav(student, 'marks.mine').click();
    await student.waitForURL('**/my-marks');
    const mark = student.locator(`[data-testid=student-mark][data-exam="${course.exams[0]}"]`);
    await mark.waitFor();
    expect(await mark.getByTestId('student-mark-value').textContent()).toBe('15.50');
    expect(await student.getByTestId('my-marks-export').getAttribute('href')).toBe('/api/my-marks/export');
    await screenshot(student, 'marks-mine-student-en');
    await nav(student, 'marks.reportCards').click();
    await student.waitForURL('**/my-report-cards');
    const card = student.locator('[data-testid=report-card][data-semester="2"]');
    await card.waitFor();
    // Only the Oral element has a mark: the general average is its average.
    expect(await card.getByTestId('general-average').textContent()).toBe('General average: 15.50');
    const oral = await card.locator(`[data-testid=report-card-subject][data-name="Oral ${course.groupId.slice(0, 4)}"]`).textContent();
    expect(oral).toContain('15.50');
    expect(oral).toContain('Très bon oral.');
    await screenshot(student, 'marks-report-card-student-en');

    // French student space, the same report card.
    const studentFr = await as(b!.email, 'fr-FR', '/mon-espace');
    await nav(studentFr, 'marks.reportCards').click();
    await studentFr.waitForURL('**/mes-bulletins');
    await studentFr.locator('[data-testid=report-card][data-semester="2"]').getByText('Moyenne générale : 8,00').waitFor();
    await screenshot(studentFr, 'marks-report-card-student-fr');

    // Staff: the group's report cards for semester 2.
    const staff = await as(demo('pedagogy'), 'en-GB', '/administration/dashboard');
    await staff.goto(`/report-cards?group=${course.trainingGroupId}&semester=2`);
    const row = staff.locator(`[data-testid=report-card-row][data-student="${a!.studentId}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('15.50');
    await screenshot(staff, 'marks-group-staff-en');

    // A manager writes the general appraisal of a student.
    await row.getByTestId('open-appraisals').click();
    const general = staff.locator('[data-testid=appraisal][data-key=general]');
    await typeInto(general.getByTestId('appraisal-text'), 'A very good semester.');
    await general.getByTestId('appraisal-save').click();
    await staff.getByText('Appraisal saved.').waitFor();
    await screenshot(staff, 'marks-appraisals-staff-en');
    expect(await app.core.db.knex('marks_general_appraisals').where({ student_id: a!.studentId, semester: 2 }).first('text')).toEqual({ text: 'A very good semester.' });
    await staff.keyboard.press('Escape');

    // The zip of the group's report cards: a tracked run whose progress shows, then the download.
    await staff.getByTestId('report-cards-export-start').click();
    await staff.getByTestId('report-cards-download').waitFor({ timeout: 60_000 });
    expect(await staff.getByTestId('report-cards-export-status').textContent()).toMatch(/^Done: \d+ report cards\.$/);
    await screenshot(staff, 'marks-group-export-staff-en');
    const [download] = await Promise.all([staff.waitForEvent('download'), staff.getByTestId('report-cards-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^Report-cards-S2_.*\.zip$/);

    // A campus manager reaches any exam of the campus from there, in the staff space.
    await staff.getByTestId('staff-exams').click();
    await staff.waitForURL('**/administration/marks/exams');
    await staff.locator('[data-testid=gradable-exam][data-title="Examen 1"]').getByTestId('enter-marks').click();
    await staff.waitForURL(`**/administration/marks/exams/${course.exams[0]}`);
    const managed = staff.locator(`[data-testid=mark-line][data-student="${a!.studentId}"]`).getByTestId('mark-value');
    await expect.poll(() => managed.inputValue()).toBe('15.5');
    expect(await staff.getByTestId('marks-save').isVisible()).toBe(true);
  }, 120_000);

  it('a coach opens their apprentices\' marks, picks one and sees the report card and the marks, in French and English', async () => {
    const followed = await gradedCourse(app, 'paris', 2);
    const [a, b] = followed.students;
    const saved = await followed.teacher.post(`/api/marks/exams/${followed.exams[0]}`, {
      gradeScaleElementId: followed.elementIds[0], semester: 3,
      marks: [{ studentId: a!.studentId, status: 'present', value: 13.5, appraisal: 'Écrit soigné.' }, { studentId: b!.studentId, status: 'present', value: 7 }],
    });
    expect(saved.status).toBe(200);
    const knex = app.core.db.knex;
    const coachId = await makePerson(app, [followed.campusId], 'coach', tag('Coach'));
    const group = await knex('training_groups').where({ id: followed.trainingGroupId }).first('training_session_id');
    await knex('coach_attributions').insert({ coach_id: coachId, student_id: a!.studentId, campus_id: followed.campusId, training_session_id: group.training_session_id });
    const coachEmail = await withDemoPassword(app, coachId);

    const coach = await as(coachEmail, 'fr-FR', '/coach/tableau-de-bord');
    expect(await nav(coach, 'marks.followedCoach').textContent()).toBe('Notes de mes apprentis');
    await nav(coach, 'marks.followedCoach').click();
    await coach.waitForURL('**/coach/notes');
    const row = coach.locator(`[data-testid=followed-student-row][data-student="${a!.studentId}"]`);
    await row.waitFor();
    expect(await coach.locator(`[data-testid=followed-student-row][data-student="${b!.studentId}"]`).count()).toBe(0);
    await screenshot(coach, 'marks-followed-list-coach-fr');
    await row.getByTestId('followed-open').click();
    await coach.waitForURL((url) => url.pathname === '/coach/notes' && url.searchParams.get('student') === a!.studentId);
    const card = coach.locator('[data-testid=report-card][data-semester="3"]');
    await card.getByText('Moyenne générale : 13,50').waitFor();
    expect(await card.locator(`[data-testid=report-card-subject][data-name="Écrit ${followed.groupId.slice(0, 4)}"]`).textContent()).toContain('Écrit soigné.');
    expect(await coach.locator(`[data-testid=student-mark][data-exam="${followed.exams[0]}"]`).getByTestId('student-mark-value').textContent()).toBe('13,50');
    await screenshot(coach, 'marks-followed-coach-fr');

    // English: a link with ?student= (what another page gives) opens the apprentice at once.
    const english = await as(coachEmail, 'en-GB', '/coach/dashboard');
    await english.goto(`/coach/marks?student=${a!.studentId}`);
    await english.locator('[data-testid=report-card][data-semester="3"]').getByText('General average: 13.50').waitFor();
    await screenshot(english, 'marks-followed-coach-en');
  }, 120_000);
});
