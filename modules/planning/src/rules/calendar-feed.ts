import { ICalCalendar, ICalEventStatus } from 'ical-generator';
import type { Translate } from '@alterna/core';
import { CENTRE_TIME_ZONE, type Lesson } from '../types.js';
import { toParis } from './lesson-time.js';

// Rendering of a live iCal feed from lessons as every reader returns them (pure: no database).

/** A lesson with what its event is stamped with: its SEQUENCE (moves, changes of rooms) and its last change (ISO UTC). */
export type VersionedLesson = Lesson & { sequence: number; updatedAt: string };

/**
 * Europe/Paris as a VTIMEZONE (EU rules since 1996): clients that do not know Olson names still place the
 * lessons right, and no tz database package is needed for one zone.
 */
export const PARIS_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${CENTRE_TIME_ZONE}`,
  `X-LIC-LOCATION:${CENTRE_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/** The lesson's title: its school subject (else its type) and its planning groups. */
export function lessonSummary(lesson: Lesson, t: Translate): string {
  const what = lesson.schoolSubject?.name || (t(`planning.resources.lessonTypes.${lesson.lessonType}`, { defaultValue: lesson.lessonType }) as string);
  const groups = lesson.planningGroups.map((group) => group.name).join(', ');
  const summary = groups ? `${what} — ${groups}` : what;
  return lesson.status === 'cancelled' ? (t('planning.calendarFeeds.cancelledSummary', { summary }) as string) : summary;
}

/** Where it happens: its rooms, then its campus. */
export function lessonLocation(lesson: Lesson): string {
  return [...lesson.rooms.map((room) => room.name), lesson.campusName].join(', ');
}

/** Who teaches it, and what else a person reading their calendar needs (remote, why it was cancelled). */
export function lessonDescription(lesson: Lesson, t: Translate): string {
  const teachers = lesson.teachers.map((teacher) => `${teacher.firstName} ${teacher.lastName}`).join(', ');
  const lines = [teachers ? (t('planning.calendarFeeds.teachers', { names: teachers }) as string) : (t('planning.calendarFeeds.noTeacher') as string)];
  if (lesson.remote !== 'present') lines.push(t(`planning.calendarFeeds.remote.${lesson.remote}`) as string);
  if (lesson.status === 'cancelled' && lesson.cancelDesc) lines.push(t('planning.calendarFeeds.cancelReason', { reason: lesson.cancelDesc }) as string);
  if (lesson.description) lines.push(lesson.description);
  return lines.join('\n');
}

/**
 * The whole feed as text/calendar: one VEVENT per lesson (cancelled ones with STATUS:CANCELLED), Paris times. Nothing
 * in it depends on when it is rendered (DTSTAMP is the lesson's last change): the same lessons give the same bytes.
 */
export function renderCalendarFeed(feed: { name: string; lessons: readonly VersionedLesson[]; t: Translate; refreshMinutes?: number }): string {
  // No calendar-level zone name: ical-generator would then write DTSTAMP without its Z; each event names Paris instead.
  const calendar = new ICalCalendar({
    prodId: { company: 'Alterna', product: 'Planning', language: 'FR' },
    // X-WR-CALNAME is written as is: a line break in a name would break the file.
    name: feed.name.replace(/[\r\n]+/g, ' '),
    timezone: { name: null, generator: (zone) => (zone === CENTRE_TIME_ZONE ? PARIS_VTIMEZONE : null) },
    ttl: (feed.refreshMinutes ?? 60) * 60,
    x: [['X-WR-TIMEZONE', CENTRE_TIME_ZONE]],
  });
  for (const lesson of feed.lessons) {
    calendar.createEvent({
      id: `${lesson.id}@alterna`,
      start: toParis(lesson.startAt),
      end: toParis(lesson.endAt),
      timezone: CENTRE_TIME_ZONE,
      summary: lessonSummary(lesson, feed.t),
      location: lessonLocation(lesson),
      description: lessonDescription(lesson, feed.t),
      status: lesson.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      sequence: lesson.sequence,
      stamp: new Date(lesson.updatedAt),
      lastModified: new Date(lesson.updatedAt),
    });
  }
  // RFC 5545 ends every content line, the last one included, with CRLF; ical-generator leaves the last bare.
  return `${calendar.toString()}\r\n`;
}
