import { NotFoundError, todayIn, type Actor, type Knex, type PermissionMatrix } from '@alterna/core';
import { perm } from '../permissions.js';
import type { FollowedStudent, FollowedStudentMarks } from '../types.js';
import type { MarksContext } from './context.js';
import type { StudentRecord } from './student.js';

export interface FollowedMarksService {
  /** The apprentices the actor follows on the campuses where they hold the permission, by name. */
  students(actor: Actor | null): Promise<{ students: FollowedStudent[] }>;
  /**
   * A followed apprentice's marks and report cards (those of the actor's campuses); 404 for anyone else, whether
   * the student exists or not.
   */
  student(actor: Actor | null, studentId: string): Promise<FollowedStudentMarks>;
}

/**
 * The students someone follows, as attendance's followed students: a coach's attributions, and the apprentices whose
 * current contract (an open end counts as current) is with a corporation the actor is a tutor or contact of
 * (read views of teaching, students and people).
 */
function followedBy(knex: Knex, actorId: string) {
  return knex('teaching_coach_attributions').where('coach_id', actorId).select('student_id')
    .union((union) => union
      .from('students_student_registrations as r')
      .join('students_student_contracts as c', 'c.registration_id', 'r.id')
      .join('people_corporation_people as cp', 'cp.corporation_id', 'c.corporation_id')
      .where('cp.actor_id', actorId)
      .whereRaw("?::date BETWEEN c.start_date AND coalesce(c.end_date, 'infinity')", [todayIn()])
      .select('r.student_id'));
}

export function followedMarksService(ctx: MarksContext, record: StudentRecord): FollowedMarksService {
  const { knex } = ctx;
  const permissions: PermissionMatrix = ctx.permissions;

  /**
   * The followed students registered in a training group of those campuses, each once with their latest group
   * (one statement), `only` keeping one of them.
   */
  const followed = async (actor: Actor, campuses: string[], only?: string): Promise<FollowedStudent[]> => {
    const latest = knex('identity_actors as a')
      .join('students_student_registrations as r', 'r.student_id', 'a.id')
      .join('trainings_training_groups as tg', 'tg.id', 'r.training_group_id')
      .whereIn('a.id', followedBy(knex, actor.id))
      .whereIn('tg.campus_id', campuses)
      .modify((q) => {
        if (only) q.where('a.id', only);
      })
      .distinctOn('a.id')
      .select('a.id', 'a.first_name', 'a.last_name', 'tg.name as training_group')
      .orderBy([{ column: 'a.id' }, { column: 'tg.start_date', order: 'desc' }, { column: 'tg.id' }]);
    const rows = await knex.from(latest.as('f')).select('*').orderBy(['last_name', 'first_name', 'id']);
    return rows.map((r: any) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, trainingGroup: r.training_group }));
  };

  return {
    async students(actor) {
      const campuses = permissions.campusesOrDeny(actor, perm.followedRead);
      return { students: await followed(actor!, campuses) };
    },

    async student(actor, studentId) {
      const campuses = permissions.campusesOrDeny(actor, perm.followedRead);
      const [student] = await followed(actor!, campuses, studentId);
      if (!student) throw new NotFoundError('student');
      const [marks, reportCards] = await Promise.all([record.marks(studentId, campuses), record.reportCards(studentId, campuses)]);
      return { student, marks, reportCards };
    },
  };
}
