import crypto from 'node:crypto';
import {
  NotFoundError, isLanguage, violatedConstraint, type Actor, type Knex, type Language, type PermissionMatrix,
} from '@alterna/core';
import { perm } from '../permissions.js';
import { PlanningCalendarFeedModel } from '../models/index.js';
import { renderCalendarFeed } from '../rules/calendar-feed.js';
import { notModified, servedSince } from '../rules/feed-validators.js';
import type { PlanningDeps } from './deps.js';
import { readVersionedLessons, type LessonFilter } from './lesson-reads.js';
import { teacherTypologies } from './resource-common.js';
import { nowMs } from '@alterna/core/clock';

export type CalendarFeedKind = 'teacher' | 'student' | 'room';

/** Where a subject's feed stands; the URL itself is shown once, when made (only its hash is kept). */
export interface CalendarFeedStatus {
  kind: CalendarFeedKind;
  active: boolean;
  createdAt: string | null;
}

export interface CalendarFeedsService {
  /** The actor's own feed (as a teacher when they teach, else as a student). */
  myStatus(actor: Actor | null): Promise<CalendarFeedStatus>;
  /** Makes the actor's feed, or a new token for it: the previous URL stops working. */
  myRenew(actor: Actor | null): Promise<{ token: string; status: CalendarFeedStatus }>;
  myRevoke(actor: Actor | null): Promise<CalendarFeedStatus>;
  /** A room's feed, for staff with planning rights on the room's campus (read to see, manage to change). */
  roomStatus(actor: Actor | null, roomId: string): Promise<CalendarFeedStatus>;
  roomRenew(actor: Actor | null, roomId: string): Promise<{ token: string; status: CalendarFeedStatus }>;
  roomRevoke(actor: Actor | null, roomId: string): Promise<CalendarFeedStatus>;
  /**
   * The feed behind a token, as text/calendar, with its validators, and whether the client's copy (its
   * If-None-Match, If-Modified-Since) is current; NotFoundError for a malformed, unknown or revoked token.
   */
  render(token: string, request: FeedRequest): Promise<RenderedFeed>;
}

/** How a calendar app asks: the request's language (a person's own preference comes first) and validators. */
export interface FeedRequest {
  language: Language;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
}

export interface RenderedFeed {
  ics: string;
  /** A strong ETag: the SHA-256 of the body, quoted. */
  etag: string;
  lastModified: Date;
  notModified: boolean;
}

/** Lessons a feed shows: a month back, a year ahead. */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 365;
const DAY_MS = 86_400_000;

/** 32 random bytes in base64url: 43 characters of A–Z a–z 0–9 - _. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const LIVE_INDEX = 'planning_calendar_feeds_live';

interface Subject {
  kind: CalendarFeedKind;
  id: string;
  campusId: string | null;
}

export function calendarFeedsService(deps: PlanningDeps): CalendarFeedsService {
  // Typed by name: TypeScript only runs assertion methods (`assert`) on explicitly typed references.
  const permissions: PermissionMatrix = deps.permissions;
  const { knex, core } = deps;

  /** A teacher's feed when they teach somewhere, else a student's: the route's permission holds one of the two. */
  const own = (actor: Actor | null): Subject => {
    permissions.assert(actor, perm.ownCalendarFeed);
    const teaches = actor.rules.some((rule) => (teacherTypologies as readonly string[]).includes(rule.typology));
    return { kind: teaches ? 'teacher' : 'student', id: actor.id, campusId: null };
  };

  /** The room with its campus; 404 for an unknown room, 403 when the actor lacks the permission on its campus. */
  const roomOf = async (actor: Actor | null, roomId: string, permission: string): Promise<Subject> => {
    permissions.assert(actor, permission);
    const room = await roomPlace(knex, roomId);
    if (!room) throw new NotFoundError('room');
    permissions.assert(actor, permission, room.campusId);
    return { kind: 'room', id: room.id, campusId: room.campusId };
  };

  const status = async (subject: Subject): Promise<CalendarFeedStatus> => {
    const live = await PlanningCalendarFeedModel.query(knex)
      .findOne({ subject_kind: subject.kind, subject_id: subject.id })
      .whereNull('revoked_at');
    return { kind: subject.kind, active: !!live, createdAt: live ? new Date(live.created_at).toISOString() : null };
  };

  const renew = async (actor: Actor, subject: Subject) => {
    const token = crypto.randomBytes(32).toString('base64url');
    // Two renewals at once: the partial unique index refuses the second insert; it then revokes the first's row.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await knex.transaction(async (trx) => {
          await PlanningCalendarFeedModel.query(trx)
            .patch({ revoked_at: knex.fn.now() as unknown as Date })
            .where({ subject_kind: subject.kind, subject_id: subject.id })
            .whereNull('revoked_at');
          await PlanningCalendarFeedModel.query(trx).insert({
            subject_kind: subject.kind, subject_id: subject.id, campus_id: subject.campusId, token_hash: hashOf(token), created_by: actor.id,
          });
        });
        break;
      } catch (error) {
        if (attempt >= 3 || violatedConstraint(error, 'uniqueViolation') !== LIVE_INDEX) throw error;
      }
    }
    return { token, status: await status(subject) };
  };

  const revoke = async (subject: Subject) => {
    await PlanningCalendarFeedModel.query(knex)
      .patch({ revoked_at: knex.fn.now() as unknown as Date })
      .where({ subject_kind: subject.kind, subject_id: subject.id })
      .whereNull('revoked_at');
    return status(subject);
  };

  return {
    myStatus: (actor) => status(own(actor)),
    myRenew: (actor) => renew(actor!, own(actor)),
    myRevoke: (actor) => revoke(own(actor)),
    roomStatus: async (actor, roomId) => status(await roomOf(actor, roomId, perm.resourceRead)),
    roomRenew: async (actor, roomId) => renew(actor!, await roomOf(actor, roomId, perm.resourceUpdate)),
    roomRevoke: async (actor, roomId) => revoke(await roomOf(actor, roomId, perm.resourceUpdate)),

    async render(token, request) {
      if (typeof token !== 'string' || !tokenPattern.test(token)) throw new NotFoundError('calendar feed');
      const feed = await PlanningCalendarFeedModel.query(knex).findOne({ token_hash: hashOf(token) }).whereNull('revoked_at');
      if (!feed) throw new NotFoundError('calendar feed');
      const at = nowMs();
      const period = { from: new Date(at - FEED_DAYS_BACK * DAY_MS).toISOString(), to: new Date(at + FEED_DAYS_AHEAD * DAY_MS).toISOString(), withCancelled: true };

      let name: string;
      let filter: LessonFilter;
      let t = core.translator(request.language);
      if (feed.subject_kind === 'room') {
        const room = await roomPlace(knex, feed.subject_id);
        if (!room) throw new NotFoundError('calendar feed');
        name = t('planning.calendarFeeds.calendarName.room', { room: room.name, campus: room.campusName }) as string;
        filter = { ...period, roomIds: [room.id] };
      } else {
        const person = await knex('identity_actors').where({ id: feed.subject_id }).first('first_name', 'last_name', 'language', 'archived');
        // An archived person's link stops with their account.
        if (!person || person.archived) throw new NotFoundError('calendar feed');
        if (isLanguage(person.language)) t = core.translator(person.language);
        name = t(`planning.calendarFeeds.calendarName.${feed.subject_kind}`, { name: `${person.first_name} ${person.last_name}` }) as string;
        filter = feed.subject_kind === 'teacher'
          ? { ...period, teacherIds: [feed.subject_id] }
          : { ...period, planningGroupIds: await studentGroups(knex, feed.subject_id) };
      }
      // One statement for the lessons and their teachers, rooms and groups (no query per lesson).
      const lessons = filter.planningGroupIds?.length === 0 ? [] : await readVersionedLessons(knex, filter);
      const ics = renderCalendarFeed({ name, lessons, t });
      const etag = `"${crypto.createHash('sha256').update(ics).digest('base64url')}"`;
      const latestChange = lessons.reduce<number | null>((latest, lesson) => Math.max(latest ?? 0, Date.parse(lesson.updatedAt)), null);
      const since = servedSince({ etag: feed.served_etag, since: feed.served_since?.getTime() ?? null }, { etag, latestChange, now: at });
      if (feed.served_etag !== etag) {
        await PlanningCalendarFeedModel.query(knex).findById(feed.id).patch({ served_etag: etag, served_since: new Date(since) });
      }
      return { ics, etag, lastModified: new Date(since), notModified: notModified(request, { etag, lastModified: since }) };
    },
  };
}

/** A room with its campus, through the training centre's read views. */
async function roomPlace(knex: Knex, roomId: string): Promise<{ id: string; name: string; campusId: string; campusName: string } | null> {
  const row = await knex('training_centre_room_places as r')
    .join('training_centre_campuses as c', 'c.id', 'r.campus_id')
    .where('r.id', roomId)
    .first('r.id', 'r.name', 'c.id as campus_id', 'c.name as campus_name');
  return row ? { id: row.id, name: row.name, campusId: row.campus_id, campusName: row.campus_name } : null;
}

/** The planning groups a student's registrations are subscribed to (the students module's read view). */
async function studentGroups(knex: Knex, studentId: string): Promise<string[]> {
  return knex('planning_group_subscriptions as s')
    .join('students_student_registrations as r', 'r.id', 's.student_registration_id')
    .where('r.student_id', studentId)
    .distinct()
    .pluck('s.planning_group_id');
}
