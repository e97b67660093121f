import { managerTypologies as managers, staffTypologies, teacherTypologies, type PermissionDeclaration } from '@alterna/core';

/** Permission ids of the planning module: reads for every staff typology (read-only included), changes for managers. */
export const perm = {
  lessonRead: 'planning.lesson.read',
  lessonUpdate: 'planning.lesson.update',
  groupRead: 'planning.group.read',
  groupUpdate: 'planning.group.update',
  /** Room occupancy, bookings, trainer constraints, work-study periods. */
  resourceRead: 'planning.resource.read',
  resourceUpdate: 'planning.resource.update',
  /** One's own live iCal feed (teachers and students); a room's feed goes with resourceRead/resourceUpdate. */
  ownCalendarFeed: 'planning.calendar-feed.own',
  ownTimetable: 'planning.timetable.own',
} as const;

export const permissions: PermissionDeclaration[] = [
  { id: perm.lessonRead, kind: 'read', typologies: staffTypologies, label: 'planning.permissions.lessonRead' },
  { id: perm.lessonUpdate, kind: 'change', typologies: managers, label: 'planning.permissions.lessonUpdate' },
  { id: perm.groupRead, kind: 'read', typologies: staffTypologies, label: 'planning.permissions.groupRead' },
  { id: perm.groupUpdate, kind: 'change', typologies: managers, label: 'planning.permissions.groupUpdate' },
  { id: perm.resourceRead, kind: 'read', typologies: staffTypologies, label: 'planning.permissions.resourceRead' },
  { id: perm.resourceUpdate, kind: 'change', typologies: managers, label: 'planning.permissions.resourceUpdate' },
  { id: perm.ownCalendarFeed, kind: 'change', typologies: [...teacherTypologies, 'student'], label: 'planning.permissions.ownCalendarFeed' },
  { id: perm.ownTimetable, kind: 'read', typologies: [...teacherTypologies, 'student'], label: 'planning.permissions.ownTimetable' },
];
