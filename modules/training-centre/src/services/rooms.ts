import { isPgError, AccessDeniedError, NotFoundError, NotLoggedInError, ValidationError, type Actor, type Knex, type PermissionMatrix, type Translate, type Violation } from '@alterna/core';
import { perm } from '../permissions.js';
import { planRoomsEdit, type SubmittedRoom } from '../rules/rooms-edit.js';
import { campusesFor } from './access.js';
import type { UsageRegistry } from './usage.js';

/** SPEC §3 Room: uuid, name, size, building (uuid, name, site.campus). */
export interface Room {
  id: string;
  name: string;
  size: number;
  building: { id: string; name: string; site: { id: string; name: string; campus: { id: string; name: string; openDays: number[] } } };
}

export interface RoomsService {
  /** Rooms of those campuses with building, site and campus, by campus, site, building and room name (no actor check: for other modules). */
  list(campusIds: string[]): Promise<Room[]>;
  /** SPEC §7 getRoomsWithBuildingWithCampus: only campuses where the actor has pedagogy, isd, management or campus-manager access. */
  forActor(viewer: Actor | null, actorId: string, campusList: string[] | null): Promise<Room[]>;
  /** Rooms of that name on the viewer's campuses (GET /training-center/room/{name}). */
  byName(viewer: Actor | null, name: string): Promise<Room[]>;
  /** Replaces the rooms of a building with the submitted list, in one transaction. */
  editRooms(viewer: Actor | null, buildingId: string, rooms: SubmittedRoom[], t: Translate): Promise<{ message: string }>;
}

export function roomsService(knex: Knex, permissions: PermissionMatrix, usage: UsageRegistry): RoomsService {
  const select = () =>
    knex('rooms as r')
      .join('buildings as b', 'b.id', 'r.building_id')
      .join('sites as s', 's.id', 'b.site_id')
      .join('campuses as c', 'c.id', 's.campus_id')
      .select(
        'r.id', 'r.name', 'r.size',
        'b.id as building_id', 'b.name as building_name',
        's.id as site_id', 's.name as site_name',
        'c.id as campus_id', 'c.name as campus_name', 'c.open_days as campus_open_days',
      )
      .orderBy([{ column: 'c.name' }, { column: 's.name' }, { column: 'b.name' }, { column: 'r.name' }]);
  const toRoom = (row: Record<string, any>): Room => ({
    id: row.id,
    name: row.name,
    size: row.size,
    building: {
      id: row.building_id,
      name: row.building_name,
      site: { id: row.site_id, name: row.site_name, campus: { id: row.campus_id, name: row.campus_name, openDays: row.campus_open_days } },
    },
  });

  return {
    async list(campusIds) {
      if (!campusIds.length) return [];
      return (await select().whereIn('c.id', campusIds)).map(toRoom);
    },

    async forActor(viewer, actorId, campusList) {
      if (!viewer) throw new NotLoggedInError();
      // The front asks for its own actor; another actor's access rules are the identity module's, not ours to read.
      if (actorId !== viewer.id) throw new AccessDeniedError();
      return this.list(campusesFor(permissions, viewer, perm.roomsRead, campusList));
    },

    async byName(viewer, name) {
      const campuses = campusesFor(permissions, viewer, perm.campusRead);
      return (await select().whereIn('c.id', campuses).whereRaw('lower(r.name) = lower(?)', [name.trim()])).map(toRoom);
    },

    async editRooms(viewer, buildingId, rooms, t) {
      if (!viewer) throw new NotLoggedInError();
      const building = await knex('buildings as b').join('sites as s', 's.id', 'b.site_id').where('b.id', buildingId).first('b.id', 's.campus_id');
      if (!building) throw new NotFoundError(t('errors.notFound'));
      permissions.assert(viewer, perm.campusUpdate, building.campus_id);

      const existing = await knex('rooms').where({ building_id: buildingId }).select('id', 'name', 'size');
      const plan = planRoomsEdit(existing, rooms);
      const violations: Violation[] = plan.problems.map((problem) =>
        problem.kind === 'nameRepeated'
          ? { path: `rooms[${problem.index}].name`, message: t('training-centre.room.nameRepeated', { name: problem.name }) }
          : { path: `rooms[${problem.index}].name`, message: t('training-centre.room.unknown') },
      );
      // Usage checks run before the transaction (PGlite has one connection, which a transaction holds).
      const counts = await usage.roomUsage(plan.removed.map((room) => room.id), { actor: viewer });
      for (const room of plan.removed) {
        if (counts.has(room.id)) violations.push({ path: '', message: t('training-centre.room.lessonsScheduled', { name: room.name, count: counts.get(room.id) }) });
      }
      if (violations.length) throw new ValidationError(violations);

      try {
        await knex.transaction(async (trx) => {
          if (plan.removed.length) await trx('rooms').whereIn('id', plan.removed.map((room) => room.id)).delete();
          if (plan.changed.length) {
            const values = plan.changed.map(() => '(?::uuid, ?, ?::integer)').join(', ');
            const bindings = plan.changed.flatMap((room) => [room.id, room.name, room.size]);
            // Renamed rooms first take a name no room can hold, so that two rooms may swap names in one save.
            await trx.raw(`UPDATE rooms SET name = rooms.id::text FROM (VALUES ${values}) AS v(id, name, size) WHERE rooms.id = v.id AND rooms.name <> v.name`, bindings);
            await trx.raw(`UPDATE rooms SET name = v.name, size = v.size FROM (VALUES ${values}) AS v(id, name, size) WHERE rooms.id = v.id`, bindings);
          }
          if (plan.added.length) await trx('rooms').insert(plan.added.map((room) => ({ building_id: buildingId, name: room.name, size: room.size })));
        });
      } catch (error) {
        if (isPgError(error, 'foreignKeyViolation')) {
          throw new ValidationError(plan.removed.slice(0, 1).map((room) => ({ path: '', message: t('training-centre.room.lessonsScheduled', { name: room.name, count: 1 }) })));
        }
        if (isPgError(error, 'uniqueViolation')) throw new ValidationError([{ path: '', message: t('training-centre.room.savedMeanwhile') }]);
        throw error;
      }
      return { message: t('training-centre.room.saved') };
    },
  };
}
