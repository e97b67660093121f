import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { personName } from '../../shared/format';
import type { PageId } from '../../pages';
import type { CourseRef } from './api';
import { usePageParams } from '../../page-params';

/** The course of the page's path: `/my-courses/$schoolSubject/…` (the teacher's own) or `/teachers/$teacher/course/…`. */
export function useCourseRef(): CourseRef {
  const params = usePageParams('courses.subject', 'courses.exercises', 'courses.exams', 'courses.trombi', 'courses.teacherCourse', 'courses.teacherExercises', 'courses.teacherExams', 'courses.teacherTrombi');
  return { teacher: params.teacher ?? null, schoolSubject: params.schoolSubject ?? '' };
}

/** "LASTNAME Firstname", as lists of people read (SPEC §3). */
export { personName };

/** A Paris date and time in the page's language. */
export function useParisFormat() {
  const { i18n } = useTranslation();
  const dateTime = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' });
  const day = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return {
    at: (iso: string) => dateTime.format(new Date(iso)),
    /** A calendar day 'YYYY-MM-DD' (no time zone shift). */
    day: (value: string) => day.format(new Date(`${value}T12:00:00Z`)),
  };
}

export function PublishedBadge({ published }: { published: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={published ? 'teal' : 'gray'} variant="light" data-testid="published-badge" data-published={published}>
      {published ? t('courses.publish.published') : t('courses.publish.draft')}
    </Badge>
  );
}

/** The page's course: the teacher's own (`/my-courses/…`) or, on the staff's pages, the teacher's of the path. */
export function useFormCourse(): { teacher: string | null; listPage: (kind: 'exercises' | 'exams') => PageId } {
  const { teacher } = usePageParams('courses.exerciseNew', 'courses.exerciseEdit', 'courses.examNew', 'courses.examEdit', 'courses.teacherExerciseNew', 'courses.teacherExerciseEdit', 'courses.teacherExamNew', 'courses.teacherExamEdit');
  return {
    teacher: teacher ?? null,
    listPage: (kind) => (teacher ? (kind === 'exercises' ? 'courses.teacherExercises' : 'courses.teacherExams') : (kind === 'exercises' ? 'courses.exercises' : 'courses.exams')),
  };
}
