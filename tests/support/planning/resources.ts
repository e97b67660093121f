import { ApiClient, demo, type TestApp } from '../app.js';
import { tag } from './fixtures.js';

/** A logged-in demo user speaking `language` (server messages follow it). */
export async function loggedAs(app: TestApp, typology: string, language: 'fr' | 'en' = 'en'): Promise<ApiClient> {
  const client = new ApiClient(app.baseUrl, language);
  await client.login(demo(typology));
  return client;
}

/**
 * A training group of its own on a campus (same training, variant and session as a demo group there), so
 * its work-study periods never meet the demo's.
 */
export async function makeTrainingGroup(app: TestApp, campusId: string, dates: { startDate: string; endDate: string }, sessionId?: string): Promise<string> {
  const knex = app.core.db.knex;
  const model = await knex('training_groups').where({ campus_id: campusId }).first('training_id', 'variant_id', 'training_session_id');
  if (!model) throw new Error('the demo campus has no training group to copy');
  const name = tag('TG');
  const [row] = await knex('training_groups')
    .insert({
      name: `Groupe ${name}`, short_name: name, start_date: dates.startDate, end_date: dates.endDate, campus_id: campusId,
      training_session_id: sessionId ?? model.training_session_id, training_id: model.training_id, variant_id: model.variant_id,
    })
    .returning('id');
  return row.id;
}

/** Rows of a table matching `where`: what a refused request must leave as it was. */
export async function countRows(app: TestApp, table: string, where: Record<string, unknown>): Promise<number> {
  const [row] = await app.core.db.knex(table).where(where).count<{ count: string }[]>({ count: '*' });
  return Number(row!.count);
}
