import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// axe-core in the page (its own script, injected after the page has settled): WCAG 2.1 A and AA rules and
// the best practices. The walk fails on serious and critical violations and counts every impact.

// Evaluated through the DevTools protocol: the app's CSP (script-src 'self') refuses an inline script tag.
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface AxeViolation {
  id: string;
  impact: Impact;
  help: string;
  /** Where, as axe names the elements (at most a few), with the failure summary of the first. */
  targets: string[];
  summary: string;
}

interface AxeResult {
  violations: { id: string; impact: Impact | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
}

/**
 * `page`: the whole document (the shell too: header, menu, landmarks). `content`: what the page itself shows,
 * its main region and Mantine's portals (dialogs, menus) — the shell around it is the same on every page of a
 * space and is checked on the first page a tab walks.
 */
export async function runAxe(page: Page, scope: 'page' | 'content' = 'page'): Promise<AxeViolation[]> {
  // Colours are read as shown: a block still fading in (Editor.js's blocks do) would be judged at part opacity.
  // The finite animations are awaited (a spinner's never ends), two seconds at most.
  await page.evaluate(() => Promise.race([
    Promise.all(document.getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
      .map((animation) => animation.finished.catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, 2000)),
  ]));
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = (await page.evaluate(
    (content) =>
      (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<unknown> } }).axe.run(content ? { include: [['main'], ['[data-portal]']] } : document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
        resultTypes: ['violations'],
        // No stylesheet fetching for the one rule that reads the CSS (orientation lock): a notable cost per run.
        preload: false,
      }),
    scope === 'content',
  )) as AxeResult;
  return result.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact ?? 'minor',
    help: violation.help,
    targets: violation.nodes.slice(0, 4).map((node) => node.target.map(String).join(' ')),
    summary: (violation.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
  }));
}
