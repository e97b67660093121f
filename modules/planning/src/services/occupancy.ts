import { NotFoundError, NotLoggedInError, validate, type Actor, type PermissionMatrix, type Translate } from '@alterna/core';
import { perm } from '../permissions.js';
import { addDays, parisWallClock } from '../rules/lesson-time.js';
import type { OccupancyType } from '../rules/resource-occupancy.js';
import { occupancyPeriodSchema } from '../validation/resources.js';
import type { PlanningDeps } from './deps.js';
import { iso } from './resource-common.js';

export interface OccupancyCampus {
  id: string;
  name: string;
  /** The viewer may book rooms (and change bookings) there. */
  canBook: boolean;
}

export interface OccupancyLesson {
  id: string;
  startAt: string;
  endAt: string;
  status: string;
  lessonType: string;
  remote: string;
  description: string | null;
  schoolSubject: { id: string; name: string; shortName: string; color: string | null } | null;
  teachers: { id: string; firstName: string; lastName: string }[];
  planningGroups: { id: string; name: string }[];
}

export interface OccupancyBooking {
  id: string;
  title: string;
  description: string | null;
  startAt: string;
  endAt: string;
  bookedBy: { id: string; firstName: string; lastName: string } | null;
}

export interface OccupancyRoom {
  room: { id: string; name: string; size: number };
  building: { id: string; name: string; site: { id: string; name: string } };
  lessons: OccupancyLesson[];
  bookings: OccupancyBooking[];
}

export interface OccupancyPlan {
  campus: { id: string; name: string; openDays: number[] };
  startDate: string;
  endDate: string;
  type: OccupancyType;
  canBook: boolean;
  rooms: OccupancyRoom[];
}

export interface PeriodParams {
  startDate: string;
  endDate: string;
  type?: string;
}

export interface OccupancyService {
  /** Campuses whose occupancy the actor may read, by name, with whether it may book there. */
  campuses(actor: Actor | null): Promise<OccupancyCampus[]>;
  /** A checked period (422 on bad days, reversed or longer than the limit, unknown display). */
  period(params: PeriodParams, t: Translate): Promise<{ startDate: string; endDate: string; type: OccupancyType }>;
  /** Every room of the campus with its active and locked lessons and its bookings in the period: one query per kind. */
  plan(actor: Actor | null, campusId: string, params: PeriodParams, t: Translate): Promise<OccupancyPlan>;
}

export function occupancyService(deps: PlanningDeps): OccupancyService {
  // Typed by name: TypeScript only runs assertion methods (`assert`) on explicitly typed references.
  const permissions: PermissionMatrix = deps.permissions;
  const { knex } = deps;
  const period: OccupancyService['period'] = async (params, t) => {
    const value = await validate(occupancyPeriodSchema, { type: 'week', ...params }, t);
    return { startDate: value.startDate, endDate: value.endDate, type: value.type as OccupancyType };
  };

  return {
    async campuses(actor) {
      const ids = permissions.campusesOrDeny(actor, perm.resourceRead);
      const rows: { id: string; name: string }[] = await knex('training_centre_campuses as campuses').whereIn('id', ids).orderBy('name').select('id', 'name');
      return rows.map((row) => ({ ...row, canBook: permissions.isGranted(actor, perm.resourceUpdate, row.id) }));
    },

    period,

    async plan(actor, campusId, params, t) {
      if (!actor) throw new NotLoggedInError();
      const value = await period(params, t);
      permissions.assert(actor, perm.resourceRead, campusId);
      const campus = await knex('training_centre_campuses as campuses').where({ id: campusId }).first('id', 'name', 'open_days');
      if (!campus) throw new NotFoundError('campus');
      // The period covers whole Paris days: midnight of the first to midnight after the last.
      const from = parisWallClock(value.startDate);
      const to = parisWallClock(addDays(value.endDate, 1));
      const campusRooms = () =>
        knex('training_centre_room_places as r').where('r.campus_id', campusId);

      const [rooms, lessons, bookings] = await Promise.all([
        campusRooms()
          .select('r.id', 'r.name', 'r.size', 'r.building_id', 'r.building_name', 'r.site_id', 'r.site_name')
          .orderBy([{ column: 'r.site_name' }, { column: 'r.building_name' }, { column: 'r.name' }]),
        knex('lesson_rooms as lr')
          .join('lessons as l', 'l.id', 'lr.lesson_id')
          .leftJoin('trainings_school_subjects as s', 's.id', 'l.school_subject_id')
          .whereIn('lr.room_id', campusRooms().select('r.id'))
          .andWhere('lr.active', true)
          .andWhereRaw("lr.period && tstzrange(?::timestamptz, ?::timestamptz, '[)')", [from, to])
          .select(
            'lr.room_id', 'l.id', 'l.start_at', 'l.end_at', 'l.status', 'l.lesson_type', 'l.remote', 'l.description',
            's.id as subject_id', 's.name as subject_name', 's.short_name as subject_short_name', 's.color as subject_color',
            knex.raw(`COALESCE((SELECT json_agg(json_build_object('id', a.id, 'firstName', a.first_name, 'lastName', a.last_name) ORDER BY a.last_name, a.first_name)
              FROM lesson_teachers lt JOIN identity_actors a ON a.id = lt.teacher_id WHERE lt.lesson_id = l.id), '[]'::json) AS teachers`),
            knex.raw(`COALESCE((SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.name)
              FROM lesson_planning_groups lpg JOIN planning_groups g ON g.id = lpg.planning_group_id WHERE lpg.lesson_id = l.id), '[]'::json) AS planning_groups`),
          )
          .orderBy('l.start_at'),
        knex('room_bookings as rb')
          .leftJoin('identity_actors as a', 'a.id', 'rb.booked_by')
          .where('rb.campus_id', campusId)
          .andWhereRaw("rb.period && tstzrange(?::timestamptz, ?::timestamptz, '[)')", [from, to])
          .select('rb.id', 'rb.room_id', 'rb.title', 'rb.description', 'rb.start_at', 'rb.end_at', 'a.id as booked_by', 'a.first_name', 'a.last_name')
          .orderBy('rb.start_at'),
      ]);

      const byRoom = new Map<string, OccupancyRoom>();
      const plan: OccupancyPlan = {
        campus: { id: campus.id, name: campus.name, openDays: campus.open_days ?? [] },
        ...value,
        canBook: permissions.isGranted(actor, perm.resourceUpdate, campusId),
        rooms: rooms.map((row: Record<string, any>) => {
          const room: OccupancyRoom = {
            room: { id: row.id, name: row.name, size: row.size },
            building: { id: row.building_id, name: row.building_name, site: { id: row.site_id, name: row.site_name } },
            lessons: [],
            bookings: [],
          };
          byRoom.set(row.id, room);
          return room;
        }),
      };
      for (const row of lessons as Record<string, any>[]) {
        byRoom.get(row.room_id)?.lessons.push({
          id: row.id,
          startAt: iso(row.start_at),
          endAt: iso(row.end_at),
          status: row.status,
          lessonType: row.lesson_type,
          remote: row.remote,
          description: row.description,
          schoolSubject: row.subject_id ? { id: row.subject_id, name: row.subject_name, shortName: row.subject_short_name, color: row.subject_color } : null,
          teachers: row.teachers,
          planningGroups: row.planning_groups,
        });
      }
      for (const row of bookings as Record<string, any>[]) {
        byRoom.get(row.room_id)?.bookings.push({
          id: row.id,
          title: row.title,
          description: row.description,
          startAt: iso(row.start_at),
          endAt: iso(row.end_at),
          bookedBy: row.booked_by ? { id: row.booked_by, firstName: row.first_name, lastName: row.last_name } : null,
        });
      }
      return plan;
    },
  };
}
