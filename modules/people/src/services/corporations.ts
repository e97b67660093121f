import { violatedConstraint, NotFoundError, ValidationError, normalizeSiret, validate, type Actor, type CoreDeps, type Knex, type Translate } from '@alterna/core';
import { corporationSchema } from '../validation/index.js';
import { corporationClashes, corporationKeys, escapeLike } from '../rules/duplicates.js';
import { perm } from '../permissions.js';
import { actorColumns, byLastName, corporationColumns, toCorporation, toOption, withDetails, type ActorRow } from './rows.js';
import type { Scope } from './scope.js';
import type { ActorView, Corporation, CorporationOption, CorporationView } from './types.js';

/**
 * Corporations are the centre's shared address book: they have no campus, so any staff member reads them;
 * their contacts and tutors are actors, shown on the viewer's campuses only.
 */
export interface CorporationsService {
  list(viewer: Actor | null, filter: { search?: string | null }): Promise<CorporationView[]>;
  get(viewer: Actor | null, id: string, t: Translate): Promise<CorporationView>;
  /** SPEC §5: a SIRET (without spaces or dashes) or a name (trimmed, without case) already used is refused. */
  create(viewer: Actor | null, input: unknown, t: Translate): Promise<{ corporation: Corporation; message: string }>;
  /** The agreed `searchCorporations`: from 2 characters, on name, short name or SIRET; 20 at most. */
  search(viewer: Actor | null, search: string): Promise<CorporationOption[]>;
  /** For other modules: corporations by id (set query, no check), by name. */
  byIds(ids: readonly string[], trx?: Knex): Promise<Corporation[]>;
  /** Throws Not Found unless the corporation exists (internal). */
  assertExists(id: string, t: Translate, trx?: Knex): Promise<Corporation>;
}

export const SEARCH_MIN_CHARS = 2;

export function corporationsService(core: CoreDeps, scope: Scope): CorporationsService {
  const { knex } = core;

  /** Contacts and tutors of these corporations, on the viewer's campuses: two set queries. */
  const withPeople = async (corporations: Corporation[], campusIds: string[]): Promise<CorporationView[]> => {
    const links: (ActorRow & { corporation_id: string; role: 'contact' | 'tutor' })[] = corporations.length
      ? await knex('corporation_people as p')
          .join('identity_actors as a', 'a.id', 'p.actor_id')
          .whereIn('p.corporation_id', corporations.map((c) => c.id))
          .where(scope.onCampuses(campusIds))
          .select(actorColumns)
          .select('p.corporation_id', 'p.role')
          .orderByRaw(byLastName.join(', '))
      : [];
    const people = new Map((await withDetails(knex, scope.visibility(), [...new Map(links.map((l) => [l.id, l])).values()], campusIds)).map((a) => [a.id, a]));
    const of = (corporationId: string, role: string): ActorView[] =>
      links.filter((l) => l.corporation_id === corporationId && l.role === role).map((l) => people.get(l.id)!);
    return corporations.map((corporation) => ({ ...corporation, contacts: of(corporation.id, 'contact'), tutors: of(corporation.id, 'tutor') }));
  };

  const service: CorporationsService = {
    async list(viewer, filter) {
      const campusIds = scope.campusesFor(viewer, perm.corporationRead);
      // The order of what the screens show: the short name when there is one (SPEC §3 Organisation option).
      const query = knex('corporations').select(...corporationColumns).orderByRaw('lower(coalesce(short_name, name)), id');
      const search = filter.search?.trim();
      if (search) {
        const pattern = `%${escapeLike(search)}%`;
        const siret = normalizeSiret(search);
        query.where((q) => {
          q.whereRaw('name ilike ?', [pattern]).orWhereRaw('short_name ilike ?', [pattern]);
          if (/^\d+$/.test(siret)) q.orWhere('siret', 'like', `%${siret}%`);
        });
      }
      return withPeople((await query).map(toCorporation), campusIds);
    },

    async get(viewer, id, t) {
      const campusIds = scope.campusesFor(viewer, perm.corporationRead);
      const [view] = await withPeople([await service.assertExists(id, t)], campusIds);
      return view!;
    },

    async create(viewer, input, t) {
      scope.campusesFor(viewer, perm.corporationUpdate);
      const value = await validate(corporationSchema, input, t);
      const keys = corporationKeys(value);
      const candidates = await knex('corporations')
        .select(...corporationColumns)
        .where((q) => {
          q.whereRaw('lower(btrim(name)) = lower(?)', [keys.name]);
          if (keys.siret) q.orWhere('siret', keys.siret);
        });
      const clashes = corporationClashes(candidates, keys);
      if (clashes.length) throw new ValidationError(clashes.map((path) => ({ path, message: t(`people.corporation.${path}Taken`) })));
      try {
        const [row] = await knex('corporations')
          .insert({
            name: keys.name,
            short_name: value.shortName,
            siret: keys.siret,
            street_address: value.streetAddress,
            address_supplement: value.addressSupplement,
            postal_code: value.postalCode,
            address_locality: value.addressLocality,
            address_country: value.addressCountry,
          })
          .returning([...corporationColumns]);
        if (!row) throw new Error('people: the corporation insert returned no row');
        return { corporation: toCorporation(row), message: t('people.corporation.created') };
      } catch (error) {
        // Someone else saved the same corporation meanwhile: the unique indexes say which field.
        const index = violatedConstraint(error, 'uniqueViolation');
        if (index === 'corporations_siret_unique') throw new ValidationError([{ path: 'siret', message: t('people.corporation.siretTaken') }]);
        if (index === 'corporations_name_unique') throw new ValidationError([{ path: 'name', message: t('people.corporation.nameTaken') }]);
        throw error;
      }
    },

    async search(viewer, search) {
      scope.campusesFor(viewer, perm.corporationRead);
      const term = search.trim();
      if (term.length < SEARCH_MIN_CHARS) return [];
      const pattern = `%${escapeLike(term)}%`;
      const siret = normalizeSiret(term);
      const rows = await knex('corporations')
        .select('id', 'name', 'short_name', 'siret')
        .where((q) => {
          q.whereRaw('name ilike ?', [pattern]).orWhereRaw('short_name ilike ?', [pattern]);
          if (/^\d{2,}$/.test(siret)) q.orWhere('siret', 'like', `%${siret}%`);
        })
        .orderByRaw('lower(coalesce(short_name, name)), id')
        .limit(20);
      return rows.map(toOption);
    },

    async byIds(ids, trx = knex) {
      if (!ids.length) return [];
      const rows = await trx('corporations').select(...corporationColumns).whereIn('id', [...new Set(ids)]).orderByRaw('lower(name), id');
      return rows.map(toCorporation);
    },

    async assertExists(id, t, trx = knex) {
      const row = await trx('corporations').select(...corporationColumns).where({ id }).first();
      if (!row) throw new NotFoundError(t('errors.notFound'));
      return toCorporation(row);
    },
  };
  return service;
}
