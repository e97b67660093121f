import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ApiClient, demoClients, startTestApp, type TestApp } from '../support/app.js';
import { artifactsDir, launchBrowser } from '../support/browser.js';
import { addresses, downloadRequests, downloadRoutes, workerRuns, type DownloadContext } from '../support/walk/downloads.js';
import { fillParams, stateStops, teacherSubject, type FillerContext } from '../support/walk/params.js';
import { fillTemplate, pageTable, type WalkPage } from '../support/walk/pages.js';
import { phoneGroup, phoneSpaces, type PhoneResult } from '../support/walk/phone.js';
import { walkerOf } from '../support/walk/roles.js';
import { insertWalkStates, type WalkStates } from '../support/walk/states.js';
import { catalogueAreas } from '../support/walk/untranslated.js';
import { walkGroup, type Stop, type StopResult } from '../support/walk/walk.js';
import { startTestWorker } from '../support/worker.js';

// Issue #14: every page of the page table (web/src/pages.ts) under its English path in an English browser and
// its French path in a French one, opened by a demo login of its space: no console error (a missing
// translation is one), no page error, no failed request or API answer of 400 and over, no key shown instead
// of its text, and no serious or critical axe-core violation. The stops are generated from the table: a new
// page is walked without a line here (a `$param` needs its filler in tests/support/walk/params.ts).
// Issue #30: the data holds every state a page can draw at any hour (tests/support/walk/states.ts: lessons
// past, in progress, coming, cancelled, never opened; sheets open and closed with every status; absences
// excused, refused, waiting, unjustified), not only those the seed's date happens to produce; a page that
// shows one state at a time (a sheet, an absence) has a stop per state.
// Issue #25, the phone pass: every stop of the student, teacher, coach, tutor and company spaces again at 390 × 844
// with touch, on the same data and logins (one browser profile per walker and language, no axe): no side scroll,
// no word or column cut off (tests/support/walk/phone.ts); every failing page named with its widest offender.

let app: TestApp;
let browser: Browser;
let table: WalkPage[];
let states: WalkStates;
let worker: Awaited<ReturnType<typeof startTestWorker>> | null = null;
/** The downloads' runs on the worker, started once the walk's ids are chosen (they add records). */
let runs: Promise<{ reportCardsOperation: string; signedForm: string }> | null = null;
/** A client logged in as a demo typology, in a language (one session each). */
const client = demoClients(() => app.baseUrl, 'en');

function startRuns() {
  runs ??= (async () => {
    worker = await startTestWorker(app.core);
    return workerRuns(app, (typology) => client(typology));
  })();
  // Awaited by the downloads test; a failure here must not be an unhandled rejection meanwhile.
  runs.catch(() => undefined);
  return runs;
}

beforeAll(async () => {
  [app, browser, table] = await Promise.all([startTestApp(), launchBrowser(), pageTable()]);
  states = await insertWalkStates(app, (typology) => client(typology), (await teacherSubject(app.core.db.knex)).schoolSubject);
}, 120_000);
afterAll(async () => {
  await runs?.catch(() => undefined);
  await worker?.stop();
  await browser?.close();
  await app?.close();
});

/** Pages photographed in both languages (tests/.artifacts/walk-<page>[-<state>]-<lang>.png). */
const photographed = new Set([
  'login', 'staff.home', 'students.show', 'planning.calendar', 'attendance.sheet', 'booklets.studentForm', 'marks.mine',
  // Where the walk's states show (issue #30): the course's lessons (the teacher's and the staff's view), the teacher's day, the student's pages.
  'courses.subject', 'courses.teacherCourse', 'attendance.day', 'timetable.student', 'attendance.mine', 'attendance.myAbsences',
]);

let planned: Promise<Stop[]> | null = null;
/** The stops, planned once for both passes (the fillers' data is created once). */
const plan = () => (planned ??= planStops());

async function planStops(): Promise<Stop[]> {
  const ctx: FillerContext = { knex: app.core.db.knex, as: (typology) => client(typology) };
  const stops: Stop[] = [];
  // PAGE_WALK_ONLY (a pattern of page ids) narrows a run while working on some screens.
  const only = process.env.PAGE_WALK_ONLY ? new RegExp(process.env.PAGE_WALK_ONLY) : null;
  // axe checks every page in both languages: their texts differ in length and wrap, and a label or name may be
  // missing from one language only.
  for (const page of table.filter((p) => !only || only.test(p.id))) {
    const params = await fillParams(page, ctx);
    for (const lang of ['en', 'fr'] as const) stops.push({ page, lang, walker: walkerOf(page, lang), path: fillTemplate(page[lang], params), axe: true });
    for (const [state, more] of Object.entries(stateStops(page, states))) {
      const search = more.search ? `?${more.search}` : '';
      for (const lang of ['en', 'fr'] as const) stops.push({ page, lang, walker: walkerOf(page, lang), path: `${fillTemplate(page[lang], more.params)}${search}`, state, axe: true });
    }
  }
  return stops;
}

/** Runs the stops of each walker and language in its own tab with `run`, `tabs` tabs at a time, largest groups first. */
async function inTabs<R>(stops: Stop[], tabs: number, run: (group: Stop[]) => Promise<R[]>): Promise<R[]> {
  const groups = new Map<string, Stop[]>();
  for (const stop of stops) {
    const key = `${stop.walker ?? 'anonymous'}|${stop.lang}`;
    groups.set(key, [...(groups.get(key) ?? []), stop]);
  }
  const queue = [...groups.values()].sort((a, b) => b.length - a.length);
  const results: R[] = [];
  await Promise.all(Array.from({ length: tabs }, async () => {
    for (let group = queue.shift(); group; group = queue.shift()) results.push(...(await run(group)));
  }));
  return results;
}

function walk(stops: Stop[], tabs: number): Promise<StopResult[]> {
  const areas = catalogueAreas();
  return inTabs(stops, tabs, (group) => walkGroup(browser, app.baseUrl, group, table, areas, photographed));
}

/** The phone pass's pages photographed at 390 px in both languages (tests/.artifacts/phone-<page>[-<state>]-<lang>.png). */
const photographedOnPhone = new Set(['attendance.sheet', 'marks.mine', 'attendance.myAbsences', 'attendance.mine', 'timetable.student', 'attendance.day']);

describe('every page of the page table, in English and in French', () => {
  it('opens as its walker with no console error, failed request, untranslated key, or serious or critical axe violation', async () => {
    const stops = await plan();
    void startRuns();
    const started = Date.now();
    const results = await walk(stops, 3);
    const byImpact = { critical: 0, serious: 0, moderate: 0, minor: 0 };
    for (const result of results) for (const violation of result.violations) byImpact[violation.impact] += 1;
    console.log(
      `page walk: ${results.length / 2} stops (${table.length} pages, some in several states) × 2 languages = ${results.length} page views in ${Math.round((Date.now() - started) / 1000)} s; ` +
        `axe on ${results.filter((r) => r.axed).length} page views (every page in both languages, the shell in each tab's), violations by impact: ` +
        `${Object.entries(byImpact).map(([impact, n]) => `${impact} ${n}`).join(', ')}`,
    );
    // The whole record (every impact, every stop) for a reader of a failed run.
    fs.mkdirSync(artifactsDir, { recursive: true });
    fs.writeFileSync(path.join(artifactsDir, 'page-walk.json'), JSON.stringify(results.map(({ page, ...rest }) => ({ page: page.id, ...rest })), null, 1));
    const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, 5).map((r) => `${r.page.id} ${r.lang} ${r.ms} ms`);
    const total = (pick: (r: StopResult) => number) => Math.round(results.reduce((sum, r) => sum + pick(r), 0) / 1000);
    console.log(`page walk: time in tabs ${total((r) => r.ms)} s, of which settling ${total((r) => r.settleMs)} s, axe ${total((r) => r.axeMs)} s`);
    console.log(`page walk: slowest stops ${slowest.join(', ')}`);
    const failures = Object.fromEntries(
      results
        .map((r) => [`${r.page.id}${r.state ? ` (${r.state})` : ''} ${r.lang} ${r.path} (${r.walker ?? 'logged out'})`, [
          ...r.problems,
          ...r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `axe ${v.impact} ${v.id}: ${v.help} — ${v.targets.join(' | ')} — ${v.summary}`),
        ]] as const)
        .filter(([, problems]) => problems.length),
    );
    expect(results).toHaveLength(stops.length);
    expect(failures).toEqual({});
  }, 600_000);
});

describe('every page of the student, teacher, coach, tutor and company spaces on a phone', () => {
  it('fits 390 × 844 (touch) in English and in French: no page scrolls sideways or cuts a word or a column off, main actions 44 px', async () => {
    const stops = (await plan()).filter((stop) => phoneSpaces.has(stop.page.space));
    const started = Date.now();
    const results: PhoneResult[] = await inTabs(stops, 3, (group) => phoneGroup(browser, app.baseUrl, group, photographedOnPhone));
    console.log(`page walk, phone pass: ${results.length} page views at 390 × 844 in ${Math.round((Date.now() - started) / 1000)} s`);
    const failures = Object.fromEntries(
      results.filter((r) => r.problems.length).map((r) => [`${r.stop.page.id}${r.stop.state ? ` (${r.stop.state})` : ''} ${r.stop.lang} ${r.stop.path}`, r.problems.join('; ')] as const),
    );
    expect(results).toHaveLength(stops.length);
    expect(failures).toEqual({});
  }, 300_000);
});

describe('the SPEC routes that answer a file', () => {
  it('answer the file under their English and their French path, to a login allowed to use them', async () => {
    const routes = downloadRoutes(app);
    const unknown = routes.filter((route) => !downloadRequests[route.name]).map((route) => route.name);
    // A new download route needs its request in tests/support/walk/downloads.ts.
    expect(unknown).toEqual([]);
    expect(Object.keys(downloadRequests).filter((name) => !routes.some((route) => route.name === name))).toEqual([]);
    const ctx: DownloadContext = { app, knex: app.core.db.knex, client: (typology) => client(typology), runs: startRuns() };
    const answers: Record<string, string> = {};
    for (const route of routes) {
      const request = await downloadRequests[route.name]!(ctx);
      for (const [index, address] of addresses(route, request).entries()) {
        const language = route.paths.length === 2 && index === 1 ? 'fr' : 'en';
        const api = request.as ? await client(request.as, language) : new ApiClient(app.baseUrl, language);
        const answer = await api.request(route.method.toUpperCase(), address, request.body);
        const type = answer.headers.get('content-type') ?? '';
        const disposition = answer.headers.get('content-disposition') ?? '';
        const file = answer.status === 200 && answer.text.length > 0 && !/json|html/.test(type) && (/^attachment/.test(disposition) || /^(text\/calendar|image\/|application\/(pdf|zip))/.test(type));
        answers[`${route.method.toUpperCase()} ${address}`] = file ? 'file' : `${answer.status} ${type} ${disposition} ${answer.text.slice(0, 200)}`;
      }
    }
    console.log(`page walk: downloads checked: ${routes.length} routes, ${Object.keys(answers).length} addresses (${routes.map((r) => r.name.replace('pepal_core_', '')).join(', ')})`);
    expect(Object.fromEntries(Object.entries(answers).filter(([, answer]) => answer !== 'file'))).toEqual({});
  }, 300_000);
});
