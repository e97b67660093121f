import {
  AccessDeniedError, NotFoundError, ValidationError, type Actor, type CoreDeps, type Knex, type PermissionMatrix, type Translate,
} from '@alterna/core';
import { perm } from '../permissions.js';
import type { AttendedLesson } from './lessons.js';

/** What every attendance service shares: the connection, and the checks of who may touch which lesson. */
export interface AttendanceContext {
  core: CoreDeps;
  knex: Knex;
  permissions: PermissionMatrix;
  /** Sees the lesson's sheet: staff of its campus, or one of its teachers; 404 for a lesson out of reach. */
  assertReader(actor: Actor | null, lesson: AttendedLesson | null): asserts actor is Actor;
  /** Takes the attendance: one of the lesson's teachers, or a manager of its campus. */
  assertTaker(actor: Actor | null, lesson: AttendedLesson | null): asserts actor is Actor;
  /** Whether the actor passes assertTaker on the lesson (what its page offers). */
  takes(actor: Actor, lesson: AttendedLesson): boolean;
  /** A 422 with one translated message. */
  refuse(t: Translate, key: string, path?: string, values?: Record<string, unknown>): never;
}

export function attendanceContext(core: CoreDeps): AttendanceContext {
  const permissions: PermissionMatrix = core.permissions;
  const teachesOrManages = (actor: Actor, lesson: AttendedLesson) =>
    permissions.isGranted(actor, perm.sheetManage, lesson.campusId) || lesson.teacherIds.includes(actor.id);
  const reachable = (actor: Actor, lesson: AttendedLesson | null): AttendedLesson => {
    if (!lesson || !permissions.isGranted(actor, perm.sheetRead, lesson.campusId)) throw new NotFoundError('lesson');
    return lesson;
  };
  return {
    core,
    knex: core.knex,
    permissions,
    assertReader(actor, lesson) {
      permissions.assert(actor, perm.sheetRead);
      const found = reachable(actor, lesson);
      const staff = permissions.isGranted(actor, perm.sheetReadStaff, found.campusId) || permissions.isGranted(actor, perm.sheetManage, found.campusId);
      if (!staff && !found.teacherIds.includes(actor.id)) throw new AccessDeniedError();
    },
    assertTaker(actor, lesson) {
      permissions.assert(actor, perm.sheetTake);
      const found = reachable(actor, lesson);
      permissions.assert(actor, perm.sheetTake, found.campusId);
      if (!teachesOrManages(actor, found)) throw new AccessDeniedError();
    },
    takes(actor, lesson) {
      return permissions.isGranted(actor, perm.sheetTake, lesson.campusId) && teachesOrManages(actor, lesson);
    },
    refuse(t, key, path = '', values = {}) {
      throw new ValidationError([{ path, message: t(key, values) as string }]);
    },
  };
}
