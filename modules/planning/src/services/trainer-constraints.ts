import { AccessDeniedError, NotFoundError, NotLoggedInError, ValidationError, validate, type Actor, type PermissionMatrix, type Translate } from '@alterna/core';
import { perm } from '../permissions.js';
import { constraintFormTimes, constraintInstants } from '../rules/trainer-constraint.js';
import { trainerConstraintEditSchema, trainerConstraintSchema } from '../validation/resources.js';
import type { PlanningDeps } from './deps.js';
import { firstOverlappingLesson, iso, lessonName, periodWords, teacherTypologies, type Db } from './resource-common.js';
import { TrainerConstraintModel } from '../models/index.js';

export interface ConstraintTeacher {
  id: string;
  firstName: string;
  lastName: string;
}

/** SPEC §3 ScheduleTrainerConstraint: uuid, allDay, startDate, endDate (instants), plus a description. */
export interface TrainerConstraint {
  id: string;
  teacherId: string;
  allDay: boolean;
  startAt: string;
  endAt: string;
  description: string | null;
  /** What the form shows: the first day (or the day), the last day of a whole period, the times otherwise (Paris). */
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
}

export interface TeacherConstraints {
  teacher: ConstraintTeacher;
  canUpdate: boolean;
  constraints: TrainerConstraint[];
}

export interface TrainerConstraintsService {
  /** Teachers of the actor's campuses whose name contains the search (the picker), by last then first name. */
  teachers(actor: Actor | null, search: string): Promise<ConstraintTeacher[]>;
  /** The constraints of a teacher of the actor's campuses, by start. */
  list(actor: Actor | null, teacherId: string, t: Translate): Promise<TeacherConstraints>;
  create(actor: Actor | null, input: unknown, t: Translate): Promise<TrainerConstraint>;
  update(actor: Actor | null, id: string, input: unknown, t: Translate): Promise<TrainerConstraint>;
  remove(actor: Actor | null, id: string, t: Translate): Promise<{ deleted: string }>;
  /** For the planning's own checks and reads (no actor check): the teachers' constraints meeting [from, to). */
  forTeachers(db: Db, teacherIds: string[], from?: string | null, to?: string | null): Promise<TrainerConstraint[]>;
}

export function trainerConstraintsService(deps: PlanningDeps): TrainerConstraintsService {
  // Typed by name: TypeScript only runs assertion methods (`assert`) on explicitly typed references.
  const permissions: PermissionMatrix = deps.permissions;
  const { knex } = deps;
  const visibility = () => deps.core.module('identity').visibility;
  const toConstraint = (row: Record<string, any>): TrainerConstraint => ({
    id: row.id,
    teacherId: row.teacher_id,
    allDay: row.all_day,
    startAt: iso(row.start_at),
    endAt: iso(row.end_at),
    description: row.description,
    ...constraintFormTimes(row.all_day, row.start_at, row.end_at),
  });
  const columns = ['id', 'teacher_id', 'all_day', 'start_at', 'end_at', 'description'] as const;

  /** The teacher (a teacher or trainer somewhere) if the actor holds the permission on one of its campuses. */
  async function teacherFor(actor: Actor, teacherId: string, permission: string, t: Translate): Promise<ConstraintTeacher> {
    const rows: { id: string; first_name: string; last_name: string; campus_id: string }[] = await visibility()
      .rules(knex, { actors: [teacherId], typologies: teacherTypologies })
      .join('identity_actors as a', 'a.id', 'r.actor_id')
      .select('a.id', 'a.first_name', 'a.last_name', 'r.campus_id');
    if (!rows.length) {
      permissions.assert(actor, permission);
      throw new ValidationError([{ path: 'teacher', message: t('planning.resources.constraint.notATeacher') }]);
    }
    if (!rows.some((row) => permissions.isGranted(actor, permission, row.campus_id))) throw new AccessDeniedError();
    return { id: rows[0]!.id, firstName: rows[0]!.first_name, lastName: rows[0]!.last_name };
  }

  /** "An overlap with a course blocks the change": the teacher's active lessons over the period, named. */
  async function assertNoLesson(db: Db, teacherId: string, startAt: string, endAt: string, t: Translate): Promise<void> {
    const lesson = await firstOverlappingLesson(db, { table: 'lesson_teachers', column: 'teacher_id', id: teacherId }, startAt, endAt);
    if (lesson) {
      throw new ValidationError([{ path: '', message: t('planning.resources.constraint.lessonOverlap', { lesson: lessonName(lesson, t), ...periodWords(lesson.startAt, lesson.endAt) }) }], {
        conflicts: [{ kind: 'teacher', otherId: lesson.id, resourceId: teacherId, startAt: iso(lesson.startAt), endAt: iso(lesson.endAt), label: lessonName(lesson, t) }],
      });
    }
  }

  async function save(actor: Actor, teacherId: string, value: { allDay?: boolean; startDate: string; endDate?: string | null; startTime?: string | null; endTime?: string | null; description: string | null }, id: string | null, t: Translate) {
    const { startAt, endAt } = constraintInstants({ ...value, allDay: !!value.allDay });
    const savedId = await knex.transaction(async (trx) => {
      await assertNoLesson(trx, teacherId, startAt, endAt, t);
      const row = { all_day: !!value.allDay, start_at: startAt, end_at: endAt, description: value.description };
      if (id) {
        await trx('trainer_constraints').where({ id }).update({ ...row, updated_at: knex.fn.now() });
        return id;
      }
      const [created] = await trx('trainer_constraints').insert({ ...row, teacher_id: teacherId, created_by: actor.id }).returning('id');
      if (!created) throw new Error('planning: the trainer constraint insert returned no row');
      return created.id;
    });
    return toConstraint(await knex('trainer_constraints').where({ id: savedId }).first(...columns));
  }

  async function existing(actor: Actor, id: string, t: Translate) {
    const row = await knex('trainer_constraints').where({ id }).first(...columns);
    if (!row) {
      permissions.assert(actor, perm.resourceUpdate);
      throw new NotFoundError('trainer constraint');
    }
    await teacherFor(actor, row.teacher_id, perm.resourceUpdate, t);
    return row as { id: string; teacher_id: string };
  }

  return {
    async teachers(actor, search) {
      const campuses = permissions.campusesOrDeny(actor, perm.resourceRead);
      const term = `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows: { id: string; first_name: string; last_name: string }[] = await knex('identity_actors as a')
        .where(visibility().onCampuses('a.id', campuses, teacherTypologies))
        .andWhere('a.archived', false)
        .andWhere((q) => q.whereILike('a.last_name', term).orWhereILike('a.first_name', term).orWhereRaw("a.last_name || ' ' || a.first_name ILIKE ?", [term]))
        .orderBy([{ column: 'a.last_name' }, { column: 'a.first_name' }])
        .limit(30)
        .select('a.id', 'a.first_name', 'a.last_name');
      return rows.map((row) => ({ id: row.id, firstName: row.first_name, lastName: row.last_name }));
    },

    async list(actor, teacherId, t) {
      if (!actor) throw new NotLoggedInError();
      const teacher = await teacherFor(actor, teacherId, perm.resourceRead, t);
      const rows = await knex('trainer_constraints').where({ teacher_id: teacherId }).orderBy('start_at').select(...columns);
      const campuses = (await visibility().campusesOf([teacherId], teacherTypologies)).get(teacherId) ?? [];
      return {
        teacher,
        canUpdate: campuses.some((campus) => permissions.isGranted(actor, perm.resourceUpdate, campus)),
        constraints: rows.map(toConstraint),
      };
    },

    async create(actor, input, t) {
      if (!actor) throw new NotLoggedInError();
      const value = await validate(trainerConstraintSchema, input, t);
      const teacher = await teacherFor(actor, value.teacher, perm.resourceUpdate, t);
      return save(actor, teacher.id, value, null, t);
    },

    async update(actor, id, input, t) {
      if (!actor) throw new NotLoggedInError();
      const value = await validate(trainerConstraintEditSchema, input, t);
      const row = await existing(actor, id, t);
      return save(actor, row.teacher_id, value, row.id, t);
    },

    async remove(actor, id, t) {
      if (!actor) throw new NotLoggedInError();
      const row = await existing(actor, id, t);
      await TrainerConstraintModel.query(knex).deleteById(row.id);
      return { deleted: row.id };
    },

    async forTeachers(db, teacherIds, from, to) {
      if (!teacherIds.length) return [];
      const query = db('trainer_constraints').whereIn('teacher_id', teacherIds).orderBy('start_at').select(...columns);
      if (from || to) query.andWhereRaw("period && tstzrange(?::timestamptz, ?::timestamptz, '[)')", [from ?? null, to ?? null]);
      return (await query).map(toConstraint);
    },
  };
}
