import crypto from 'node:crypto';
import { expect } from 'vitest';
import { ApiClient, demo, type TestApp, reasonOf } from '../../support/app.js';

/** Demo campus ids by name. */
export async function campuses(app: TestApp): Promise<{ paris: string; lyon: string }> {
  const rows: { id: string; name: string }[] = await app.core.db.knex('campuses').whereIn('name', ['Paris', 'Lyon']).select('id', 'name');
  const byName = Object.fromEntries(rows.map((row) => [row.name, row.id]));
  return { paris: byName.Paris!, lyon: byName.Lyon! };
}

export async function as(app: TestApp, typology: string, language = 'fr'): Promise<ApiClient> {
  const client = new ApiClient(app.baseUrl, language);
  await client.login(demo(typology));
  return client;
}

/** Letters only (names sort alike in every collation), unique to the test. */
export function uniqueName(prefix: string): string {
  const letters = crypto.randomUUID().replace(/[^a-f]/g, '').slice(0, 6).padEnd(6, 'x');
  return `${prefix}${letters}`;
}

export const emailOf = (name: string) => `${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.${crypto.randomUUID().slice(0, 6)}@people.test`;

export function expectAccessDenied(response: { status: number; json: any }): void {
  if (response.json?.errors?.[0]?.extensions) {
    expect(response.json.errors[0]).toMatchObject({ extensions: { code: 'FORBIDDEN', reason: 'Access Denied.' } });
  } else {
    expect(response.status).toBe(403);
    expect(reasonOf(response.json.errors[0])).toBe('Access Denied.');
  }
}

export async function data(response: { status: number; json: any; text: string }) {
  expect(response.json?.errors, response.text).toBeUndefined();
  return response.json.data;
}

/** Creates an actor through /actor/new (duplicates ignored) and returns it. */
export async function createActor(client: ApiClient, input: { firstName: string; lastName: string; typology: string; campusId: string; email?: string }) {
  const response = await client.post('/api/actor/new', { email: emailOf(input.lastName), ignoreDuplicates: true, ...input });
  expect(response.status, response.text).toBe(200);
  return response.json.actor as { id: string; uuid: string; firstName: string; lastName: string; email: string; archived: boolean };
}

export const actorFields = 'uuid firstName lastName email archived actorAccessRules { campus { uuid name } actorTypology { reference } } corporations { uuid name }';

/** 14 random digits, shown with spaces as people type them. */
export function randomSiret(): { digits: string; typed: string } {
  const digits = Array.from({ length: 14 }, () => Math.floor(Math.random() * 10)).join('');
  return { digits, typed: `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 9)} ${digits.slice(9)}` };
}

/** Creates a corporation through /corporations/new and returns it. */
export async function createCorporation(client: ApiClient, input: Record<string, unknown> = {}) {
  const response = await client.post('/api/corporations/new', { name: uniqueName('Entreprise '), siret: randomSiret().typed, ...input });
  expect(response.status, response.text).toBe(200);
  return response.json.corporation as { id: string; uuid: string; name: string; shortName: string | null; siret: string | null };
}
