import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { repoRoot } from '@alterna/core';

export const artifactsDir = path.join(repoRoot, 'tests', '.artifacts');

/** Debian's Chromium, headless, with the flags this closed network needs (no background connections). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** A fresh browser profile whose language is `locale` (Accept-Language and navigator.language). */
export function newContext(browser: Browser, baseURL: string, locale: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, locale, extraHTTPHeaders: { 'accept-language': locale }, viewport: { width: 1280, height: 800 } });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
}

export async function login(page: Page, email: string, password = 'alterna-demo'): Promise<void> {
  await page.goto('/');
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('button[type=submit]').click();
}
