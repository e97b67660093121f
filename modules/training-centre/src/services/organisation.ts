import { NotFoundError, type Actor, type Knex, type PermissionMatrix } from '@alterna/core';
import type { CampusOrganisationsRow } from '../models/rows.js';
import { perm } from '../permissions.js';
import type { OrganisationInput } from '../validation/index.js';

/** The organisation's identity on a campus: what a certificate of completion states (issue #24). */
export interface OrganisationIdentity {
  campusId: string;
  name: string;
  siret: string;
  activityDeclarationNumber: string;
  streetAddress: string;
  postalCode: string;
  city: string;
}

export interface OrganisationService {
  /** A campus's identity (null while none is set), to the campus's staff; 404 for a campus out of reach. */
  get(actor: Actor | null, campusId: string): Promise<{ identity: OrganisationIdentity | null; canEdit: boolean }>;
  /** Sets it: the campus's managers. */
  save(actor: Actor | null, campusId: string, input: OrganisationInput): Promise<{ identity: OrganisationIdentity }>;
  /** For other modules (the attendance certificate), which check who reads: the identities of these campuses, one query. */
  identities(campusIds: readonly string[]): Promise<Map<string, OrganisationIdentity>>;
}

const columns = ['campus_id', 'name', 'siret', 'activity_declaration_number', 'street_address', 'postal_code', 'city'] as const;
const toIdentity = (row: Pick<CampusOrganisationsRow, (typeof columns)[number]>): OrganisationIdentity => ({
  campusId: row.campus_id, name: row.name, siret: row.siret, activityDeclarationNumber: row.activity_declaration_number,
  streetAddress: row.street_address, postalCode: row.postal_code, city: row.city,
});

export function organisationService(knex: Knex, permissions: PermissionMatrix): OrganisationService {
  const reachable = async (actor: Actor | null, campusId: string, permission: string) => {
    permissions.assert(actor, permission);
    const campus = await knex('campuses').where({ id: campusId }).first('id');
    if (!campus || !permissions.isGranted(actor, perm.campusRead, campusId)) throw new NotFoundError('campus');
    permissions.assert(actor, permission, campusId);
  };
  const identities = async (campusIds: readonly string[]) => {
    const rows = campusIds.length ? await knex('campus_organisations').whereIn('campus_id', campusIds).select(...columns) : [];
    return new Map(rows.map((row) => [row.campus_id, toIdentity(row)]));
  };
  return {
    async get(actor, campusId) {
      await reachable(actor, campusId, perm.campusRead);
      return { identity: (await identities([campusId])).get(campusId) ?? null, canEdit: permissions.isGranted(actor, perm.campusUpdate, campusId) };
    },
    async save(actor, campusId, input) {
      await reachable(actor, campusId, perm.campusUpdate);
      const row = {
        campus_id: campusId, name: input.name, siret: input.siret, activity_declaration_number: input.activityDeclarationNumber,
        street_address: input.streetAddress, postal_code: input.postalCode, city: input.city,
      };
      const [saved] = await knex('campus_organisations').insert(row).onConflict('campus_id').merge({ ...row, updated_at: knex.fn.now() }).returning([...columns]);
      if (!saved) throw new Error('organisation: the upsert returned no row');
      return { identity: toIdentity(saved) };
    },
    identities,
  };
}
