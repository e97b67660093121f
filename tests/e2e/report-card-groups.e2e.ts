import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { demo, type TestApp } from '../support/app.js';
import { loggedInPage, screenshot } from '../support/browser.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  ({ app, browser } = await startE2eFile());
}, 120_000);
afterAll(() => closeE2eFile({ browser, app }));

/** A copy of a current Paris group under last year's session: the same name and training, another school year. */
async function sameNameLastYear() {
  const knex = app.core.db.knex;
  const sessions = await knex('training_sessions').orderBy('start_date', 'desc').select('id', 'name', 'start_date', 'end_date');
  const [current, previous] = sessions as { id: string; name: string; start_date: Date; end_date: Date }[];
  const group = await knex('training_groups as tg').join('campuses as c', 'c.id', 'tg.campus_id')
    .where({ 'tg.training_session_id': current!.id, 'c.name': 'Paris' }).orderBy('tg.name').first('tg.*');
  const tag = crypto.randomUUID().slice(0, 6);
  const name = `Groupe ${tag}`;
  await knex('training_groups').where({ id: group.id }).update({ name });
  await knex('training_groups').insert({
    name, short_name: tag, campus_id: group.campus_id, training_id: group.training_id, variant_id: group.variant_id,
    training_session_id: previous!.id, start_date: previous!.start_date, end_date: previous!.end_date,
  });
  return { name, years: [current!.name, previous!.name] };
}

describe('the report-card group picker', () => {
  for (const locale of ['fr-FR', 'en-US']) {
    it(`tells this year's group from last year's of the same name by its school year (${locale})`, async () => {
      const { name, years } = await sameNameLastYear();
      const home = locale === 'fr-FR' ? '/administration/tableau-de-bord' : '/administration/dashboard';
      const staff = await loggedInPage(browser, app.baseUrl, demo('pedagogy'), locale, home);
      await staff.goto(locale === 'fr-FR' ? '/bulletins' : '/report-cards');
      await staff.getByTestId('report-cards-group').click();
      await staff.keyboard.type(name.slice(0, 10));
      const options = staff.getByRole('option', { name: new RegExp(name) });
      await expect.poll(() => options.count()).toBe(2);
      const labels = await options.allTextContents();
      expect(new Set(labels).size).toBe(2);
      expect(labels.map((label) => years.find((year) => label.includes(year))).sort()).toEqual([...years].sort());
      await screenshot(staff, `report-card-groups-${locale}`);
    }, 60_000);
  }
});
