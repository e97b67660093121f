import type { Browser, Page } from 'playwright-core';
import { demo } from '../app.js';
import { login, newContext, screenshot } from '../browser.js';
import type { Space } from './pages.js';
import { settle, type Stop } from './walk.js';
import { watchPage } from './watch.js';

// Issue #25, the phone pass of the page walk: every page of the spaces people use on a phone, at 390 × 844 with
// touch, in both languages, must not scroll sideways (`document.documentElement.scrollWidth <= innerWidth`) nor cut
// its words or columns off ("A…", a badge's "NON JUS…", a table's last columns hidden by its card), and its main
// actions are at least 44 px for a finger (mainActions below). A page that does
// is reported with the widest element sticking out of the screen, or each box that cuts (tests/e2e/header-phone.e2e.ts
// measured the header the same way). One browser profile per walker and language, logged in once, as the desktop walk does.

export const phoneSpaces: ReadonlySet<Space> = new Set<Space>(['student', 'teacher', 'coach', 'tutor', 'corporation']);

export const phoneViewport = { width: 390, height: 844 };

export interface PhoneResult {
  stop: Stop;
  /** What is wrong: a side scroll (with its widest offender) or a walk error; empty when the page fits. */
  problems: string[];
}

/**
 * How much the page scrolls sideways, and the widest element reaching past the screen's right edge that no scrolling
 * or clipping box of the page holds, as a short selector.
 */
export function sideScroll(tab: Page): Promise<{ scrollWidth: number; innerWidth: number; offender: string | null; clipped: string[] }> {
  return tab.evaluate(() => {
    const width = window.innerWidth;
    const describe = (element: Element): string => {
      const parts: string[] = [];
      for (let node: Element | null = element; node && node !== document.body && parts.length < 4; node = node.parentElement) {
        const testid = node.getAttribute('data-testid');
        const classes = [...node.classList].filter((c) => /^mantine-[A-Za-z]+-(root|table|label|inner|section|body)$/.test(c) || !c.startsWith('m_')).slice(0, 2);
        parts.unshift(`${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${testid ? `[data-testid="${testid}"]` : ''}${classes.map((c) => `.${c}`).join('')}`);
        if (node.id || testid) break;
      }
      return parts.join(' > ');
    };
    const held = (element: Element) => {
      for (let node = element.parentElement; node && node !== document.body && node !== document.documentElement; node = node.parentElement) {
        if (getComputedStyle(node).overflowX !== 'visible') return true;
      }
      return false;
    };
    let widest: { element: Element; width: number } | null = null;
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      // Only what reaches past the right edge widens the page (a drawer slid off to the left does not).
      if (box.width === 0 || box.right <= width + 0.5) continue;
      if (held(element)) continue;
      if (!widest || box.width > widest.width) widest = { element, width: box.width };
    }
    // Text or content cut off: a box that hides what is wider than it (a badge's label ending in "…", a table in a
    // card that clips it) hides a word or a column; a scrolling box (overflow auto) is left alone, its content is
    // reachable. Form fields scroll their text by nature; a box of 1 px is a visually hidden one (a stacked
    // table's header row, for screen readers), and a few pixels are a border or a shadow.
    const clipped: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      if (!(element instanceof HTMLElement) || element.clientWidth <= 1 || element.scrollWidth <= element.clientWidth + 4) continue;
      if (element.matches('input, textarea, select')) continue;
      const overflow = getComputedStyle(element).overflowX;
      if (overflow !== 'hidden' && overflow !== 'clip') continue;
      const text = (element.textContent ?? '').trim().slice(0, 40);
      clipped.push(`${describe(element)}${text ? ` "${text}"` : ''} (${element.scrollWidth} px in ${element.clientWidth})`);
    }
    return {
      clipped,
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: width,
      offender: widest ? `${describe(widest.element)} (${Math.round(widest.width)} px wide)` : null,
    };
  });
}

/**
 * The main actions of the phone pages, by test id: a finger needs at least 44 × 44 px (issue #25). The take-attendance
 * and day buttons of the teacher's day, the sheet's buttons and each line's statuses and "sign here", the student's
 * justify and add-a-justification, the follower's open, the teacher's enter-marks.
 */
export const mainActions = [
  'take-attendance', 'day-previous', 'day-next', 'everyone-present', 'toggle-qr', 'save-sheet', 'close-sheet', 'mark-present', 'mark-late',
  'mark-absent', 'sign-on-device', 'justify-absence', 'add-justificative', 'followed-open', 'enter-marks',
];

/** The main actions on the page smaller than 44 × 44 px, with their size. */
export function smallTargets(tab: Page): Promise<string[]> {
  return tab.evaluate((ids) => {
    const small: string[] = [];
    for (const id of ids) {
      for (const element of document.querySelectorAll(`[data-testid="${id}"]`)) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue;
        if (box.height < 43.5 || box.width < 43.5) small.push(`${id} "${(element.textContent ?? '').trim()}" (${Math.round(box.width)} × ${Math.round(box.height)} px)`);
      }
    }
    return [...new Set(small)];
  }, mainActions);
}

/**
 * Walks one walker's stops in one language on a phone; `shot` names the pages photographed (phone-<page>[-<state>]-<lang>.png):
 * the first screen a person sees, the whole page for a sheet (its signatures are at its end).
 */
export async function phoneGroup(browser: Browser, baseUrl: string, stops: Stop[], shot: ReadonlySet<string>): Promise<PhoneResult[]> {
  const { walker, lang } = stops[0]!;
  if (!walker) throw new Error('the phone pass walks logged-in spaces only');
  const context = await newContext(browser, baseUrl, lang === 'fr' ? 'fr-FR' : 'en-US', { viewport: phoneViewport, hasTouch: true });
  const tab = await context.newPage();
  const watch = watchPage(tab);
  const results: PhoneResult[] = [];
  try {
    await login(tab, demo(walker));
    await tab.waitForURL((url) => !/\/(login|connexion)$/.test(url.pathname), { timeout: 30_000 });
    await settle(tab, () => watch.inFlight());
    for (const stop of stops) {
      const problems: string[] = [];
      watch.begin();
      try {
        await tab.evaluate((path) => window.history.pushState(null, '', path), stop.path);
        await settle(tab, () => watch.inFlight());
        const at = new URL(tab.url()).pathname;
        if (at !== stop.path.split('?')[0]) problems.push(`landed on ${at}`);
        const scroll = await sideScroll(tab);
        if (scroll.scrollWidth > scroll.innerWidth) problems.push(`scrolls sideways: ${scroll.scrollWidth} px wide for ${scroll.innerWidth}; widest offender ${scroll.offender ?? 'not found'}`);
        for (const box of scroll.clipped) problems.push(`cut off: ${box}`);
        for (const target of await smallTargets(tab)) problems.push(`touch target under 44 px: ${target}`);
        if (shot.has(stop.page.id)) await screenshot(tab, `phone-${stop.page.id}${stop.state ? `-${stop.state}` : ''}-${lang}`, { fullPage: stop.page.id === 'attendance.sheet' });
      } catch (error) {
        problems.push(`walk error: ${(error as Error).message.split('\n')[0]}`);
      }
      // Console errors, failed requests and the rest are the desktop walk's to report, on the same pages.
      await watch.end();
      results.push({ stop, problems });
    }
  } finally {
    await context.close();
  }
  return results;
}
