import type { Page } from 'playwright-core';

// Issue #25: nothing a person reads shows an ISO date or date-time (API JSON keeps ISO; pages write
// 28/11/2026 23:26, 1er décembre…). The page's visible text only: input values are not innerText.

/** A day 'YYYY-MM-DD' (a real-looking one), with its time when one follows ('T22:26', ' 22:26:58', 'Z'…). */
export const isoPattern = /(?<![\d/.-])\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?(?![\d-])/g;

/** The ISO dates and date-times in a text, each once. */
export function isoTexts(text: string): string[] {
  return [...new Set([...text.matchAll(isoPattern)].map((match) => match[0]))];
}

/** The ISO dates and date-times the page shows (its title and body text). */
export async function pageIsoTexts(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => [document.title, document.body.innerText].join('\n'));
  return isoTexts(text);
}
