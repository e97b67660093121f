import crypto from 'node:crypto';
import { expect } from 'vitest';
import { ApiClient, demo, type TestApp, reasonOf } from '../../support/app.js';
import { now } from '@alterna/core/clock';

/** Ids of the demo centre (campuses, sessions, seeded groups and trainings), read once per file. */
export async function demoIds(app: TestApp) {
  const knex = app.core.db.knex;
  const campuses = Object.fromEntries((await knex('campuses').select('id', 'name')).map((c) => [c.name, c.id as string]));
  const sessions = await knex('training_sessions').select('id', 'name').orderBy('start_date');
  const previousSession = sessions[0]!.id as string;
  const currentSession = sessions[1]!.id as string;
  const groupRows = await knex('training_groups').select('id', 'short_name', 'training_session_id');
  const group = (shortName: string, session = currentSession) => groupRows.find((g) => g.short_name === shortName && g.training_session_id === session)!.id as string;
  const trainings = Object.fromEntries((await knex('trainings').select('id', 'short_name')).map((t) => [t.short_name, t.id as string]));
  return { paris: campuses.Paris!, lyon: campuses.Lyon!, previousSession, currentSession, currentSessionName: sessions[1]!.name as string, group, trainings };
}

export async function as(app: TestApp, typology: string, language = 'fr'): Promise<ApiClient> {
  const client = new ApiClient(app.baseUrl, language);
  await client.login(demo(typology));
  return client;
}

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

const minus = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** A date of birth that makes a person `years` old today (plus `days`). */
export function bornYearsAgo(years: number, days = 30): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now());
  const birthday = `${Number(today.slice(0, 4)) - years}${today.slice(4)}`.replace(/-02-29$/, '-02-28');
  return minus(birthday, days);
}

export const guardian = {
  guardianLastName: 'Durand', guardianFirstName: 'Anne', guardianEmail: 'anne.durand@example.org', guardianPhone: '06 00 00 00 00',
  guardianStreetAddress: '1 rue de Paris', guardianPostalCode: '75001', guardianAddressLocality: 'Paris',
};

/** A new adult student's body (override anything). */
export function newStudent(campusId: string, overrides: Record<string, unknown> = {}) {
  const name = unique('Test');
  return {
    firstName: 'Camille', lastName: name, email: `${name.toLowerCase()}@example.org`, dateOfBirth: bornYearsAgo(20),
    birthCountry: 'FR', birthplace: 'Lyon', birthCityCode: '69123', campusId, ...overrides,
  };
}

/** Creates a student through the route; the student's id. */
export async function createStudent(client: ApiClient, campusId: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await client.post('/api/students/new', newStudent(campusId, overrides));
  expect(response.status, response.text).toBe(200);
  return response.json.student.id;
}

/** A corporation for contracts (the people module's table). */
export async function corporation(app: TestApp, name = unique('Entreprise ')): Promise<string> {
  const [row] = await app.core.db.knex('corporations').insert({ name, short_name: name.slice(0, 20), siret: String(crypto.randomInt(10_000_000_000_000, 99_999_999_999_999)) }).returning('id');
  return row.id;
}
