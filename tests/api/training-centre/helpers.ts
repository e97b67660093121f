import crypto from 'node:crypto';
import type { Knex } from '@alterna/core';
import { ApiClient, demo, type TestApp } from '../../support/app.js';

/** Demo campus ids by name. */
export async function demoCampuses(app: TestApp): Promise<{ Paris: string; Lyon: string }> {
  const rows: { id: string; name: string }[] = await app.core.db.knex('campuses').whereIn('name', ['Paris', 'Lyon']).select('id', 'name');
  const byName = Object.fromEntries(rows.map((row) => [row.name, row.id]));
  return { Paris: byName.Paris!, Lyon: byName.Lyon! };
}

export async function loggedIn(app: TestApp, typology: string, language = 'en'): Promise<ApiClient> {
  const client = new ApiClient(app.baseUrl, language);
  await client.login(demo(typology));
  return client;
}

export const unique = (prefix: string) => `${prefix} ${crypto.randomUUID().slice(0, 8)}`;

/** A campus of the test's own (with one site and one building), made by pedagogy through the routes. */
export async function testCampus(app: TestApp, client: ApiClient) {
  const name = unique('Campus test');
  const campus = await client.post('/api/training-center/campus/new', { name, openDays: [1, 2, 3, 4, 5] });
  if (campus.status !== 200) throw new Error(`campus: ${campus.status} ${campus.text}`);
  const site = await client.post(`/api/training-center/campus/${campus.json.id}/sites/new`, { name: 'Site principal', address: '1 rue de la Paix' });
  const building = await client.post(`/api/training-center/${site.json.id}/new`, { name: 'Bâtiment 1' });
  return { name, campusId: campus.json.id as string, siteId: site.json.id as string, buildingId: building.json.id as string };
}

/** Removes what the tests made, whatever state they left it in (closures and time slots cascade). */
export async function removeCampuses(knex: Knex, campusIds: string[]): Promise<void> {
  if (!campusIds.length) return;
  const sites = knex('sites').whereIn('campus_id', campusIds).select('id');
  const buildings = knex('buildings').whereIn('site_id', sites).select('id');
  await knex('rooms').whereIn('building_id', buildings).delete();
  await knex('buildings').whereIn('site_id', knex('sites').whereIn('campus_id', campusIds).select('id')).delete();
  await knex('sites').whereIn('campus_id', campusIds).delete();
  await knex('actor_access_rules').whereIn('campus_id', campusIds).delete();
  await knex('campuses').whereIn('id', campusIds).delete();
}

export async function gqlData(client: ApiClient, query: string, variables: Record<string, unknown> = {}) {
  const response = await client.graphql(query, variables);
  if (response.json?.errors) throw new Error(`GraphQL: ${JSON.stringify(response.json.errors)}`);
  return response.json.data;
}

export async function gqlError(client: ApiClient, query: string, variables: Record<string, unknown> = {}) {
  const response = await client.graphql(query, variables);
  if (!response.json?.errors) throw new Error(`expected an error, got ${JSON.stringify(response.json)}`);
  return response.json.errors[0] as { message: string; extensions: { code: string; violations?: { path: string; message: string }[] } };
}
