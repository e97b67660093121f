import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { publicHolidaysBetween } from '@alterna/training-centre';
import { demo, startTestApp, type TestApp } from '../support/app.js';
import { fillDate, fillTime, launchBrowser, login, newContext, screenshot, typeInto } from '../support/browser.js';
import { startTestWorker } from '../support/worker.js';
import { insertLesson, makePerson, makePlanningGroup, makeRooms, parisTime, planningDemo, tag } from '../support/planning/fixtures.js';
import { todayIn } from '@alterna/core/dates';

// The planner's day in Chromium: a weekly series through the wizard, its lessons in the calendar, a drag refused
// on a busy room, a week moved by one day through the mass edit wizard, and that move undone.

let app: TestApp;
let browser: Browser;
let worker: Awaited<ReturnType<typeof startTestWorker>>;
let ids: Awaited<ReturnType<typeof planningDemo>>;
/** Our own resources: nothing else of the demo term collides with them. */
let own: { rooms: string[]; roomNames: string[]; teacher: string; teacherName: string; otherTeacher: string; group: string; groupName: string };
/** Two Paris weeks (Mondays) without closure nor public holiday, inside the session. */
let week1: string;
let week2: string;
/** The name of the series the French test creates (its operation's subject). */
let seriesSubject = '';

const knex = () => app.core.db.knex;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The first Monday at least two weeks ahead whose fortnight is open (no closure, no public holiday). */
async function openFortnight(): Promise<string> {
  const today = todayIn();
  let monday = addDays(today > ids.session.startDate ? today : ids.session.startDate, 14);
  while (new Date(`${monday}T12:00:00Z`).getUTCDay() !== 1) monday = addDays(monday, 1);
  for (; addDays(monday, 13) <= ids.session.endDate; monday = addDays(monday, 7)) {
    const end = addDays(monday, 13);
    const closures = await knex()('schedule_campus_closures').where({ campus_id: ids.paris }).andWhere('start_date', '<=', end).andWhere('end_date', '>=', monday).count({ n: '*' }).first();
    if (Number(closures?.n) === 0 && publicHolidaysBetween(monday, end).length === 0) return monday;
  }
  throw new Error('no open fortnight in the session');
}

beforeAll(async () => {
  app = await startTestApp(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {});
  worker = await startTestWorker(app.core);
  browser = await launchBrowser();
  ids = await planningDemo(app);
  const rooms = await makeRooms(app, ids.paris, 2);
  const roomNames = await knex()('rooms').whereIn('id', rooms).orderBy('name').pluck('name');
  const teacherName = tag('Prof');
  const teacher = await makePerson(app, [ids.paris], 'teacher', teacherName);
  const otherTeacher = await makePerson(app, [ids.paris]);
  const groupName = tag('Groupe E2E ');
  const group = await makePlanningGroup(app, ids.paris, { name: groupName, lines: { [ids.subjects.CGE!]: 30 } });
  own = { rooms, roomNames, teacher, teacherName, otherTeacher, group, groupName };
  week1 = await openFortnight();
  week2 = addDays(week1, 7);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await worker?.stop();
  await app?.close();
});

const texts = {
  fr: {
    locale: 'fr-FR',
    calendar: '/planification/calendrier',
    massCreate: '/planification/planification/creer/plusieurs',
    massEdit: '/planification/planification/modifier/plusieurs',
    progress: '/planification/avancement',
    operations: '/administration/operations-en-masse',
    undoKind: "Retour en arrière d'une opération de planning",
    created: 'Créé : 4',
    moved: 'Déplacé : 2',
    refused: 'Déplacement refusé',
    days: 'Vous devez sélectionner au moins un jour.',
    hours: '8 h / 30 h',
  },
  en: {
    locale: 'en-GB',
    calendar: '/planning/calendar',
    massCreate: '/planning/planning/create/many',
    massEdit: '/planning/planning/edit/many',
    progress: '/planning/progress',
    operations: '/administration/operations',
    undoKind: 'Undo of a planning operation',
    created: 'Created: 4',
    moved: 'Moved: 2',
    refused: 'Move refused',
    days: 'You must select at least one day.',
    hours: '8 h / 30 h',
  },
} as const;

/** Screenshots go to SHOTS_DIR (web-*.png) when set, else to the test artifacts. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return screenshot(page, `planning-${name}`);
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `web-${name}.png`), fullPage: true });
}

/** A tall window, so the whole 07:00–21:00 day of the week view is on screen for dragging. */
function newPlannerContext(locale: string): Promise<BrowserContext> {
  return newContext(browser, app.baseUrl, locale, { viewport: { width: 1440, height: 1200 } });
}

/** A page whose script errors are collected (the screens must not throw). */
async function plannerPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/** Picks the option of a Mantine Select / MultiSelect, typing a search first. */
async function choose(page: Page, select: Locator, option: string | RegExp, search?: string) {
  await select.click();
  if (search) await typeInto(select, search);
  await page.getByRole('option', { name: option }).first().click();
  // A multi-select stays open after a pick; Escape closes it (never a dialog around it once it is shut).
  if (await page.getByRole('listbox').filter({ visible: true }).count()) await page.keyboard.press('Escape');
}

/** Our group's lessons, in time order. */
const ourLessons = () =>
  knex()('lessons as l')
    .join('lesson_planning_groups as g', 'g.lesson_id', 'l.id')
    .where('g.planning_group_id', own.group)
    .orderBy('l.start_at')
    .select('l.id', 'l.start_at', 'l.end_at', 'l.status');

const eventOf = (page: Page, lessonId: string) => page.locator(`.fc-event:has([data-lesson-id="${lessonId}"])`);

async function waitRun(panel: Locator): Promise<void> {
  await expect.poll(() => panel.getByTestId('run-progress').first().getAttribute('data-status'), { timeout: 60_000, interval: 500 }).toBe('completed');
}

describe('planning in the browser (fr)', () => {
  it('creates a weekly series, finds it in the calendar, refuses a drag onto a busy room, moves a week and undoes it', async () => {
    const t = texts.fr;
    const context = await newPlannerContext(t.locale);
    const { page, errors } = await plannerPage(context);
    await login(page, demo('pedagogy'));
    await page.getByTestId('space-nav').waitFor();

    // Mass creation, step 1: the rules are checked before moving on (no day chosen yet).
    await page.goto(t.massCreate);
    const wizard = page.getByTestId('mass-create-page');
    await wizard.waitFor();
    const seriesName = tag('Série CGE ');
    seriesSubject = seriesName;
    await typeInto(wizard.getByTestId('create-name'), seriesName);
    await choose(page, wizard.getByTestId('create-campuses'), 'Paris');
    await fillDate(wizard.getByTestId('create-start-date'), week1);
    await fillDate(wizard.getByTestId('create-end-date'), addDays(week2, 4));
    await fillTime(wizard.getByTestId('create-start-time'), '09:00');
    await fillTime(wizard.getByTestId('create-end-time'), '11:00');
    await wizard.getByTestId('wizard-next').click();
    await expect.poll(() => wizard.getByText(t.days).count()).toBe(1);
    await shot(page, 'mass-create-step1-errors-fr');
    await wizard.getByTestId('day-1').check();
    await wizard.getByTestId('day-3').check();
    await shot(page, 'mass-create-step1-fr');
    await wizard.getByTestId('wizard-next').click();

    // Step 2: one line with our group, trainer, room and subject.
    const line = wizard.getByTestId('lesson-line').first();
    await line.waitFor();
    await choose(page, line.getByTestId('line-groups'), own.groupName, own.groupName.slice(0, 12));
    await choose(page, line.getByTestId('line-teachers'), new RegExp(own.teacherName), own.teacherName);
    await choose(page, line.getByTestId('line-rooms'), new RegExp(own.roomNames[0]!), own.roomNames[0]);
    await choose(page, line.getByTestId('line-subject'), /^CGE –/, 'CGE');
    await shot(page, 'mass-create-step2-fr');
    await wizard.getByTestId('create-start').click();

    // Live progress, then the result: four lessons (Mondays and Wednesdays of two weeks).
    const run = wizard.getByTestId('run-panel').first();
    await run.waitFor();
    await waitRun(run);
    await expect.poll(() => run.getByTestId('run-counts').first().textContent()).toContain(t.created);
    await expect.poll(() => run.getByTestId('result-row').count()).toBe(4);
    expect(await run.getByTestId('result-status').allTextContents()).toEqual(['Créé', 'Créé', 'Créé', 'Créé']);
    await shot(page, 'mass-create-results-fr');
    const created = await ourLessons();
    expect(created.map((l) => l.start_at.toISOString())).toEqual([
      parisTime(week1, '09:00'), parisTime(addDays(week1, 2), '09:00'), parisTime(week2, '09:00'), parisTime(addDays(week2, 2), '09:00'),
    ]);

    // Room 1 is taken on the Tuesday afternoon by a lesson of someone else.
    const tuesday = addDays(week1, 1);
    await insertLesson(app, { campusId: ids.paris, startAt: parisTime(tuesday, '14:00'), endAt: parisTime(tuesday, '16:00'), roomIds: [own.rooms[0]!], teacherIds: [own.otherTeacher], schoolSubjectId: ids.subjects.CGE, sessionId: ids.session.id });

    // The calendar at the series' first week shows its lessons.
    await run.getByTestId('run-calendar-link').click();
    await page.getByTestId('calendar-page').waitFor();
    expect(new URL(page.url()).searchParams.get('date')).toBe(week1);
    const monday = created[0]!.id;
    await eventOf(page, monday).waitFor();
    await eventOf(page, created[1]!.id).waitFor();
    expect(await eventOf(page, monday).textContent()).toContain('CGE');
    expect(await eventOf(page, monday).textContent()).toContain(own.groupName);
    await shot(page, 'calendar-week-fr');

    // Drag Monday's lesson onto Tuesday 14:00: refused, the room named, the lesson back on Monday.
    const event = eventOf(page, monday);
    await event.scrollIntoViewIfNeeded();
    const from = (await event.boundingBox())!;
    const column = (await page.locator(`td.fc-timegrid-col[data-date="${tuesday}"]`).boundingBox())!;
    const slot = (await page.locator('td.fc-timegrid-slot-lane[data-time="14:00:00"]').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + 4);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 8, from.y + 14, { steps: 4 });
    await page.mouse.move(column.x + column.width / 2, slot.y + 4, { steps: 12 });
    await page.mouse.up();
    const refusal = page.getByTestId('move-refusal');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(t.refused);
    expect(await refusal.getByTestId('conflict-message').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining(own.roomNames[0]!)]));
    const mondayColumn = (await page.locator(`td.fc-timegrid-col[data-date="${week1}"]`).boundingBox())!;
    await expect.poll(async () => {
      const box = (await event.boundingBox())!;
      return box.x >= mondayColumn.x - 1 && box.x + box.width <= mondayColumn.x + mondayColumn.width + 1;
    }).toBe(true);
    expect((await knex()('lessons').where({ id: monday }).first('start_at')).start_at.toISOString()).toBe(parisTime(week1, '09:00'));
    await shot(page, 'calendar-refused-drag-fr');

    // Mass edit: the first week of our group, moved one day later.
    await page.goto(t.massEdit);
    const edit = page.getByTestId('mass-edit-page');
    await edit.waitFor();
    await choose(page, edit.getByTestId('selection-groups'), own.groupName, own.groupName.slice(0, 12));
    await fillDate(edit.getByTestId('selection-from'), week1);
    await fillDate(edit.getByTestId('selection-to'), addDays(week1, 6));
    await edit.getByTestId('wizard-next').click();
    await expect.poll(() => edit.getByTestId('selection-error').count()).toBe(1);
    await edit.getByTestId('selection-search').click();
    await expect.poll(() => edit.getByTestId('selection-row').count()).toBe(2);
    await edit.getByTestId('selection-all').check();
    await shot(page, 'mass-edit-step1-fr');
    await edit.getByTestId('wizard-next').click();
    await edit.getByTestId('action-move').check();
    await typeInto(edit.getByTestId('move-delay'), '1');
    await shot(page, 'mass-edit-step2-fr');
    await edit.getByTestId('wizard-next').click();
    await expect.poll(() => edit.getByTestId('preview-row').count()).toBe(2);
    expect(await edit.getByTestId('preview-conflicts-count').textContent()).toContain('0');
    await shot(page, 'mass-edit-step3-fr');
    await edit.getByTestId('edit-start').click();
    const editRun = edit.getByTestId('run-panel').first();
    await waitRun(editRun);
    await expect.poll(() => editRun.getByTestId('run-counts').first().textContent()).toContain(t.moved);
    await shot(page, 'mass-edit-results-fr');
    const moved = await ourLessons();
    expect(moved.map((l) => l.start_at.toISOString())).toEqual([
      parisTime(addDays(week1, 1), '09:00'), parisTime(addDays(week1, 3), '09:00'), parisTime(week2, '09:00'), parisTime(addDays(week2, 2), '09:00'),
    ]);

    // Undo: the week goes back to Monday and Wednesday; the undo is a run of its own.
    await editRun.getByTestId('run-undo').click();
    await page.getByTestId('confirm-dialog').getByTestId('dialog-ok').click();
    const undo = edit.getByTestId('undo-run');
    await undo.waitFor();
    await waitRun(undo);
    await shot(page, 'mass-edit-undone-fr');
    await expect.poll(async () => (await ourLessons()).map((l) => l.start_at.toISOString()), { timeout: 10_000 }).toEqual(created.map((l) => l.start_at.toISOString()));

    // Planning progress of the group: 4 lessons of 2 hours out of 30.
    await page.goto(t.progress);
    await choose(page, page.getByTestId('progress-groups'), own.groupName, own.groupName.slice(0, 12));
    const card = page.getByTestId('progress-card').filter({ hasText: own.groupName });
    await expect.poll(() => card.getByTestId('progress-line').filter({ hasText: 'CGE' }).getByTestId('progress-hours').textContent()).toBe(t.hours);
    await shot(page, 'planning-progress-fr');
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});

describe('planning in the browser (en)', () => {
  it('shows the calendar, the lesson dialog and both wizards in English', async () => {
    const t = texts.en;
    const context = await newPlannerContext(t.locale);
    const { page, errors } = await plannerPage(context);
    await login(page, demo('pedagogy'));
    await page.getByTestId('space-nav').waitFor();
    const [first] = await ourLessons();

    // The calendar week of our group (a linkable view), then a lesson opened in its dialog.
    await page.goto(`${t.calendar}?campus=${ids.paris}&groups=${own.group}&date=${week1}`);
    await eventOf(page, first!.id).waitFor();
    expect(await page.getByTestId('mass-create-link').textContent()).toBe('Mass creation');
    await shot(page, 'calendar-week-en');
    await eventOf(page, first!.id).click();
    const dialog = page.getByTestId('lesson-form');
    await dialog.waitFor();
    expect(await page.getByTestId('lesson-start').inputValue()).toBe(`${week1}T09:00`);
    await shot(page, 'lesson-dialog-en');

    // Lock it: the lock shows and it can no longer be dragged; then unlock.
    await page.getByTestId('lesson-lock').click();
    await expect.poll(() => page.locator(`[data-lesson-id="${first!.id}"]`).getAttribute('data-status')).toBe('locked');
    expect(await eventOf(page, first!.id).getByTestId('lesson-locked').count()).toBe(1);
    expect((await knex()('lessons').where({ id: first!.id }).first('status')).status).toBe('locked');
    await eventOf(page, first!.id).click();
    expect(await page.getByTestId('lesson-save').count()).toBe(0);
    await page.getByTestId('lesson-lock').click();
    await expect.poll(() => page.locator(`[data-lesson-id="${first!.id}"]`).getAttribute('data-status')).toBe('active');

    // Select an empty Thursday afternoon: a new lesson, checked before it is sent (a group needs a subject).
    const thursday = addDays(week1, 3);
    const column = (await page.locator(`td.fc-timegrid-col[data-date="${thursday}"]`).boundingBox())!;
    const from = (await page.locator('td.fc-timegrid-slot-lane[data-time="14:00:00"]').boundingBox())!;
    const to = (await page.locator('td.fc-timegrid-slot-lane[data-time="15:30:00"]').boundingBox())!;
    await page.mouse.move(column.x + column.width / 2, from.y + 3);
    await page.mouse.down();
    await page.mouse.move(column.x + column.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.move(column.x + column.width / 2, to.y + to.height - 3, { steps: 4 });
    await page.mouse.up();
    await page.getByTestId('lesson-form').waitFor();
    expect(await page.getByTestId('lesson-start').inputValue()).toBe(`${thursday}T14:00`);
    expect(await page.getByTestId('lesson-end').inputValue()).toBe(`${thursday}T16:00`);
    await choose(page, page.getByTestId('lesson-groups'), own.groupName, own.groupName.slice(0, 12));
    await page.getByTestId('lesson-save').click();
    await expect.poll(() => page.getByTestId('lesson-form').getByText('A school subject is required when a planning group is chosen.').count()).toBe(1);
    await shot(page, 'lesson-create-errors-en');
    await choose(page, page.getByTestId('lesson-subject'), /^CGE –/, 'CGE');
    await page.getByTestId('lesson-save').click();
    await page.getByTestId('lesson-form').waitFor({ state: 'detached' });
    const single = await knex()('lessons as l').join('lesson_planning_groups as g', 'g.lesson_id', 'l.id')
      .where('g.planning_group_id', own.group).andWhere('l.start_at', parisTime(thursday, '14:00')).first('l.id');
    expect(single).toBeTruthy();
    await eventOf(page, single.id).waitFor();

    // Cancel it with a reason: shown greyed with its label, kept out of the drag; then delete it.
    await eventOf(page, single.id).click();
    await page.getByTestId('lesson-cancel').click();
    await choose(page, page.getByTestId('lesson-cancel-reason'), "Trainer's initiative");
    await typeInto(page.getByTestId('lesson-cancel-comment'), 'Trainer away');
    await page.getByTestId('lesson-cancel-submit').click();
    await expect.poll(() => page.locator(`[data-lesson-id="${single.id}"]`).getAttribute('data-status')).toBe('cancelled');
    expect(await eventOf(page, single.id).getByTestId('lesson-cancelled').textContent()).toBe('Cancelled');
    expect(await knex()('lessons').where({ id: single.id }).first('status', 'cancellation_type', 'cancel_desc')).toEqual({ status: 'cancelled', cancellation_type: 'teacher-initiative', cancel_desc: 'Trainer away' });
    await shot(page, 'calendar-cancelled-en');
    await eventOf(page, single.id).click();
    await page.getByTestId('lesson-delete').click();
    await page.getByTestId('confirm-dialog').getByTestId('dialog-ok').click();
    await expect.poll(() => eventOf(page, single.id).count()).toBe(0);
    expect(await knex()('lessons').where({ id: single.id }).first()).toBeUndefined();

    // Mass creation steps in English, with the step 1 rules.
    await page.goto(t.massCreate);
    const wizard = page.getByTestId('mass-create-page');
    await wizard.getByTestId('wizard-next').click();
    await expect.poll(() => wizard.getByText(t.days).count()).toBe(1);
    await shot(page, 'mass-create-step1-errors-en');
    await wizard.getByTestId('frequency-monthly').check();
    await shot(page, 'mass-create-step1-monthly-en');

    // Mass edit: selection and the action step.
    await page.goto(t.massEdit);
    const edit = page.getByTestId('mass-edit-page');
    await choose(page, edit.getByTestId('selection-groups'), own.groupName, own.groupName.slice(0, 12));
    await fillDate(edit.getByTestId('selection-from'), week1);
    await fillDate(edit.getByTestId('selection-to'), addDays(week2, 6));
    await edit.getByTestId('selection-search').click();
    await expect.poll(() => edit.getByTestId('selection-row').count()).toBe(4);
    await edit.getByTestId('selection-all').check();
    await shot(page, 'mass-edit-step1-en');
    await edit.getByTestId('wizard-next').click();
    await edit.getByTestId('action-cancel').check();
    await edit.getByTestId('wizard-next').click();
    await expect.poll(() => edit.getByText('A comment is required to cancel lessons.').count()).toBe(1);
    await shot(page, 'mass-edit-step2-en');

    await page.goto(t.progress);
    await choose(page, page.getByTestId('progress-groups'), own.groupName, own.groupName.slice(0, 12));
    await expect.poll(() => page.getByTestId('progress-hours').first().textContent()).toBe(t.hours);
    await shot(page, 'planning-progress-en');

    // The operations page: the series' results, then its undo, a run of its own that removes the lessons.
    await page.goto(t.operations);
    const creation = page.getByTestId('operation-row').filter({ hasText: seriesSubject });
    await creation.getByTestId('operation-toggle').click();
    const details = page.getByTestId('operation-details').filter({ has: page.getByTestId('results-table') });
    await expect.poll(() => details.getByTestId('result-row').count()).toBe(4);
    await shot(page, 'operations-results-en');
    await creation.getByTestId('operation-undo').click();
    await page.getByTestId('confirm-dialog').getByTestId('dialog-ok').click();
    const undone = page.getByTestId('operation-row').filter({ hasText: t.undoKind }).filter({ hasText: seriesSubject });
    await expect.poll(() => undone.first().getAttribute('data-status'), { timeout: 60_000, interval: 500 }).toBe('completed');
    await expect.poll(async () => (await ourLessons()).length, { timeout: 10_000 }).toBe(0);
    // An undone run offers no second undo, also once the page is loaded again.
    await creation.getByTestId('operation-undone').waitFor();
    expect(await creation.getByTestId('operation-undo').count()).toBe(0);
    await page.reload();
    await creation.getByTestId('operation-undone').waitFor();
    expect(await creation.getByTestId('operation-undo').count()).toBe(0);
    await shot(page, 'operations-undone-en');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});

describe('a refused drag proposes free slots (fr)', () => {
  it('moves the lesson to the proposed slot when its button is pressed', async () => {
    const t = texts.fr;
    const friday = addDays(week2, 4);
    const thursday = addDays(week2, 3);
    const lesson = await insertLesson(app, {
      campusId: ids.paris, startAt: parisTime(friday, '09:00'), endAt: parisTime(friday, '11:00'), roomIds: [own.rooms[1]!], teacherIds: [own.teacher],
      planningGroupIds: [own.group], schoolSubjectId: ids.subjects.CGE, sessionId: ids.session.id,
    });
    await insertLesson(app, { campusId: ids.paris, startAt: parisTime(thursday, '09:00'), endAt: parisTime(thursday, '11:00'), roomIds: [own.rooms[1]!], teacherIds: [own.otherTeacher], schoolSubjectId: ids.subjects.CGE, sessionId: ids.session.id });
    const context = await newPlannerContext(t.locale);
    const { page, errors } = await plannerPage(context);
    await login(page, demo('pedagogy'));
    await page.getByTestId('space-nav').waitFor();
    await page.goto(`${t.calendar}?campus=${ids.paris}&rooms=${own.rooms[1]}&date=${week2}`);
    const event = eventOf(page, lesson);
    await event.waitFor();

    const from = (await event.boundingBox())!;
    const column = (await page.locator(`td.fc-timegrid-col[data-date="${thursday}"]`).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + 4);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 - 8, from.y + 8, { steps: 4 });
    await page.mouse.move(column.x + column.width / 2, from.y + 4, { steps: 12 });
    await page.mouse.up();
    const refusal = page.getByTestId('move-refusal');
    await refusal.waitFor();
    const suggestion = refusal.getByTestId('conflict-suggestion').first();
    const startAt = await suggestion.getAttribute('data-start');
    expect(startAt).toBeTruthy();
    await suggestion.click();
    await refusal.waitFor({ state: 'detached' });
    expect((await knex()('lessons').where({ id: lesson }).first('start_at')).start_at.toISOString()).toBe(new Date(startAt!).toISOString());

    // The month view lists it too.
    await page.locator('.fc-dayGridMonth-button').click();
    await event.waitFor();
    await shot(page, 'calendar-month-fr');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
