import crypto from 'node:crypto';
import { expect } from 'vitest';
import { ApiClient, demo, type TestApp, reasonOf } from '../../support/app.js';

/** Ids of the demo centre (campuses, seeded trainings, sessions), read once per file. */
export async function demoIds(app: TestApp) {
  const knex = app.core.db.knex;
  const campuses = Object.fromEntries((await knex('campuses').select('id', 'name')).map((c) => [c.name, c.id as string]));
  const trainings = Object.fromEntries((await knex('trainings').select('id', 'short_name')).map((t) => [t.short_name, t.id as string]));
  const sessions = await knex('training_sessions').select('id', 'name').orderBy('start_date');
  const subjects = Object.fromEntries((await knex('school_subjects').select('id', 'short_name')).map((s) => [s.short_name, s.id as string]));
  return {
    paris: campuses.Paris!, lyon: campuses.Lyon!, trainings, subjects,
    previousSession: sessions[0]!.id as string, currentSession: sessions[1]!.id as string, currentSessionName: sessions[1]!.name as string,
  };
}

export async function as(app: TestApp, typology: string, language = 'fr'): Promise<ApiClient> {
  const client = new ApiClient(app.baseUrl, language);
  await client.login(demo(typology));
  return client;
}

/** A short name no other test uses (upper case and digits, so every collation sorts it alike). */
export function unique(prefix: string): string {
  return `${prefix}${crypto.randomUUID().replace(/[^0-9]/g, '').slice(0, 6)}`;
}

export function expectAccessDenied(response: { status: number; json: any }): void {
  if (response.json?.errors?.[0]?.extensions) {
    expect(response.json.errors[0]).toMatchObject({ extensions: { code: 'FORBIDDEN', reason: 'Access Denied.' } });
  } else {
    expect(response.status).toBe(403);
    expect(reasonOf(response.json.errors[0])).toBe('Access Denied.');
  }
}

/** Creates a training through the route and returns its id. */
export async function createTraining(client: ApiClient, campusIds: string[], overrides: Record<string, unknown> = {}): Promise<string> {
  const shortName = unique('T');
  const response = await client.post('/api/training-center/trainings', { name: `Formation ${shortName}`, shortName, isPublished: true, campusIds, ...overrides });
  expect(response.status, response.text).toBe(200);
  return response.json.training.id;
}
