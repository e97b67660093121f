import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../support/app.js';
import { newContext, screenshot } from '../support/browser.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

// Issue #24: the page a person sees after following a mass e-mail's unsubscribe link, on a phone, in their language.
let app: TestApp;
let browser: Browser;
beforeAll(async () => {
  ({ app, browser } = await startE2eFile());
}, 120_000);
afterAll(() => closeE2eFile({ browser, app }));

interface Unsubscribe { link(campaignId: string, seq: number): Promise<string> }

/** The signed link of a recipient of the demo campaign, on this test's server; that recipient's address. */
async function demoLink(seq: number, language: string | null) {
  const knex = app.core.db.knex;
  const row = await knex('mass_email_recipients').where({ seq }).orderBy('campaign_id').first('campaign_id', 'actor_id', 'email');
  await knex('actors').where({ id: row.actor_id }).update({ language });
  const link = await app.core.services<{ unsubscribe: Unsubscribe }>('mass-email').unsubscribe.link(row.campaign_id, seq);
  return { url: `${app.baseUrl}${new URL(link).pathname}`, email: row.email as string };
}

describe('unsubscribing from mass e-mail', () => {
  for (const [locale, language, title] of [['fr-FR', null, 'Désabonnement enregistré'], ['en-US', 'en', 'You are unsubscribed']] as const) {
    it(`shows a small page in the person's language (${locale}, 390 px) and records the opt-out once`, async () => {
      const { url, email } = await demoLink(locale === 'fr-FR' ? 0 : 1, language);
      const context = await newContext(browser, app.baseUrl, locale, { viewport: { width: 390, height: 700 } });
      const page = await context.newPage();
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      await screenshot(page, `unsubscribe-${locale}`);
      // A second visit changes nothing.
      expect((await page.reload())?.status()).toBe(200);
      expect(await app.core.db.knex('mass_email_opt_outs').where({ email_key: email.toLowerCase() })).toHaveLength(1);
      // A link altered by hand: a message, no 500.
      const altered = await page.goto(url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
      expect(altered?.status()).toBe(422);
      expect(await page.textContent('body')).toContain(locale === 'fr-FR' ? 'Ce lien de désabonnement n' : 'This unsubscribe link is not valid');
      await context.close();
    });
  }
});
