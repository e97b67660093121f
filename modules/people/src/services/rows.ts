import type { Knex } from '@alterna/core';
import type { Visibility } from '@alterna/identity';
import type { ActorAccessRuleView, ActorSummary, ActorView, Corporation, CorporationOption } from './types.js';
import type { CorporationsRow } from '../models/index.js';

export interface ActorRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  archived: boolean;
}

export const actorColumns = ['a.id', 'a.first_name', 'a.last_name', 'a.email', 'a.phone', 'a.archived'] as const;

export function toSummary(row: ActorRow): ActorSummary {
  return { id: row.id, uuid: row.id, firstName: row.first_name, lastName: row.last_name, email: row.email, phone: row.phone, archived: row.archived };
}

/** The columns of `corporations` the services read (corporationColumns). */
export type CorporationRow = Pick<CorporationsRow, (typeof corporationColumns)[number]>;

export const corporationColumns = ['id', 'name', 'short_name', 'siret', 'street_address', 'address_supplement', 'postal_code', 'address_locality', 'address_country'] as const;

export function toOption(row: Pick<CorporationRow, 'id' | 'name' | 'short_name' | 'siret'>): CorporationOption {
  return { id: row.id, uuid: row.id, name: row.name, shortName: row.short_name, siret: row.siret };
}

export function toCorporation(row: CorporationRow): Corporation {
  return {
    ...toOption(row),
    streetAddress: row.street_address,
    addressSupplement: row.address_supplement,
    postalCode: row.postal_code,
    addressLocality: row.address_locality,
    addressCountry: row.address_country,
  };
}

/** Order of people lists: last name ascending (SPEC §7), then first name, without case. */
export const byLastName = ['lower(a.last_name)', 'lower(a.first_name)', 'a.id'] as const;

/**
 * Actor rows with their rules and corporations, in two more set queries whatever the number of rows.
 * Rules are those on `campusIds` (the viewer's campuses); null keeps them all.
 */
export async function withDetails(knex: Knex, visibility: Visibility, rows: ActorRow[], campusIds: string[] | null): Promise<ActorView[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const rulesQuery = visibility.rules(knex, { actors: ids, campuses: campusIds ?? undefined, named: true })
    .join('training_centre_campuses as c', 'c.id', 'r.campus_id')
    .select('r.actor_id', 'c.id as campus_id', 'c.name as campus_name', 'r.typology as reference')
    .orderBy(['c.name', 'r.typology']);
  const [rules, corporations] = await Promise.all([
    rulesQuery,
    knex('corporation_people as p')
      .join('corporations as c', 'c.id', 'p.corporation_id')
      .whereIn('p.actor_id', ids)
      .distinct('p.actor_id', 'c.id', 'c.name', 'c.short_name', 'c.siret')
      .orderBy(['c.name', 'c.id']),
  ]);
  const rulesOf = group(rules as { actor_id: string; campus_id: string; campus_name: string; reference: string; typology_name: string }[], (rule): ActorAccessRuleView => ({
    campus: { id: rule.campus_id, uuid: rule.campus_id, name: rule.campus_name },
    actorTypology: { name: rule.typology_name, reference: rule.reference },
  }));
  const corporationsOf = group(corporations as (CorporationRow & { actor_id: string })[], toOption);
  return rows.map((row) => ({ ...toSummary(row), actorAccessRules: rulesOf.get(row.id) ?? [], corporations: corporationsOf.get(row.id) ?? [] }));
}

function group<R extends { actor_id: string }, T>(rows: R[], map: (row: R) => T): Map<string, T[]> {
  const byActor = new Map<string, T[]>();
  for (const row of rows) {
    const list = byActor.get(row.actor_id) ?? [];
    list.push(map(row));
    byActor.set(row.actor_id, list);
  }
  return byActor;
}
