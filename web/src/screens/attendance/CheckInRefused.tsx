import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Lesson } from '@alterna/planning/types';
import { PageLink } from '../../navigation';
import { formatDate, formatTime } from '../../shared/format';
import { requestJson } from '../../shared/http';
import { usePageData } from '../../shared/queries';

/**
 * A refused scan: why (the server's message), which lesson the code was for (from the student's own timetable of the
 * week: a lesson they do not attend is said so), and the way to their timetable.
 */
export function CheckInRefused({ message, lessonId }: { message: string; lessonId: string }) {
  const { t } = useTranslation();
  const week = usePageData(['attendance.checkIn.week'], () => requestJson<{ week: string; lessons: Lesson[] }>('GET', '/api/planning/my-timetable'), {
    enabled: Boolean(lessonId),
  });
  const lesson = week.data?.lessons.find((l) => l.id === lessonId) ?? null;
  const named = lesson
    ? t('attendance.checkIn.refusedLesson', {
      subject: lesson.schoolSubject?.name ?? t('attendance.checkIn.noSubject'),
      day: formatDate(lesson.startAt),
      start: formatTime(lesson.startAt),
      end: formatTime(lesson.endAt),
    })
    : lessonId && week.data ? t('attendance.checkIn.notInTimetable') : null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid="check-in-refused">
      <Stack gap="sm">
        {named && <Text fw={600} data-testid="check-in-refused-lesson">{named}</Text>}
        <Text data-testid="check-in-refused-message">{message}</Text>
        <PageLink page="timetable.student" data-testid="check-in-timetable">
          <Button component="span" variant="default" mih={44}>{t('attendance.checkIn.timetable')}</Button>
        </PageLink>
      </Stack>
    </Alert>
  );
}
