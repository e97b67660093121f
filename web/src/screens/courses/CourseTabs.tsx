import { usePageData } from '../../shared/queries';
import { loadExams, loadExercises, loadLessons, loadTrombi } from './api';
import { CourseFrame } from './CourseFrame';
import { ExamsTab } from './ExamsTab';
import { ExercisesTab } from './ExercisesTab';
import { LessonsTab } from './LessonsTab';
import { TrombiTab } from './TrombiTab';
import { useCourseRef } from './shared';

// The four tabs of a course, for the teacher (`/my-courses/…`) and for staff (`/teachers/{teacher}/course/…`).

export function CourseLessonsPage() {
  const ref = useCourseRef();
  const page = usePageData(['courses.lessons', ref.teacher, ref.schoolSubject], () => loadLessons(ref));
  return (
    <CourseFrame courseRef={ref} course={page.data?.course} tab="lessons" error={page.error}>
      {page.data && <LessonsTab courseRef={ref} course={page.data.course} lessons={page.data.lessons} />}
    </CourseFrame>
  );
}

export function CourseExercisesPage() {
  const ref = useCourseRef();
  const page = usePageData(['courses.exercises', ref.teacher, ref.schoolSubject], () => loadExercises(ref));
  return (
    <CourseFrame courseRef={ref} course={page.data?.course} tab="exercises" error={page.error}>
      {page.data && <ExercisesTab courseRef={ref} course={page.data.course} exercises={page.data.exercises} reload={page.reload} />}
    </CourseFrame>
  );
}

export function CourseExamsPage() {
  const ref = useCourseRef();
  const page = usePageData(['courses.exams', ref.teacher, ref.schoolSubject], () => loadExams(ref));
  return (
    <CourseFrame courseRef={ref} course={page.data?.course} tab="exams" error={page.error}>
      {page.data && <ExamsTab courseRef={ref} course={page.data.course} exams={page.data.exams} reload={page.reload} />}
    </CourseFrame>
  );
}

export function CourseTrombiPage() {
  const ref = useCourseRef();
  const page = usePageData(['courses.trombi', ref.teacher, ref.schoolSubject], () => loadTrombi(ref));
  return (
    <CourseFrame courseRef={ref} course={page.data?.course} tab="trombi" error={page.error}>
      {page.data && <TrombiTab students={page.data.students} />}
    </CourseFrame>
  );
}
