import { retryOnDeadlock, violatedConstraint, NotFoundError, NotLoggedInError, ValidationError, validate, type Actor, type PermissionMatrix, type Translate } from '@alterna/core';
import { perm } from '../permissions.js';
import { bookingSchema, type BookingInput } from '../validation/resources.js';
import type { PlanningDeps } from './deps.js';
import type { PeriodParams } from './occupancy.js';
import { firstOverlappingLesson, iso, lessonName, periodWords, type Db } from './resource-common.js';
import { RoomBookingModel } from '../models/index.js';

/** A room booking (event booking): a room held for something that is not a lesson. */
export interface RoomBooking {
  id: string;
  campusId: string;
  roomId: string;
  roomName: string;
  title: string;
  description: string | null;
  startAt: string;
  endAt: string;
}

/** The answer of a booking route: the booking and the occupancy period to go back to. */
export interface BookingAnswer {
  booking: RoomBooking;
  campus: string;
  startDate: string;
  endDate: string;
}

export interface BookingsService {
  get(actor: Actor | null, bookingId: string, campusId: string): Promise<RoomBooking>;
  create(actor: Actor | null, place: { campus: string; room: string } & PeriodParams, input: unknown, t: Translate): Promise<BookingAnswer>;
  update(actor: Actor | null, place: { eventBooking: string; campus: string } & PeriodParams, input: unknown, t: Translate): Promise<BookingAnswer>;
  remove(actor: Actor | null, place: { eventBooking: string; campus: string } & PeriodParams, t: Translate): Promise<{ deleted: string; campus: string; startDate: string; endDate: string }>;
}

const NO_OVERLAP = 'room_bookings_no_overlap';

export function bookingsService(deps: PlanningDeps): BookingsService {
  // Typed by name: TypeScript only runs assertion methods (`assert`) on explicitly typed references.
  const permissions: PermissionMatrix = deps.permissions;
  const { knex } = deps;
  const select = (db: Db) =>
    db('room_bookings as rb')
      .join('training_centre_room_places as r', 'r.id', 'rb.room_id')
      .select('rb.id', 'rb.campus_id', 'rb.room_id', 'r.name as room_name', 'rb.title', 'rb.description', 'rb.start_at', 'rb.end_at');
  const toBooking = (row: Record<string, any>): RoomBooking => ({
    id: row.id,
    campusId: row.campus_id,
    roomId: row.room_id,
    roomName: row.room_name,
    title: row.title,
    description: row.description,
    startAt: iso(row.start_at),
    endAt: iso(row.end_at),
  });

  /** The booking of that campus, for someone who may change bookings there; 404 when it is not the campus's. */
  async function owned(actor: Actor, bookingId: string, campusId: string, permission: string): Promise<RoomBooking> {
    const row = await select(knex).where('rb.id', bookingId).first();
    if (!row || row.campus_id !== campusId) {
      permissions.assert(actor, permission, campusId);
      throw new NotFoundError('booking');
    }
    permissions.assert(actor, permission, campusId);
    return toBooking(row);
  }

  /** The room is free of lessons over the period (a set query on the room's active lessons), or 422 naming the lesson. */
  async function assertNoLesson(db: Db, roomId: string, value: BookingInput, t: Translate): Promise<void> {
    const lesson = await firstOverlappingLesson(db, { table: 'lesson_rooms', column: 'room_id', id: roomId }, value.startAt, value.endAt);
    if (lesson) {
      throw new ValidationError([{ path: '', message: t('planning.resources.booking.lessonOverlap', { lesson: lessonName(lesson, t), ...periodWords(lesson.startAt, lesson.endAt) }) }], {
        conflicts: [{ kind: 'room', otherId: lesson.id, resourceId: roomId, startAt: iso(lesson.startAt), endAt: iso(lesson.endAt), label: lessonName(lesson, t) }],
      });
    }
  }

  /** The exclusion constraint refused the row: name the booking it collides with. */
  async function bookingConflict(roomId: string, value: BookingInput, exceptId: string | null, t: Translate): Promise<ValidationError> {
    const query = knex('room_bookings')
      .where('room_id', roomId)
      .andWhereRaw("period && tstzrange(?::timestamptz, ?::timestamptz, '[)')", [value.startAt, value.endAt])
      .orderBy('start_at')
      .first('id', 'title', 'start_at', 'end_at');
    if (exceptId) query.whereNot('id', exceptId);
    const other = await query;
    const words = other ? { title: other.title, ...periodWords(other.start_at, other.end_at) } : { title: '', ...periodWords(value.startAt, value.endAt) };
    return new ValidationError([{ path: '', message: t('planning.resources.booking.bookingOverlap', words) }], {
      conflicts: other ? [{ kind: 'booking', otherId: other.id, resourceId: roomId, startAt: iso(other.start_at), endAt: iso(other.end_at), label: other.title }] : [],
    });
  }

  /** Writes inside a transaction after the lesson check; a racing booking loses on the exclusion constraint. */
  async function write(roomId: string, value: BookingInput, exceptId: string | null, t: Translate, run: (trx: Db) => Promise<string>): Promise<string> {
    try {
      return await retryOnDeadlock(() =>
        knex.transaction(async (trx) => {
          await assertNoLesson(trx, roomId, value, t);
          return run(trx);
        }),
      );
    } catch (error) {
      if (violatedConstraint(error, 'exclusionViolation') === NO_OVERLAP) throw await bookingConflict(roomId, value, exceptId, t);
      throw error;
    }
  }

  const answer = async (id: string, campus: string, period: { startDate: string; endDate: string }): Promise<BookingAnswer> => ({
    booking: toBooking(await select(knex).where('rb.id', id).first()),
    campus,
    startDate: period.startDate,
    endDate: period.endDate,
  });

  return {
    async get(actor, bookingId, campusId) {
      if (!actor) throw new NotLoggedInError();
      return owned(actor, bookingId, campusId, perm.resourceRead);
    },

    async create(actor, place, input, t) {
      if (!actor) throw new NotLoggedInError();
      const period = await deps.services().occupancy.period(place, t);
      const value = await validate(bookingSchema, input, t);
      permissions.assert(actor, perm.resourceUpdate, place.campus);
      const room = await knex('training_centre_room_places as r')
        .where('r.id', place.room)
        .first('r.id', 'r.campus_id');
      if (!room) throw new NotFoundError('room');
      if (room.campus_id !== place.campus) throw new ValidationError([{ path: 'room', message: t('planning.resources.booking.roomNotInCampus') }]);
      const id = await write(room.id, value, null, t, async (trx) => {
        const [row] = await trx('room_bookings')
          .insert({ room_id: room.id, campus_id: place.campus, title: value.title, description: value.description, start_at: value.startAt, end_at: value.endAt, booked_by: actor.id })
          .returning('id');
        if (!row) throw new Error('planning: the room booking insert returned no row');
        return row.id;
      });
      return answer(id, place.campus, period);
    },

    async update(actor, place, input, t) {
      if (!actor) throw new NotLoggedInError();
      const period = await deps.services().occupancy.period(place, t);
      const value = await validate(bookingSchema, input, t);
      const booking = await owned(actor, place.eventBooking, place.campus, perm.resourceUpdate);
      await write(booking.roomId, value, booking.id, t, async (trx) => {
        await trx('room_bookings')
          .where({ id: booking.id })
          .update({ title: value.title, description: value.description, start_at: value.startAt, end_at: value.endAt, updated_at: knex.fn.now() });
        return booking.id;
      });
      return answer(booking.id, place.campus, period);
    },

    async remove(actor, place, t) {
      if (!actor) throw new NotLoggedInError();
      const period = await deps.services().occupancy.period(place, t);
      const booking = await owned(actor, place.eventBooking, place.campus, perm.resourceUpdate);
      await RoomBookingModel.query(knex).deleteById(booking.id);
      return { deleted: booking.id, campus: place.campus, startDate: period.startDate, endDate: period.endDate };
    },
  };
}
