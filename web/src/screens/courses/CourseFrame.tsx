import type { ReactNode } from 'react';
import { Alert, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLink, useGoTo } from '../../navigation';
import { PageTitle } from '../../shared/PageTitle';
import { pageParams, tabPages, type Course, type CourseRef, type CourseTab } from './api';
import { personName } from './shared';

const tabs: CourseTab[] = ['lessons', 'exercises', 'exams', 'trombi'];

/** A course's heading and its tabs (Séances / Exercices / Examens / Trombinoscope), each tab a page of its own. */
export function CourseFrame({ courseRef, course, tab, error, children }: { courseRef: CourseRef; course: Course | undefined; tab: CourseTab; error: string | null; children: ReactNode }) {
  const { t } = useTranslation();
  const goTo = useGoTo();
  const space = courseRef.teacher ? 'staff' : 'mine';
  const back = courseRef.teacher ? (
    <PageLink page="courses.teacher" params={{ teacher: courseRef.teacher }}><Text size="sm">{t('courses.course.staffBack', { name: course ? personName(course.teacher) : '' })}</Text></PageLink>
  ) : (
    <PageLink page="courses.mine"><Text size="sm">{t('courses.course.back')}</Text></PageLink>
  );
  return (
    <Stack gap="lg" data-testid="course-page" data-tab={tab}>
      <PageTitle
        back={back}
        title={course?.schoolSubject.name ?? ' '}
        titleTestId="course-title"
        intro={course ? [courseRef.teacher ? t('courses.course.teacher', { name: personName(course.teacher) }) : null, t('courses.course.groups', { groups: course.groups.map((g) => g.name).join(', ') || '—' })].filter(Boolean).join(' · ') : undefined}
      />
      <Tabs value={tab} onChange={(value) => value && void goTo(tabPages[space][value as CourseTab], pageParams(courseRef))} keepMounted={false}>
        <Tabs.List>
          {tabs.map((name) => (
            <Tabs.Tab key={name} value={name} data-testid={`course-tab-${name}`}>{t(`courses.course.tabs.${name}`)}</Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {error && <Alert color="red" variant="light" role="alert">{error}</Alert>}
      <div>{children}</div>
    </Stack>
  );
}
