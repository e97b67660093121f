import { teacherTypologies, type CoreDeps } from '@alterna/core';
import { coursesContext } from './context.js';
import { examsService, type ExamsService } from './exams.js';
import { exercisesService, type ExercisesService } from './exercises.js';
import { lessonReportsService, type LessonReportsService } from './reports.js';
import { studentCoursesService, type StudentCoursesService } from './student.js';
import { courseSubjectsService, type CourseSubjectsService, type SheetsStarted, type TeachesOn } from './subjects.js';

/** What the module offers: other modules reach it with core.module('courses'). */
export interface CoursesServices {
  subjects: CourseSubjectsService;
  reports: LessonReportsService;
  exercises: ExercisesService;
  exams: ExamsService;
  student: StudentCoursesService;
}

export function coursesServices(core: CoreDeps): CoursesServices {
  const ctx = coursesContext(core);
  const sheetsStarted: SheetsStarted = (db, lessonIds) => core.module('attendance').sheets.started(db, lessonIds);
  const teachesOn: TeachesOn = async (teacherId, campuses) => Boolean(await core.module('identity').visibility
    .rules(ctx.knex, { actors: [teacherId], campuses, typologies: teacherTypologies }).first('r.id'));
  return {
    subjects: courseSubjectsService(ctx, sheetsStarted, teachesOn), reports: lessonReportsService(ctx), exercises: exercisesService(ctx), exams: examsService(ctx),
    student: studentCoursesService(ctx),
  };
}
