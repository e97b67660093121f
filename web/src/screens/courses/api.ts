import type { Course, CourseLesson, Exam, Exercise, LessonReportPage, StudentCourse, TaughtSubject, TrombiStudent } from '@alterna/courses/types';
import type { PageId } from '../../pages';
import { requestJson } from '../../shared/http';

export type { Course, CourseLesson, Exam, Exercise, LessonReportPage, StudentCourse, TaughtSubject, TrombiStudent } from '@alterna/courses/types';

/** Which course a page shows: the teacher's own (`teacher` null, /my-courses/…) or a teacher's seen by staff. */
export interface CourseRef {
  teacher: string | null;
  schoolSubject: string;
}

const enc = encodeURIComponent;
/** The API base of a course (SPEC §2 `/my-courses/{schoolSubject}` or `/teachers/{teacher}/course/{schoolSubject}`). */
export const courseApi = (ref: CourseRef) =>
  ref.teacher ? `/api/teachers/${enc(ref.teacher)}/course/${enc(ref.schoolSubject)}` : `/api/my-courses/${enc(ref.schoolSubject)}`;

export type CourseTab = 'lessons' | 'exercises' | 'exams' | 'trombi';
/** The page of each tab, in the teacher's space and in the staff's. */
export const tabPages: Record<'mine' | 'staff', Record<CourseTab, PageId>> = {
  mine: { lessons: 'courses.subject', exercises: 'courses.exercises', exams: 'courses.exams', trombi: 'courses.trombi' },
  staff: { lessons: 'courses.teacherCourse', exercises: 'courses.teacherExercises', exams: 'courses.teacherExams', trombi: 'courses.teacherTrombi' },
};
export const pageParams = (ref: CourseRef): Record<string, string> => (ref.teacher ? { teacher: ref.teacher, schoolSubject: ref.schoolSubject } : { schoolSubject: ref.schoolSubject });

export const loadSubjects = (teacher: string | null) =>
  requestJson<{ teacher: { id: string; firstName: string; lastName: string }; subjects: TaughtSubject[] }>('GET', teacher ? `/api/teachers/${enc(teacher)}/course` : '/api/my-courses');
export const loadLessons = (ref: CourseRef) => requestJson<{ course: Course; lessons: CourseLesson[] }>('GET', courseApi(ref));
export const loadExercises = (ref: CourseRef) => requestJson<{ course: Course; exercises: Exercise[] }>('GET', `${courseApi(ref)}/exercices`);
export const loadExams = (ref: CourseRef) => requestJson<{ course: Course; exams: Exam[] }>('GET', `${courseApi(ref)}/exams`);
export const loadTrombi = (ref: CourseRef) => requestJson<{ course: Course; students: TrombiStudent[] }>('GET', `${courseApi(ref)}/trombi`);

export const exerciseNewUrl = (ref: CourseRef) => `${courseApi(ref)}/exercices/new`;
export const exerciseEditUrl = (id: string) => `/api/exercices/${enc(id)}/edit`;
export const loadExercise = (id: string) => requestJson<{ course: Course; exercise: Exercise }>('GET', exerciseEditUrl(id));
export const toggleExercise = (id: string) => requestJson<{ exercise: Exercise }>('POST', `/api/my-courses/exercices/${enc(id)}/toggle`, {});
export const deleteExercise = (id: string) => requestJson<void>('POST', `/api/my-courses/exercices/${enc(id)}/delete`, {});

export const examNewUrl = (ref: CourseRef) => `${courseApi(ref)}/exams`;
export const examEditUrl = (id: string) => `/api/my-courses/exams/${enc(id)}/edit`;
export const loadExam = (id: string) => requestJson<{ course: Course; exam: Exam }>('GET', examEditUrl(id));
export const toggleExam = (id: string) => requestJson<{ exam: Exam }>('POST', `/api/my-courses/exams/${enc(id)}/toggle`, {});
export const deleteExam = (id: string) => requestJson<void>('POST', `/api/teachers/exam/${enc(id)}/delete`, {});

export const lessonReportUrl = (lessonId: string) => `/api/my-courses/eventLessonSchedule/${enc(lessonId)}`;
export const loadLessonReport = (lessonId: string) => requestJson<LessonReportPage>('GET', lessonReportUrl(lessonId));

export const loadStudentCourses = () => requestJson<{ courses: StudentCourse[] }>('GET', '/api/my-space/courses');
