import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from '@alterna/core';

// A key shown instead of its text (`attendance.sheet.title`): the page's text and its labels for people
// (aria-label, title, placeholder, alt) must hold no dotted key of the web's catalogues. A key missing from
// the catalogue is also reported on the console by i18n.ts; this catches the others (a key built wrongly,
// an object where a string was meant).

const locales = path.join(repoRoot, 'web', 'src', 'locales');

/** First segments of the catalogue's keys: the web files' top-level keys and the modules' areas. */
export function catalogueAreas(): Set<string> {
  const areas = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name === 'en.json' || entry.name.endsWith('.en.json')) for (const key of Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')) as object)) areas.add(key);
    }
  };
  visit(locales);
  // The modules' catalogues, under the web's name of each area: `attendance: attendance.en,`.
  for (const match of fs.readFileSync(path.join(locales, 'catalogue.en.ts'), 'utf8').matchAll(/^\s*'?([\w-]+)'?:\s*\w+\.en,/gm)) areas.add(match[1]!);
  return areas;
}

/** Dotted catalogue keys in the page's text and labels (none expected). */
export async function untranslatedKeys(page: Page, areas: Set<string>): Promise<string[]> {
  const text = await page.evaluate(() => {
    const labels = [...document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')].flatMap((element) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? ''),
    );
    return [document.title, document.body.innerText, ...labels].join('\n');
  });
  const keys = new Set<string>();
  // A key: identifiers joined by dots, not part of an address, a file name or a longer word.
  for (const match of text.matchAll(/(?<![\w@/.:-])([a-z][\w-]*)((?:\.[A-Za-z][\w-]*)+)(?![\w@/-]|\.\w)/g)) {
    if (areas.has(match[1]!)) keys.add(match[0]);
  }
  return [...keys];
}
