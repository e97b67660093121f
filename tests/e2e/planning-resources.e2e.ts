import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { demo, startTestApp, type TestApp } from '../support/app.js';
import { fillDate, fillTime, launchBrowser, login, newContext, screenshot, typeInto } from '../support/browser.js';
import { insertLesson, makePerson, makePlanningGroup, makeRooms, parisTime, planningDemo, tag } from '../support/planning/fixtures.js';
import { makeTrainingGroup } from '../support/planning/resources.js';

// A week of its own for the plan: Monday 10 to Sunday 16 March 2031.
const week = { startDate: '2031-03-10', endDate: '2031-03-16' };
const shotsDir = '/tmp/shots';

let app: TestApp;
let browser: Browser;
let paris: string;
let rooms: string[];
let subjectName: string;
let teacherName: string;
let groupShortName: string;

/** A screenshot in the test artifacts and where the team looks at them. */
async function shot(page: Page, name: string) {
  await screenshot(page, name);
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

async function choose(page: Page, select: Locator, option: string | RegExp, search?: string) {
  await select.click();
  if (search) await typeInto(select, search);
  await page.getByRole('option', { name: option }).first().click();
}

async function toastSays(page: Page, text: string) {
  await expect.poll(() => page.getByTestId('toast').filter({ hasText: text }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
}

beforeAll(async () => {
  // WEB_DIST lets a run use its own build of the web client.
  app = await startTestApp(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {});
  browser = await launchBrowser();
  const ids = await planningDemo(app);
  paris = ids.paris;
  rooms = await makeRooms(app, paris, 3);
  const subjects = await app.core.db.knex('school_subjects').orderBy('name').limit(3).select('id', 'name');
  subjectName = subjects[0].name;
  teacherName = tag('Eformateur');
  const teacher = await makePerson(app, [paris], 'teacher', teacherName);
  const other = await makePerson(app, [paris]);
  const group = await makePlanningGroup(app, paris, { name: tag('BTS ') });
  // A believable week: lessons in the morning and the afternoon, one locked.
  const lessons: [string, string, string, number, string | null, 'active' | 'locked'][] = [
    ['2031-03-10', '09:00', '11:00', 0, teacher, 'active'],
    ['2031-03-10', '14:00', '17:00', 1, other, 'active'],
    ['2031-03-11', '08:30', '12:30', 1, teacher, 'locked'],
    ['2031-03-13', '10:00', '12:00', 2, other, 'active'],
    ['2031-03-14', '13:30', '16:30', 0, null, 'active'],
  ];
  for (const [i, [day, start, end, room, who, status]] of lessons.entries()) {
    await insertLesson(app, {
      campusId: paris, startAt: parisTime(day, start), endAt: parisTime(day, end), roomIds: [rooms[room]!], teacherIds: who ? [who] : [],
      planningGroupIds: i === 3 ? [] : [group], schoolSubjectId: subjects[i % subjects.length].id, status,
    });
  }
  await app.core.db.knex('room_bookings').insert({ room_id: rooms[2], campus_id: paris, title: 'Portes ouvertes', start_at: parisTime('2031-03-12', '13:00'), end_at: parisTime('2031-03-12', '17:00') });
  const { session } = ids;
  const start = new Date(`${session.startDate}T12:00:00Z`);
  start.setUTCDate(start.getUTCDate() + 7);
  const end = new Date(`${session.startDate}T12:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 280);
  const trainingGroup = await makeTrainingGroup(app, paris, { startDate: start.toISOString().slice(0, 10), endDate: end.toISOString().slice(0, 10) }, session.id);
  groupShortName = (await app.core.db.knex('training_groups').where({ id: trainingGroup }).first('short_name')).short_name;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

interface Words {
  locale: string;
  occupancy: (campus: string) => string;
  home: string;
  constraints: string;
  workStudies: string;
  booked: string;
  lessonTaken: (lesson: string) => string;
  twoDays: string;
  constraintAdded: string;
  periodAdded: string;
  titles: { day: string; month: string };
}

const french: Words = {
  locale: 'fr-FR',
  occupancy: (campus) => `/planification/ROS/campus/${campus}/${week.startDate}/${week.endDate}/week`,
  home: '/planification/ROS',
  constraints: '/planification/contraintes-formateurs',
  workStudies: '/planification/periodes-alternance',
  booked: 'La salle a été réservée.',
  lessonTaken: (lesson) => `La salle est occupée par le cours « ${lesson} » le 2031-03-10 de 09:00 à 11:00.`,
  twoDays: 'Avec toute la période, au moins deux jours doivent être choisis.',
  constraintAdded: 'La contrainte formateur a été ajoutée.',
  periodAdded: "La période d'alternance a été ajoutée.",
  titles: { day: 'Jour', month: 'Mois' },
};
const english: Words = {
  locale: 'en-US',
  occupancy: (campus) => `/planning/ROS/campus/${campus}/${week.startDate}/${week.endDate}/week`,
  home: '/planning/ROS',
  constraints: '/planning/trainer-constraints',
  workStudies: '/planning/work-study-periods',
  booked: 'The room has been booked.',
  lessonTaken: (lesson) => `The room is taken by the lesson “${lesson}” on 2031-03-10 from 09:00 to 11:00.`,
  twoDays: 'With the whole period, at least two days must be chosen.',
  constraintAdded: 'The trainer constraint has been added.',
  periodAdded: 'The work-study period has been added.',
  titles: { day: 'Day', month: 'Month' },
};

describe.each([['fr', french], ['en', english]] as const)('planning resources in %s', (lang, words) => {
  it('opens a campus week, books a free slot and sees it; a slot over a lesson is refused with the lesson named', async () => {
    const context = await newContext(browser, app.baseUrl, words.locale);
    const page = await context.newPage();
    await login(page, demo('pedagogy'));
    await page.waitForURL(/dashboard|tableau-de-bord/);

    // The home of the plan goes to the user's first campus, this week.
    await page.goto(words.home);
    await page.waitForURL(/\/ROS\/campus\/[0-9a-f-]{36}\/\d{4}-\d{2}-\d{2}\/\d{4}-\d{2}-\d{2}\/week$/);
    await page.getByTestId('occupancy-grid').waitFor();

    await page.goto(words.occupancy(paris));
    const row = (room: number) => page.locator(`[data-testid="ros-room"][data-room-id="${rooms[room]}"]`);
    await row(0).getByTestId('ros-lesson').first().waitFor();
    expect(await row(1).getByTestId('ros-lesson').count()).toBe(2);
    await shot(page, `resources-occupancy-week-${lang}`);

    // Wednesday is free in the first room: book it.
    const title = `Jury ${lang} ${tag('')}`;
    await row(0).locator('[data-testid="ros-cell"][data-day="2031-03-12"]').click();
    const form = page.getByTestId('booking-form');
    await form.waitFor();
    await typeInto(form.locator('#title'), title);
    // Each language books its own hours of the same afternoon.
    await fillTime(form.locator('#startTime'), lang === 'fr' ? '14:00' : '16:00');
    await fillTime(form.locator('#endTime'), lang === 'fr' ? '15:30' : '17:30');
    await shot(page, `resources-booking-form-${lang}`);
    await page.getByTestId('booking-form-submit').click();
    await toastSays(page, words.booked);
    await row(0).locator(`[data-testid="ros-booking"][data-booking-title="${title}"]`).waitFor();
    const [saved] = await app.core.db.knex('room_bookings').where({ room_id: rooms[0], title }).count({ n: '*' });
    expect(Number(saved!.n)).toBe(1);

    // Monday morning holds a lesson in that room: refused, the lesson named in the form.
    await row(0).locator('[data-testid="ros-cell"][data-day="2031-03-10"]').click({ position: { x: 5, y: 44 } });
    await form.waitFor();
    await typeInto(form.locator('#title'), 'Réunion');
    await fillTime(form.locator('#startTime'), '10:00');
    await fillTime(form.locator('#endTime'), '11:30');
    await page.getByTestId('booking-form-submit').click();
    await expect.poll(() => form.getByTestId('form-errors').textContent()).toBe(words.lessonTaken(subjectName));
    await shot(page, `resources-booking-refused-${lang}`);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });

    // Clicking the booking opens it for editing and deleting.
    await row(0).locator(`[data-testid="ros-booking"][data-booking-title="${title}"]`).click();
    await form.waitFor();
    expect(await form.locator('#title').inputValue()).toBe(title);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });

    // The day and month displays change the URL.
    await page.getByTestId('occupancy-type').getByText(words.titles.day, { exact: true }).click();
    await page.waitForURL(new RegExp(`/${week.startDate}/${week.startDate}/day$`));
    await row(1).getByTestId('ros-lesson').first().waitFor();
    await shot(page, `resources-occupancy-day-${lang}`);
    await page.getByTestId('occupancy-type').getByText(words.titles.month, { exact: true }).click();
    await page.waitForURL(/\/2031-03-01\/2031-03-31\/month$/);
    await row(2).getByTestId('ros-booking').first().waitFor();
    await shot(page, `resources-occupancy-month-${lang}`);
    await page.getByTestId('occupancy-next').click();
    await page.waitForURL(/\/2031-04-01\/2031-04-30\/month$/);
    await context.close();
  });

  it('adds a trainer constraint: one day of the whole period is refused, two days are kept', async () => {
    const context = await newContext(browser, app.baseUrl, words.locale);
    const page = await context.newPage();
    await login(page, demo('pedagogy'));
    await page.waitForURL(/dashboard|tableau-de-bord/);
    await page.goto(words.constraints);
    await choose(page, page.getByTestId('constraint-teacher'), new RegExp(teacherName), teacherName);
    const form = page.getByTestId('constraint-form');
    await form.waitFor();
    await page.locator('#allDay').click({ force: true });
    const first = lang === 'fr' ? '2031-04-14' : '2031-04-21';
    const next = lang === 'fr' ? '2031-04-15' : '2031-04-22';
    await fillDate(form.locator('#startDate'), first);
    await fillDate(form.locator('#endDate'), first);
    await typeInto(form.locator('#description'), 'Formation externe');
    await page.getByTestId('constraint-form-submit').click();
    await expect.poll(() => form.locator('#endDate-error').textContent().catch(() => null)).toBe(words.twoDays);
    await shot(page, `resources-constraint-two-days-${lang}`);
    await fillDate(form.locator('#endDate'), next);
    await page.getByTestId('constraint-form-submit').click();
    await toastSays(page, words.constraintAdded);
    await expect.poll(() => page.getByTestId('constraint-row').filter({ hasText: 'Formation externe' }).count()).toBeGreaterThan(0);
    await shot(page, `resources-constraints-${lang}`);
    await context.close();
  });

  it('adds a company period to a training group', async () => {
    const context = await newContext(browser, app.baseUrl, words.locale);
    const page = await context.newPage();
    await login(page, demo('pedagogy'));
    await page.waitForURL(/dashboard|tableau-de-bord/);
    await page.goto(words.workStudies);
    await choose(page, page.getByTestId('work-study-group'), new RegExp(groupShortName), groupShortName);
    await page.getByTestId('work-study-new').click();
    const form = page.getByTestId('work-study-form');
    await form.waitFor();
    const group = await app.core.db.knex('training_groups').where({ short_name: groupShortName }).first(app.core.db.knex.raw("to_char(start_date + (CASE WHEN ? = 'fr' THEN 14 ELSE 42 END), 'YYYY-MM-DD') AS start", [lang]));
    const startDate = group.start as string;
    const endDate = new Date(Date.parse(`${startDate}T12:00:00Z`) + 13 * 86_400_000).toISOString().slice(0, 10);
    await fillDate(form.locator('#startDate'), startDate);
    await fillDate(form.locator('#endDate'), endDate);
    await page.getByTestId('work-study-form-submit').click();
    await toastSays(page, words.periodAdded);
    await expect.poll(() => page.locator('[data-testid="work-study-row"][data-type="Entreprise"]').count()).toBeGreaterThan(0);
    await page.getByTestId('work-study-segment').first().waitFor();
    await shot(page, `resources-work-studies-${lang}`);
    await context.close();
  });
});
