import type { Browser, Page } from 'playwright-core';
import { demo } from '../app.js';
import { login, newContext, screenshot } from '../browser.js';
import { runAxe, type AxeViolation } from './axe.js';
import { pageIsoTexts } from './iso-text.js';
import { pageAt, type Lang, type WalkPage } from './pages.js';
import { untranslatedKeys } from './untranslated.js';
import { watchPage } from './watch.js';

// One stop of the walk: a page under one language's path, opened by its walker in a browser of that language.

export interface Stop {
  page: WalkPage;
  lang: Lang;
  /** Demo typology, null when logged out. */
  walker: string | null;
  path: string;
  /** The state of the walk's data this stop shows, when the page has several stops (tests/support/walk/states.ts). */
  state?: string;
  /** Whether axe checks the page here (the walk checks every page in both languages). */
  axe: boolean;
}

export interface StopResult extends Stop {
  problems: string[];
  violations: AxeViolation[];
  /** Whether axe ran here. */
  axed: boolean;
  /** Time the stop took, settling and checks included, and its parts. */
  ms: number;
  settleMs: number;
  axeMs: number;
}

const homes: Record<string, string> = { staff: 'staff.home', teacher: 'teacher.home', coach: 'coach.home', tutor: 'tutor.home', corporation: 'corporation.home', student: 'student.home' };

/**
 * Waits until the page has settled: no request of it waiting for a moment (a screen that loads its data in two
 * steps starts the second request in between), then its screen's code in (no pending route).
 */
export async function settle(tab: Page, inFlight: () => number): Promise<void> {
  const deadline = Date.now() + 20_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 30));
    if (inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 150) {
      const shown = await tab.evaluate(() => document.readyState === 'complete' && !document.querySelector('[data-testid="route-pending"]') && !!document.getElementById('root')?.childElementCount);
      if (shown && inFlight() === 0) return;
      quietSince = Date.now();
    }
  }
  throw new Error(`the page never settled (${inFlight()} requests still waiting)`);
}

/**
 * Walks one walker's stops in one language: a browser profile in that language, logged in once; the first
 * stop is loaded from the server, the next ones are reached as a link would (the router follows the address
 * pushed to the history), so each page is the client's own route for its path. `shot` names the pages to
 * photograph.
 */
export async function walkGroup(browser: Browser, baseUrl: string, stops: Stop[], table: readonly WalkPage[], areas: Set<string>, shot: Set<string>): Promise<StopResult[]> {
  const { walker, lang } = stops[0]!;
  const context = await newContext(browser, baseUrl, lang === 'fr' ? 'fr-FR' : 'en-US');
  const tab = await context.newPage();
  const watch = watchPage(tab);
  let loaded = false;
  if (walker) {
    await login(tab, demo(walker));
    await tab.waitForURL((url) => !/\/(login|connexion)$/.test(url.pathname), { timeout: 30_000 });
    await settle(tab, () => watch.inFlight());
    loaded = true;
  }
  const results: StopResult[] = [];
  for (const stop of stops) {
    watch.begin();
    const started = Date.now();
    let violations: AxeViolation[] = [];
    let [settleMs, axeMs] = [0, 0];
    const extra: string[] = [];
    try {
      if (loaded) await tab.evaluate((path) => window.history.pushState(null, '', path), stop.path);
      else await tab.goto(stop.path, { waitUntil: 'domcontentloaded' });
      loaded = true;
      await settle(tab, () => watch.inFlight());
      settleMs = Date.now() - started;
      const at = new URL(tab.url()).pathname;
      const landed = pageAt(table, at);
      if (!landed) extra.push(`landed on ${at}, no page of the table`);
      else if (!landed.langs.includes(stop.lang)) extra.push(`landed on ${at}, the other language's path`);
      else if (landed.page.id !== stop.page.id && (landed.page.id === 'login' || landed.page.id === homes[stop.page.space])) extra.push(`sent to ${at}: the walker may not see it`);
      for (const key of await untranslatedKeys(tab, areas)) extra.push(`untranslated key: ${key}`);
      for (const iso of await pageIsoTexts(tab)) extra.push(`ISO date in the text: ${iso}`);
      const axeStarted = Date.now();
      // The first stop of a tab checks the whole document (the space's shell in this language too).
      if (stop === stops[0]) violations = await runAxe(tab, 'page');
      else if (stop.axe) violations = await runAxe(tab, 'content');
      axeMs = Date.now() - axeStarted;
      if (shot.has(stop.page.id)) await screenshot(tab, `walk-${stop.page.id}${stop.state ? `-${stop.state}` : ''}-${stop.lang}`);
    } catch (error) {
      extra.push(`walk error: ${(error as Error).message.split('\n')[0]}`);
    }
    results.push({ ...stop, problems: [...(await watch.end()), ...extra], violations, axed: stop === stops[0] || stop.axe, ms: Date.now() - started, settleMs, axeMs });
  }
  await context.close();
  return results;
}
