import { isPgError, NotFoundError, NotLoggedInError, ValidationError, type Actor, type Knex, type PermissionMatrix, type Translate, type Violation } from '@alterna/core';
import { perm } from '../permissions.js';
import { cleanName, nameTaken } from '../rules/names.js';
import type { UsageRegistry } from './usage.js';

export interface CampusInput {
  name: string;
  openDays: number[];
}
export interface SiteInput {
  name: string;
  address?: string | null;
}
export interface BuildingInput {
  name: string;
}

export interface PlacesService {
  createCampus(actor: Actor | null, input: CampusInput, t: Translate): Promise<{ id: string }>;
  updateCampus(actor: Actor | null, campusId: string, input: CampusInput, t: Translate): Promise<{ id: string }>;
  removeCampus(actor: Actor | null, campusId: string, t: Translate): Promise<{ message: string }>;
  createSite(actor: Actor | null, campusId: string, input: SiteInput, t: Translate): Promise<{ id: string }>;
  updateSite(actor: Actor | null, siteId: string, input: SiteInput, t: Translate): Promise<{ id: string }>;
  removeSite(actor: Actor | null, siteId: string, t: Translate): Promise<{ message: string }>;
  createBuilding(actor: Actor | null, siteId: string, input: BuildingInput, t: Translate): Promise<{ id: string }>;
  getBuilding(actor: Actor | null, buildingId: string, t: Translate): Promise<BuildingView>;
  updateBuilding(actor: Actor | null, buildingId: string, input: BuildingInput, t: Translate): Promise<{ id: string }>;
  removeBuilding(actor: Actor | null, buildingId: string, t: Translate): Promise<{ message: string }>;
  /** The campus a site, building or room belongs to (null when it does not exist). */
  campusOf(kind: 'site' | 'building' | 'room', id: string): Promise<string | null>;
}

export interface BuildingView {
  id: string;
  name: string;
  site: { id: string; name: string; campus: { id: string; name: string } };
  rooms: { id: string; name: string; size: number }[];
}

export function placesService(knex: Knex, permissions: PermissionMatrix, usage: UsageRegistry): PlacesService {
  const notFound = (t: Translate) => new NotFoundError(t('errors.notFound'));

  async function campusOf(kind: 'site' | 'building' | 'room', id: string): Promise<string | null> {
    const query =
      kind === 'site'
        ? knex('sites as s').where('s.id', id)
        : kind === 'building'
          ? knex('buildings as b').join('sites as s', 's.id', 'b.site_id').where('b.id', id)
          : knex('rooms as r').join('buildings as b', 'b.id', 'r.building_id').join('sites as s', 's.id', 'b.site_id').where('r.id', id);
    const row = await query.first('s.campus_id');
    return row?.campus_id ?? null;
  }

  /** Asserts the change permission on the campus of what is touched; unknown ids are 404. */
  async function assertChange(actor: Actor | null, kind: 'site' | 'building' | 'room', id: string, t: Translate): Promise<string> {
    if (!actor) throw new NotLoggedInError();
    const campusId = await campusOf(kind, id);
    if (!campusId) throw notFound(t);
    permissions.assert(actor, perm.campusUpdate, campusId);
    return campusId;
  }

  /** Rooms with lessons (or anything another module holds on them) cannot go: one violation per room. */
  async function roomsInUse(rooms: { id: string; name: string }[], actor: Actor | null, t: Translate): Promise<Violation[]> {
    const counts = await usage.roomUsage(rooms.map((room) => room.id), { actor });
    return rooms
      .filter((room) => counts.has(room.id))
      .map((room) => ({ path: '', message: t('training-centre.room.lessonsScheduled', { name: room.name, count: counts.get(room.id) }) }));
  }

  /** Names are unique per parent; the database's unique index answers the same message if two saves race. */
  async function uniqueName<T>(t: Translate, key: string, name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isPgError(error, 'uniqueViolation')) throw new ValidationError([{ path: 'name', message: t(key, { name }) }]);
      throw error;
    }
  }

  async function deleteBuildings(trx: Knex.Transaction, buildingIds: string[]): Promise<void> {
    if (!buildingIds.length) return;
    await trx('rooms').whereIn('building_id', buildingIds).delete();
    await trx('buildings').whereIn('id', buildingIds).delete();
  }

  /** A failed foreign key while removing rooms means another module holds them (lessons): same message. */
  function roomsRestricted(t: Translate, rooms: { name: string }[]) {
    return (error: unknown) => {
      if (isPgError(error, 'foreignKeyViolation')) {
        throw new ValidationError(rooms.slice(0, 1).map((room) => ({ path: '', message: t('training-centre.room.lessonsScheduled', { name: room.name, count: 1 }) })));
      }
      throw error;
    };
  }

  return {
    campusOf,

    async createCampus(actor, input, t) {
      if (!actor) throw new NotLoggedInError();
      permissions.assert(actor, perm.campusManage);
      const name = cleanName(input.name);
      const campuses = await knex('campuses').select('id', 'name');
      if (nameTaken(name, campuses)) throw new ValidationError([{ path: 'name', message: t('training-centre.campus.nameTaken', { name }) }]);
      // The creator gets the typologies through which it may manage campuses, so it sees the new one.
      const typologies = [...new Set(actor.rules.map((rule) => rule.typology))].filter((typology) => permissions.get(perm.campusManage).typologies.includes(typology));
      return uniqueName(t, 'training-centre.campus.nameTaken', name, () =>
        knex.transaction(async (trx) => {
          const [row] = await trx('campuses').insert({ name, open_days: input.openDays }).returning('id');
          if (!row) throw new Error('training-centre: the campus insert returned no row');
          for (const listener of usage.campusListeners()) await listener.created?.({ campusId: row.id, actor, typologies, trx });
          return { id: row.id };
        }),
      );
    },

    async updateCampus(actor, campusId, input, t) {
      if (!actor) throw new NotLoggedInError();
      const campus = await knex('campuses').where({ id: campusId }).first('id');
      if (!campus) throw notFound(t);
      permissions.assert(actor, perm.campusUpdate, campusId);
      const name = cleanName(input.name);
      if (nameTaken(name, await knex('campuses').select('id', 'name'), campusId)) {
        throw new ValidationError([{ path: 'name', message: t('training-centre.campus.nameTaken', { name }) }]);
      }
      await uniqueName(t, 'training-centre.campus.nameTaken', name, () =>
        knex('campuses').where({ id: campusId }).update({ name, open_days: input.openDays, updated_at: knex.fn.now() }),
      );
      return { id: campusId };
    },

    async removeCampus(actor, campusId, t) {
      if (!actor) throw new NotLoggedInError();
      const campus = await knex('campuses').where({ id: campusId }).first('id', 'name');
      if (!campus) throw notFound(t);
      permissions.assert(actor, perm.campusManage, campusId);
      const inUse = () => new ValidationError([{ path: '', message: t('training-centre.campus.inUse', { name: campus.name }) }]);
      const sites = await knex('sites').where({ campus_id: campusId }).count<{ count: number }[]>({ count: '*' }).first();
      if (Number(sites?.count ?? 0) > 0) throw inUse();
      // Checks run before the transaction: PGlite has a single connection, which the transaction would hold.
      if ((await usage.campusUsage([campusId], { actor })).has(campusId)) throw inUse();
      try {
        await knex.transaction(async (trx) => {
          for (const listener of usage.campusListeners()) await listener.removing?.({ campusId, actor, trx });
          await trx('campuses').where({ id: campusId }).delete();
        });
      } catch (error) {
        // Something registered since the check (or never registered) still points at the campus.
        if (isPgError(error, 'foreignKeyViolation')) throw inUse();
        throw error;
      }
      return { message: t('training-centre.campus.deleted') };
    },

    async createSite(actor, campusId, input, t) {
      if (!actor) throw new NotLoggedInError();
      const campus = await knex('campuses').where({ id: campusId }).first('id');
      if (!campus) throw notFound(t);
      permissions.assert(actor, perm.campusUpdate, campusId);
      const name = cleanName(input.name);
      if (nameTaken(name, await knex('sites').where({ campus_id: campusId }).select('id', 'name'))) {
        throw new ValidationError([{ path: 'name', message: t('training-centre.site.nameTaken', { name }) }]);
      }
      const [row] = await uniqueName(t, 'training-centre.site.nameTaken', name, () =>
        knex('sites').insert({ campus_id: campusId, name, address: input.address || null }).returning('id'),
      );
      if (!row) throw new Error('training-centre: the site insert returned no row');
      return { id: row.id };
    },

    async updateSite(actor, siteId, input, t) {
      const campusId = await assertChange(actor, 'site', siteId, t);
      const name = cleanName(input.name);
      if (nameTaken(name, await knex('sites').where({ campus_id: campusId }).select('id', 'name'), siteId)) {
        throw new ValidationError([{ path: 'name', message: t('training-centre.site.nameTaken', { name }) }]);
      }
      await uniqueName(t, 'training-centre.site.nameTaken', name, () => knex('sites').where({ id: siteId }).update({ name, address: input.address || null }));
      return { id: siteId };
    },

    async removeSite(actor, siteId, t) {
      await assertChange(actor, 'site', siteId, t);
      const buildings = await knex('buildings').where({ site_id: siteId }).pluck('id');
      const rooms = await knex('rooms').whereIn('building_id', buildings).select('id', 'name').orderBy('name');
      const used = await roomsInUse(rooms, actor, t);
      if (used.length) throw new ValidationError(used);
      await knex
        .transaction(async (trx) => {
          await deleteBuildings(trx, buildings);
          await trx('sites').where({ id: siteId }).delete();
        })
        .catch(roomsRestricted(t, rooms));
      return { message: t('training-centre.site.deleted') };
    },

    async createBuilding(actor, siteId, input, t) {
      await assertChange(actor, 'site', siteId, t);
      const name = cleanName(input.name);
      if (nameTaken(name, await knex('buildings').where({ site_id: siteId }).select('id', 'name'))) {
        throw new ValidationError([{ path: 'name', message: t('training-centre.building.nameTaken', { name }) }]);
      }
      const [row] = await uniqueName(t, 'training-centre.building.nameTaken', name, () => knex('buildings').insert({ site_id: siteId, name }).returning('id'));
      if (!row) throw new Error('training-centre: the building insert returned no row');
      return { id: row.id };
    },

    async getBuilding(actor, buildingId, t) {
      if (!actor) throw new NotLoggedInError();
      const row = await knex('buildings as b')
        .join('sites as s', 's.id', 'b.site_id')
        .join('campuses as c', 'c.id', 's.campus_id')
        .where('b.id', buildingId)
        .first('b.id', 'b.name', 's.id as site_id', 's.name as site_name', 'c.id as campus_id', 'c.name as campus_name');
      // Out of the actor's campuses is the same as not there: nothing of another campus shows.
      if (!row || !permissions.isGranted(actor, perm.campusRead, row.campus_id)) {
        permissions.assert(actor, perm.campusRead);
        throw notFound(t);
      }
      const rooms = await knex('rooms').where({ building_id: buildingId }).select('id', 'name', 'size').orderBy('name');
      return {
        id: row.id,
        name: row.name,
        site: { id: row.site_id, name: row.site_name, campus: { id: row.campus_id, name: row.campus_name } },
        rooms,
      };
    },

    async updateBuilding(actor, buildingId, input, t) {
      await assertChange(actor, 'building', buildingId, t);
      const building = await knex('buildings').where({ id: buildingId }).first('site_id');
      if (!building) throw notFound(t);
      const name = cleanName(input.name);
      if (nameTaken(name, await knex('buildings').where({ site_id: building.site_id }).select('id', 'name'), buildingId)) {
        throw new ValidationError([{ path: 'name', message: t('training-centre.building.nameTaken', { name }) }]);
      }
      await uniqueName(t, 'training-centre.building.nameTaken', name, () => knex('buildings').where({ id: buildingId }).update({ name }));
      return { id: buildingId };
    },

    async removeBuilding(actor, buildingId, t) {
      await assertChange(actor, 'building', buildingId, t);
      const rooms = await knex('rooms').where({ building_id: buildingId }).select('id', 'name').orderBy('name');
      const used = await roomsInUse(rooms, actor, t);
      if (used.length) throw new ValidationError(used);
      await knex.transaction((trx) => deleteBuildings(trx, [buildingId])).catch(roomsRestricted(t, rooms));
      return { message: t('training-centre.building.deleted') };
    },
  };
}
