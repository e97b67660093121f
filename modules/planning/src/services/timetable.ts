import { ValidationError, type Actor, type PermissionMatrix, type Translate } from '@alterna/core';
import { isIsoDate } from '@alterna/core/dates';
import { perm } from '../permissions.js';
import { addDays, mondayOf, parisToday, parisWallClock } from '../rules/lesson-time.js';
import type { Lesson } from '../types.js';
import type { PlanningDeps } from './deps.js';
import { readLessons } from './lesson-reads.js';
import { teacherTypologies } from './resource-common.js';

/** A week of one's own lessons: a teacher's, or a student's planning groups'. */
export interface Timetable {
  /** The Monday of the week (Paris). */
  week: string;
  lessons: Lesson[];
}

export interface TimetableService {
  /** The actor's lessons of the week holding `day` (this week by default), cancelled ones included and marked. */
  week(actor: Actor | null, day: string | null): Promise<Timetable>;
  /** The `week` query parameter: absent, or a real YYYY-MM-DD day (else 422). */
  dayParam(value: unknown, t: Translate): string | null;
}

export function timetableService(deps: PlanningDeps): TimetableService {
  const permissions: PermissionMatrix = deps.permissions;
  const { knex } = deps;
  return {
    dayParam(value, t) {
      if (value === undefined || value === '') return null;
      if (!isIsoDate(value)) throw new ValidationError([{ path: 'week', message: t('planning.timetable.badWeek') as string }]);
      return value;
    },

    async week(actor, day) {
      permissions.assert(actor, perm.ownTimetable);
      const week = mondayOf(day ?? parisToday());
      const period = { from: parisWallClock(week), to: parisWallClock(addDays(week, 7)), withCancelled: true };
      const teaches = actor.rules.some((rule) => (teacherTypologies as readonly string[]).includes(rule.typology));
      if (teaches) return { week, lessons: await readLessons(knex, deps.attendance, { ...period, teacherIds: [actor.id] }) };
      // A student: the planning groups of their registrations (the students module's read view).
      const groups = await knex('planning_group_subscriptions as s')
        .join('students_student_registrations as r', 'r.id', 's.student_registration_id')
        .where('r.student_id', actor.id)
        .distinct()
        .pluck('s.planning_group_id');
      return { week, lessons: groups.length ? await readLessons(knex, deps.attendance, { ...period, planningGroupIds: groups }) : [] };
    },
  };
}
