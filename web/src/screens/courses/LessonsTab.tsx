import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../navigation';
import type { Course, CourseLesson, CourseRef } from './api';
import { useParisFormat } from './shared';
import { StackedCell, StackedTable } from '../../shared/StackedTable';

/** The course's sessions, past and coming: groups, attendance sheet, report (the teacher writes it from here). */
export function LessonsTab({ courseRef, course, lessons }: { courseRef: CourseRef; course: Course; lessons: CourseLesson[] }) {
  const { t } = useTranslation();
  const format = useParisFormat();
  const mine = !courseRef.teacher;
  if (!lessons.length) return <Text c="dimmed">{t('courses.lessons.none')}</Text>;
  const now = Date.now();
  return (
    <StackedTable striped highlightOnHover verticalSpacing="sm" data-testid="course-lessons">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('courses.lessons.when')}</Table.Th>
          <Table.Th>{t('courses.lessons.groups')}</Table.Th>
          <Table.Th>{t('courses.lessons.attendance')}</Table.Th>
          <Table.Th>{t('courses.lessons.report')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lessons.map((lesson) => {
          const cancelled = lesson.status === 'cancelled';
          const coming = Date.parse(lesson.endAt) > now;
          return (
            // A cancelled lesson is said by its badge and its struck-through date in the dimmed colour, not by fading
            // the row: opacity fades the badge's colours too (2.8:1 instead of 5.5:1, issue #30).
            <Table.Tr key={lesson.id} data-testid="course-lesson" data-lesson={lesson.id} data-cancelled={cancelled || undefined}>
              <StackedCell label={t('courses.lessons.when')}>
                <Group gap="xs">
                  <Text size="sm" fw={coming ? 600 : 400} c={cancelled ? 'dimmed' : undefined} td={cancelled ? 'line-through' : undefined}>{format.at(lesson.startAt)}</Text>
                  {coming && !cancelled && <Badge size="xs" variant="light">{t('courses.lessons.coming')}</Badge>}
                  {cancelled && <Badge size="xs" color="red" variant="light">{t('courses.lessons.cancelled')}</Badge>}
                </Group>
              </StackedCell>
              <StackedCell label={t('courses.lessons.groups')}><Text size="sm">{lesson.planningGroups.join(', ') || '—'}</Text></StackedCell>
              <StackedCell label={t('courses.lessons.attendance')}>
                {mine && !cancelled ? (
                  <Button component={PageLink} page="attendance.sheet" params={{ schoolSubject: course.schoolSubject.id, lesson: lesson.id }} size="compact-xs" variant="light" color={lesson.attendanceStarted ? 'teal' : 'gray'} className="touch-target">
                    {lesson.attendanceStarted ? t('courses.lessons.started') : t('courses.lessons.notStarted')}
                  </Button>
                ) : (
                  <Badge color={lesson.attendanceStarted ? 'teal' : 'gray'} variant="light">{lesson.attendanceStarted ? t('courses.lessons.started') : t('courses.lessons.notStarted')}</Badge>
                )}
              </StackedCell>
              <StackedCell label={t('courses.lessons.report')}>
                {mine ? (
                  <Button component={PageLink} page="courses.lessonReport" params={{ id: lesson.id }} size="compact-xs" variant={lesson.reported ? 'light' : 'default'} className="touch-target" data-testid="lesson-report">
                    {lesson.reported ? t('courses.lessons.read') : t('courses.lessons.write')}
                  </Button>
                ) : (
                  <Text size="sm">{lesson.reported ? '✓' : '—'}</Text>
                )}
              </StackedCell>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </StackedTable>
  );
}
