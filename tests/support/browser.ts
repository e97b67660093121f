import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { repoRoot } from '@alterna/core';
import { clockOffset, now } from '@alterna/core/clock';

export const artifactsDir = path.join(repoRoot, 'tests', '.artifacts');

/** Debian's Chromium, headless, with the flags this closed network needs (no background connections). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** A fresh browser profile whose language is `locale` (Accept-Language and navigator.language); `options` for a phone's size. */
export async function newContext(browser: Browser, baseURL: string, locale: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale, extraHTTPHeaders: { 'accept-language': locale }, viewport: { width: 1280, height: 800 }, ...options });
  // The page's clock is the server's (a run at a set instant, tests/support/clock.ts), and it flows as real time does.
  if (clockOffset()) await context.clock.install({ time: now() });
  return context;
}

export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  // A page scrolled down (a form filled to its end) shot whole shows its fixed header and the off-screen skip link
  // where the scroll left them, over the content: shot from the top, it looks as the person sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage });
}

/** Types `text` into a field key by key, as a person does, over what it held (selected and deleted first). */
export async function typeInto(field: Locator, text: string, options: { delay?: number } = {}): Promise<void> {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Delete');
  await field.pressSequentially(text, options);
}

/** A phone as teachers, students and tutors hold it: 390 × 844 with touch. */
export function phoneContext(browser: Browser, baseURL: string, locale: string): Promise<BrowserContext> {
  return newContext(browser, baseURL, locale, { viewport: { width: 390, height: 844 }, hasTouch: true });
}

/** Logs in as a person does on a phone: each field tapped and typed key by key (the login chunk may be slow to come). */
export async function tapLogin(page: Page, email: string, password = 'alterna-demo'): Promise<void> {
  await page.goto('/');
  await page.locator('#email').waitFor({ timeout: 60_000 });
  await page.locator('#email').tap();
  await page.keyboard.type(email);
  await page.locator('#password').tap();
  await page.keyboard.type(password);
  await page.locator('button[type=submit]').tap();
}

export async function login(page: Page, email: string, password = 'alterna-demo'): Promise<void> {
  await page.goto('/');
  await typeInto(page.locator('#email'), email);
  await typeInto(page.locator('#password'), password);
  await page.locator('button[type=submit]').click();
}

/** Types a day ('YYYY-MM-DD') key by key into a date field the way the page shows it (dd/mm/yyyy in French, mm/dd/yyyy in English). */
export async function fillDate(field: Locator, iso: string): Promise<void> {
  const [y, m, d] = iso.split('-');
  const french = (await field.getAttribute('placeholder')) === 'jj/mm/aaaa';
  await typeInto(field, french ? `${d}/${m}/${y}` : `${m}/${d}/${y}`);
  await field.press('Tab');
}

/** Types 'HH:mm' into a time field (its hours, then its minutes box). */
export async function fillTime(field: Locator, time: string): Promise<void> {
  const [hours, minutes] = time.split(':');
  const boxes = field.locator('input:not([type=hidden])');
  await typeInto(boxes.nth(0), hours!);
  await typeInto(boxes.nth(1), minutes!);
}

/** A page of a new browser profile in that language, logged in as `email` and landed on its home (`**<home>`). */
export async function loggedInPage(browser: Browser, baseURL: string, email: string, locale: string, home: string): Promise<Page> {
  const context = await newContext(browser, baseURL, locale);
  const page = await context.newPage();
  await login(page, email);
  await page.waitForURL(`**${home}`);
  return page;
}

/** A page's navigation entry by page id. */
export const navEntry = (page: Page, id: string): Locator => page.getByTestId('space-nav').locator(`[data-page-id="${id}"]`);
