// Shapes the module hands out (type-only: the web client imports them without server code).
export type { Course, CourseGroup } from './services/context.js';
export type { CourseLesson, TaughtSubject, TrombiStudent } from './services/subjects.js';
export type { Exercise } from './services/exercises.js';
export type { Exam } from './services/exams.js';
export type { LessonReportPage } from './services/reports.js';
export type { StudentCourse } from './services/student.js';
export type { ExamInput, ExerciseInput, LessonReportInput } from './validation/index.js';
