import type { Actor, Knex, PermissionMatrix } from '@alterna/core';
import { perm } from '../permissions.js';
import { campusesFor } from './access.js';

export interface Campus {
  id: string;
  name: string;
  openDays: number[];
}

/** A campus with its places, as getCampusInfo answers; `canEdit`/`canManage` say what the viewer may change. */
export interface CampusInfo extends Campus {
  canEdit: boolean;
  canManage: boolean;
  sites: SiteInfo[];
}
export interface SiteInfo {
  id: string;
  name: string;
  address: string | null;
  buildings: BuildingInfo[];
}
export interface BuildingInfo {
  id: string;
  name: string;
  rooms: RoomInfo[];
}
export interface RoomInfo {
  id: string;
  name: string;
  size: number;
}

export interface CampusesService {
  /** Campuses (all, or those ids), by name; no actor check: for other modules. */
  list(ids?: string[]): Promise<Campus[]>;
  get(id: string): Promise<Campus | null>;
  /** The viewer's campuses (narrowed to campusList) with sites, buildings and rooms: four set queries. */
  info(viewer: Actor | null, campusList?: string[] | null): Promise<CampusInfo[]>;
}

export function campusesService(knex: Knex, permissions: PermissionMatrix): CampusesService {
  const select = () => knex('campuses').select('id', 'name', 'open_days').orderBy('name');
  const toCampus = (row: { id: string; name: string; open_days: number[] }): Campus => ({ id: row.id, name: row.name, openDays: row.open_days });
  return {
    async list(ids) {
      const query = select();
      if (ids) query.whereIn('id', ids);
      return (await query).map(toCampus);
    },
    async get(id) {
      const row = await select().where({ id }).first();
      return row ? toCampus(row) : null;
    },
    async info(viewer, campusList) {
      const ids = campusesFor(permissions, viewer, perm.campusRead, campusList);
      if (!ids.length) return [];
      const [campusRows, siteRows, buildingRows, roomRows] = await Promise.all([
        select().whereIn('id', ids),
        knex('sites').whereIn('campus_id', ids).select('id', 'name', 'address', 'campus_id').orderBy('name'),
        knex('buildings as b').join('sites as s', 's.id', 'b.site_id').whereIn('s.campus_id', ids).select('b.id', 'b.name', 'b.site_id').orderBy('b.name'),
        knex('rooms as r')
          .join('buildings as b', 'b.id', 'r.building_id')
          .join('sites as s', 's.id', 'b.site_id')
          .whereIn('s.campus_id', ids)
          .select('r.id', 'r.name', 'r.size', 'r.building_id')
          .orderBy('r.name'),
      ]);
      const campuses = new Map<string, CampusInfo>(
        campusRows.map((row) => [
          row.id,
          { ...toCampus(row), canEdit: permissions.isGranted(viewer, perm.campusUpdate, row.id), canManage: permissions.isGranted(viewer, perm.campusManage, row.id), sites: [] },
        ]),
      );
      // A plain tree (no links back to parents, so it serialises); GraphQL adds the parents as it walks down.
      const sites = new Map<string, SiteInfo>();
      for (const row of siteRows) {
        const campus = campuses.get(row.campus_id)!;
        const site: SiteInfo = { id: row.id, name: row.name, address: row.address, buildings: [] };
        campus.sites.push(site);
        sites.set(site.id, site);
      }
      const buildings = new Map<string, BuildingInfo>();
      for (const row of buildingRows) {
        const site = sites.get(row.site_id)!;
        const building: BuildingInfo = { id: row.id, name: row.name, rooms: [] };
        site.buildings.push(building);
        buildings.set(building.id, building);
      }
      for (const row of roomRows) {
        const building = buildings.get(row.building_id)!;
        building.rooms.push({ id: row.id, name: row.name, size: row.size });
      }
      return [...campuses.values()];
    },
  };
}
