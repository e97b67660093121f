// The social icons of mail templates, drawn here (simple shapes, no brand artwork) and rendered to 48×48 PNG once by
// `node modules/mailbox/assets/social/icons.svg.mjs` with the machine's Chromium: mail clients show PNG, not SVG.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const glyph = (text, size = 26) =>
  `<text x="24" y="25" text-anchor="middle" dominant-baseline="central" font-family="Arial, Helvetica, sans-serif" font-weight="bold" font-size="${size}" fill="#ffffff">${text}</text>`;
export const icons = {
  facebook: ['#1877f2', glyph('f', 30)],
  twitter: ['#000000', glyph('X', 24)],
  linkedin: ['#0a66c2', glyph('in', 22)],
  instagram: ['#d62976', '<rect x="13" y="13" width="22" height="22" rx="7" fill="none" stroke="#fff" stroke-width="3"/><circle cx="24" cy="24" r="5.5" fill="none" stroke="#fff" stroke-width="3"/><circle cx="30.5" cy="17.5" r="1.8" fill="#fff"/>'],
  youtube: ['#ff0000', '<path d="M19 15 L33 24 L19 33 Z" fill="#fff"/>'],
};
const svg = ([colour, inner]) => `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48"><circle cx="24" cy="24" r="24" fill="${colour}"/>${inner}</svg>`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const page = await browser.newPage({ viewport: { width: 48, height: 48 } });
  for (const [name, icon] of Object.entries(icons)) {
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg(icon)}</body></html>`);
    await page.screenshot({ path: path.join(here, `${name}.png`), omitBackground: true, clip: { x: 0, y: 0, width: 48, height: 48 } });
  }
  await browser.close();
}
