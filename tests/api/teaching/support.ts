import crypto from 'node:crypto';
import { expect } from 'vitest';
import { ApiClient, demo, type TestApp, reasonOf } from '../../support/app.js';
import { todayIn } from '@alterna/core/dates';

/** Ids of the demo centre the tests lean on (campuses, sessions, subjects, reference lists, demo teachers). */
export async function demoIds(app: TestApp) {
  const knex = app.core.db.knex;
  const campuses = Object.fromEntries((await knex('campuses').select('id', 'name')).map((c) => [c.name, c.id as string]));
  const sessions = await knex('training_sessions').select('id', 'name', knex.raw("to_char(start_date, 'YYYY-MM-DD') as start_date"), knex.raw("to_char(end_date, 'YYYY-MM-DD') as end_date")).orderBy('start_date');
  const subjects = Object.fromEntries((await knex('school_subjects').select('id', 'short_name')).map((s) => [s.short_name, s.id as string]));
  const statuses = Object.fromEntries((await knex('teacher_statuses').select('id', 'reference')).map((s) => [s.reference, s.id as string]));
  const activities = Object.fromEntries((await knex('related_activities').select('id', 'reference')).map((s) => [s.reference, s.id as string]));
  const actor = async (email: string) => (await knex('actors').where({ email }).first('id')).id as string;
  const today = todayIn();
  const current = sessions.find((s) => s.start_date <= today && today <= s.end_date)!;
  const previous = sessions.filter((s) => s.end_date < current.start_date).at(-1)!;
  return {
    paris: campuses.Paris!, lyon: campuses.Lyon!, subjects, statuses, activities,
    previousSession: { id: previous.id as string, startDate: previous.start_date as string, endDate: previous.end_date as string },
    currentSession: { id: current.id as string, startDate: current.start_date as string, endDate: current.end_date as string },
    /** Paris teacher with a login, Lyon trainer with a login. */
    nadia: await actor(demo('teacher')), hugo: await actor(demo('trainer')),
    paul: await actor('paul.rousseau@demo.alterna.school'), sarah: await actor('sarah.blanc@demo.alterna.school'),
  };
}

export type DemoIds = Awaited<ReturnType<typeof demoIds>>;

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

/** A teacher (or another typology) made for a test, straight in the tables the people module owns. */
export async function makeActor(app: TestApp, input: { firstName: string; lastName: string; typology: string; campuses: string[] }): Promise<string> {
  const knex = app.core.db.knex;
  const [row] = await knex('actors')
    .insert({ first_name: input.firstName, last_name: input.lastName, email: `${unique('t')}.${input.lastName}@test.alterna.school`.toLowerCase() })
    .returning('id');
  await knex('actor_access_rules').insert(input.campuses.map((campus_id) => ({ actor_id: row.id, campus_id, typology: input.typology })));
  return row.id;
}

/** A valid SIRET (Luhn key) no other test uses. */
export function uniqueSiret(): string {
  const base = crypto.randomUUID().replace(/[^0-9]/g, '').padEnd(13, '7').slice(0, 13);
  for (let key = 0; key < 10; key += 1) {
    const candidate = `${base}${key}`;
    let sum = 0;
    for (let i = 0; i < 14; i += 1) {
      let digit = Number(candidate[13 - i]);
      if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      sum += digit;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
}

/** A contract body in the current session on a campus, with one subject line. */
export function contractBody(ids: DemoIds, overrides: Record<string, unknown> = {}) {
  return {
    campusId: ids.paris,
    trainingSessionId: ids.currentSession.id,
    startDate: ids.currentSession.startDate,
    endDate: ids.currentSession.endDate,
    teacherStatusId: ids.statuses.occasional,
    teacherCompanyId: null,
    schoolSubjectLines: [{ schoolSubjectId: ids.subjects.ANG, hours: 40 }],
    relatedActivityLines: [],
    ...overrides,
  };
}

/** Popup step 2: the company form posted as form data with the scripted-POST header. */
export function postCompanyForm(client: ApiClient, path: string, fields: Record<string, string>, scripted = true) {
  return client.request('POST', path, new URLSearchParams(fields).toString(), {
    'content-type': 'application/x-www-form-urlencoded',
    ...(scripted ? { 'x-requested-with': 'XMLHttpRequest' } : {}),
  });
}

export function companyFields(overrides: Record<string, string> = {}): Record<string, string> {
  const name = unique('Société Test ');
  return {
    siret: uniqueSiret(), name, legalForm: 'sasu', activityDeclarationNumberType: 'declared', activityDeclarationNumber: '11755555575',
    streetAddress: '12 rue des Lilas', addressSupplement: '', postalCode: '75011', addressLocality: 'Paris', addressCountry: 'FR', comment: '',
    ...overrides,
  };
}
