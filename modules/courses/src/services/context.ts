import { AccessDeniedError, NotFoundError, ValidationError, type Actor, type CoreDeps, type Knex, type PermissionMatrix, type Translate } from '@alterna/core';
import { perm } from '../permissions.js';

type Db = Knex | Knex.Transaction;

export interface CourseGroup {
  id: string;
  name: string;
  campusId: string;
}

/** A course as its pages show it: a teacher, a school subject and the planning groups it is taught to. */
export interface Course {
  teacher: { id: string; firstName: string; lastName: string };
  schoolSubject: { id: string; name: string; shortName: string | null; color: string | null };
  /** The groups the actor may see (staff: of their campuses). */
  groups: CourseGroup[];
  /** Campuses of the course's lessons the actor may see. */
  campusIds: string[];
  /** Whether the actor writes on the course (the teacher, or a manager of a campus of it). */
  canWrite: boolean;
  /** Whether the actor is the course's teacher (their own "my courses"). */
  mine: boolean;
}

export interface CoursesContext {
  core: CoreDeps;
  knex: Knex;
  permissions: PermissionMatrix;
  /** The course, as the actor sees it; 404 when it is out of reach (another teacher's, another campus's, no lesson). */
  course(actor: Actor | null, teacherId: string, schoolSubjectId: string): Promise<Course>;
  /** Writing on the course on a campus: the teacher (write) or a manager of that campus (manage); else 403. */
  assertWriter(actor: Actor, course: Course, campusId: string): void;
  /** A 422 with one translated message. */
  refuse(t: Translate, key: string, path?: string, values?: Record<string, unknown>): never;
}

/**
 * The groups a teacher teaches a subject to: those of the teacher's lessons of that subject that are not
 * cancelled (planning's read views), with the lessons' campuses. One statement.
 */
async function taught(db: Db, teacherId: string, schoolSubjectId: string) {
  const rows = await db('planning_lesson_teachers as lt')
    .join('planning_lessons as l', 'l.id', 'lt.lesson_id')
    .leftJoin('planning_lesson_planning_groups as lg', 'lg.lesson_id', 'l.id')
    .leftJoin('planning_planning_groups as g', 'g.id', 'lg.planning_group_id')
    .where({ 'lt.teacher_id': teacherId, 'l.school_subject_id': schoolSubjectId })
    .whereNot('l.status', 'cancelled')
    .distinct('l.campus_id', 'g.id as group_id', 'g.name as group_name', 'g.campus_id as group_campus_id');
  return rows as { campus_id: string; group_id: string | null; group_name: string | null; group_campus_id: string | null }[];
}

export function coursesContext(core: CoreDeps): CoursesContext {
  const { knex } = core;
  const permissions: PermissionMatrix = core.permissions;
  return {
    core,
    knex,
    permissions,
    async course(actor, teacherId, schoolSubjectId) {
      permissions.assert(actor, perm.courseRead);
      const mine = actor.id === teacherId;
      const [rows, subject, teacher] = await Promise.all([
        taught(knex, teacherId, schoolSubjectId),
        knex('trainings_school_subjects').where({ id: schoolSubjectId }).first('id', 'name', 'short_name', 'color'),
        knex('identity_actors').where({ id: teacherId }).first('id', 'first_name', 'last_name'),
      ]);
      // The teacher sees every campus of their lessons; staff only their own campuses'.
      const visible = (campusId: string) => (mine ? permissions.isGranted(actor, perm.courseRead, campusId) : permissions.isGranted(actor, perm.courseReadAll, campusId));
      const campusIds = [...new Set(rows.map((row) => row.campus_id))].filter(visible);
      if (!subject || !teacher || !campusIds.length) throw new NotFoundError('course');
      const groups = rows
        .filter((row) => row.group_id && visible(row.group_campus_id!))
        .map((row) => ({ id: row.group_id!, name: row.group_name!, campusId: row.group_campus_id! }))
        .sort((a, b) => a.name.localeCompare(b.name));
      const canWrite = campusIds.some((campusId) => (mine && permissions.isGranted(actor, perm.courseWrite, campusId)) || permissions.isGranted(actor, perm.courseManage, campusId));
      return {
        teacher: { id: teacher.id, firstName: teacher.first_name, lastName: teacher.last_name },
        schoolSubject: { id: subject.id, name: subject.name, shortName: subject.short_name ?? null, color: subject.color ?? null },
        groups: [...new Map(groups.map((group) => [group.id, group])).values()],
        campusIds,
        canWrite,
        mine,
      };
    },
    assertWriter(actor, course, campusId) {
      permissions.assert(actor, perm.courseWrite);
      const own = course.mine && permissions.isGranted(actor, perm.courseWrite, campusId);
      if (!own && !permissions.isGranted(actor, perm.courseManage, campusId)) throw new AccessDeniedError();
    },
    refuse(t, key, path = '', values = {}) {
      throw new ValidationError([{ path, message: t(key, values) as string }]);
    },
  };
}
