import type { Actor, PermissionMatrix } from '@alterna/core';
import { perm } from '../permissions.js';
import type { CoursesContext } from './context.js';

/** A subject of the student's planning groups, with its published exercises and exams. */
export interface StudentCourse {
  id: string;
  name: string;
  color: string | null;
  exercises: { id: string; title: string; instructions: string; dueDate: string; teacher: string }[];
  exams: { id: string; title: string; date: string; time: string; durationMinutes: number; coefficient: number; description: string }[];
}

export interface StudentCoursesService {
  /** The student's own subjects (from their groups' lessons and published items), published items only. */
  mine(actor: Actor | null): Promise<{ courses: StudentCourse[] }>;
}

export function studentCoursesService(ctx: CoursesContext): StudentCoursesService {
  const { knex } = ctx;
  const permissions: PermissionMatrix = ctx.permissions;
  return {
    async mine(actor) {
      permissions.assert(actor, perm.studentRead);
      // The student's planning groups, as a subquery of each statement (students' and planning's read views).
      const groups = knex('students_student_registrations as r')
        .join('planning_planning_group_subscriptions as s', 's.student_registration_id', 'r.id')
        .where('r.student_id', actor.id)
        .select('s.planning_group_id');
      const [subjects, exercises, exams] = await Promise.all([
        knex('planning_lesson_planning_groups as lg')
          .join('planning_lessons as l', 'l.id', 'lg.lesson_id')
          .join('trainings_school_subjects as ss', 'ss.id', 'l.school_subject_id')
          .whereIn('lg.planning_group_id', groups.clone())
          .whereNot('l.status', 'cancelled')
          .distinct('ss.id', 'ss.name', 'ss.color'),
        knex('courses_exercises as e')
          .join('trainings_school_subjects as ss', 'ss.id', 'e.school_subject_id')
          .join('identity_actors as a', 'a.id', 'e.teacher_id')
          .where('e.published', true)
          .whereExists(knex('courses_exercise_planning_groups as x').whereRaw('x.exercise_id = e.id').whereIn('x.planning_group_id', groups.clone()))
          .select('e.id', 'e.title', 'e.instructions', 'ss.id as subject_id', 'ss.name as subject_name', 'ss.color', 'a.first_name', 'a.last_name',
            knex.raw("to_char(e.due_date, 'YYYY-MM-DD') AS due_date"))
          .orderBy([{ column: 'e.due_date' }, { column: 'e.title' }]),
        knex('courses_exams as x0')
          .join('trainings_school_subjects as ss', 'ss.id', 'x0.school_subject_id')
          .where('x0.published', true)
          .whereExists(knex('courses_exam_planning_groups as x').whereRaw('x.exam_id = x0.id').whereIn('x.planning_group_id', groups.clone()))
          .select('x0.id', 'x0.title', 'x0.duration_minutes', 'x0.description', 'ss.id as subject_id', 'ss.name as subject_name', 'ss.color',
            knex.raw('x0.coefficient::float8 AS coefficient'), knex.raw("to_char(x0.exam_date, 'YYYY-MM-DD') AS exam_date"), knex.raw("to_char(x0.start_time, 'HH24:MI') AS start_time"))
          .orderBy([{ column: 'x0.exam_date' }, { column: 'x0.start_time' }]),
      ]);
      const courses = new Map<string, StudentCourse>();
      const courseOf = (id: string, name: string, color: string | null) => {
        if (!courses.has(id)) courses.set(id, { id, name, color: color ?? null, exercises: [], exams: [] });
        return courses.get(id)!;
      };
      for (const row of subjects) courseOf(row.id, row.name, row.color);
      for (const row of exercises) {
        courseOf(row.subject_id, row.subject_name, row.color).exercises.push({
          id: row.id, title: row.title, instructions: row.instructions, dueDate: row.due_date, teacher: `${row.last_name.toUpperCase()} ${row.first_name}`,
        });
      }
      for (const row of exams) {
        courseOf(row.subject_id, row.subject_name, row.color).exams.push({
          id: row.id, title: row.title, date: row.exam_date, time: row.start_time, durationMinutes: row.duration_minutes, coefficient: Number(row.coefficient), description: row.description,
        });
      }
      return { courses: [...courses.values()].sort((a, b) => a.name.localeCompare(b.name)) };
    },
  };
}
