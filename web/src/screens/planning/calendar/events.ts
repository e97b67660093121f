import type { EventInput } from '@fullcalendar/core';
import { personLabel, readableBackground, textOn } from '../shared/labels';
import { toCalendarTime } from '../shared/time';
import type { LessonEvent } from './api';

const CANCELLED_COLOUR = '#ced4da';
const NO_SUBJECT_COLOUR = '#748ffc';

/** The lines a lesson shows in the calendar: subject short name, groups, rooms, teachers. */
export function lessonLines(lesson: LessonEvent): { subject: string; groups: string; rooms: string; teachers: string } {
  return {
    subject: lesson.schoolSubject?.shortName ?? '',
    groups: lesson.planningGroups.map((g) => g.name).join(', '),
    rooms: lesson.rooms.map((r) => r.name).join(', '),
    teachers: lesson.teachers.map(personLabel).join(', '),
  };
}

/** A lesson as a calendar event: subject colour, cancelled grey and fixed, locked fixed. */
export function toEvent(lesson: LessonEvent, canEdit: boolean): EventInput {
  const cancelled = lesson.lessonStatus === 'cancelled';
  const locked = lesson.lessonStatus === 'locked';
  const colour = cancelled ? CANCELLED_COLOUR : readableBackground(lesson.schoolSubject?.color ?? NO_SUBJECT_COLOUR);
  const lines = lessonLines(lesson);
  return {
    id: lesson.uuid,
    start: toCalendarTime(lesson.startDate),
    end: toCalendarTime(lesson.endDate),
    title: [lines.subject, lines.groups, lines.rooms, lines.teachers].filter(Boolean).join(' · '),
    backgroundColor: colour,
    borderColor: cancelled ? '#adb5bd' : colour,
    textColor: cancelled ? '#495057' : textOn(colour),
    editable: canEdit && !cancelled && !locked,
    classNames: ['lesson-event', `lesson-${lesson.lessonStatus}`],
    extendedProps: { lesson },
  };
}
