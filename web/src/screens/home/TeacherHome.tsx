import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parisToday } from '@alterna/planning/validation';
import { PageLink, useGoTo } from '../../navigation';
import { formatDate, personName } from '../../shared/format';
import { usePageData } from '../../shared/queries';
import { loadDay, openSheet, type TeacherLesson } from '../attendance/api';
import { loadMyUnclosed, loadUpcoming, underWay, type Lesson, type UnclosedSheet } from './api';
import { Details, HomeCard, timeSpan, useDayLabel } from './parts';

/**
 * The teacher's home (issue #25): today's and the next lessons, the one under way with "Take attendance" one tap from
 * its open sheet, then the past lessons whose sheet was never closed.
 */
export function TeacherHome() {
  const { t } = useTranslation();
  const today = parisToday();
  const upcoming = usePageData(['home.teacher.upcoming'], () => loadUpcoming(6));
  // Where each of today's sheets stands (the day's lessons of the attendance page).
  const day = usePageData(['attendance.day', today], () => loadDay(today));
  const sheets = new Map((day.data?.lessons ?? []).map((lesson) => [lesson.id, lesson]));
  const lessons = upcoming.data ?? [];
  return (
    <Stack gap="md">
      <HomeCard title={t('home.teacher.lessons')} link={<PageLink page="timetable.teacher">{t('home.teacher.timetable')}</PageLink>} testId="home-lessons">
        {upcoming.error && <Alert color="red" variant="light" role="alert">{upcoming.error}</Alert>}
        {upcoming.data && !lessons.length && <Text c="dimmed">{t('home.teacher.noLesson')}</Text>}
        {lessons.map((lesson) => <LessonCard key={lesson.id} lesson={lesson} sheet={sheets.get(lesson.id) ?? null} />)}
      </HomeCard>
      <UnclosedCard />
    </Stack>
  );
}

function LessonCard({ lesson, sheet }: { lesson: Lesson; sheet: TeacherLesson | null }) {
  const { t } = useTranslation();
  const dayLabel = useDayLabel();
  const now = underWay(lesson, 0);
  return (
    <Card withBorder radius="md" padding="sm" data-testid="home-lesson" data-lesson-id={lesson.id} data-now={now || undefined}
      style={{ borderLeft: `4px solid ${lesson.schoolSubject?.color ?? 'var(--mantine-color-indigo-5)'}` }}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700}>{dayLabel(lesson.startAt)} · {timeSpan(lesson)}</Text>
          {now && <Badge color="green" variant="light">{t('home.teacher.now')}</Badge>}
          {!now && sheet && sheet.sheet !== 'none' && <Badge color={sheet.sheet === 'closed' ? 'green' : 'blue'} variant="light">{t(`attendance.sheetState.${sheet.sheet}`)}</Badge>}
        </Group>
        <Text fw={500}>{lesson.schoolSubject?.name ?? t('attendance.noSubject')}</Text>
        <Details parts={[lesson.planningGroups.map((g) => g.name).join(', '), lesson.rooms.map((r) => r.name).join(', ')]} testId="home-lesson-details" />
        {sheet && lesson.schoolSubject && (underWay(lesson) || sheet.sheet !== 'none') && <TakeAttendance lesson={lesson} sheet={sheet} subjectId={lesson.schoolSubject.id} />}
      </Stack>
    </Card>
  );
}

/**
 * One tap from home to the open sheet: a lesson under way or about to start whose sheet is not opened yet is opened
 * on the way (the server says when it may not be, and the sheet page then says why).
 */
function TakeAttendance({ lesson, sheet, subjectId }: { lesson: Lesson; sheet: TeacherLesson; subjectId: string }) {
  const { t } = useTranslation();
  const goTo = useGoTo();
  const queries = useQueryClient();
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    try {
      if (sheet.sheet === 'none' && underWay(lesson)) await openSheet({ subjectId, lessonId: lesson.id }).catch(() => null);
      queries.removeQueries({ queryKey: ['attendance.sheet', lesson.id] });
      await goTo('attendance.sheet', { schoolSubject: subjectId, lesson: lesson.id });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button fullWidth mih={44} loading={busy} onClick={() => void go()} variant={sheet.sheet === 'closed' ? 'light' : 'filled'} data-testid="home-take-attendance">
      {sheet.sheet === 'closed' ? t('attendance.day.view') : t('attendance.day.take')}
    </Button>
  );
}

/** The latest unclosed sheets a phone shows at once. */
const shownUnclosed = 10;

/** Past lessons whose sheet was never closed, flagged, each a tap from its sheet. */
function UnclosedCard() {
  const { t } = useTranslation();
  const page = usePageData(['home.teacher.unclosed'], loadMyUnclosed);
  if (page.error) return <Alert color="red" variant="light" role="alert">{page.error}</Alert>;
  if (!page.data) return null;
  return (
    <HomeCard title={t('home.teacher.unclosed', { count: page.data.lessons.length })} testId="home-unclosed">
      {!page.data.lessons.length && <Text c="dimmed">{t('home.teacher.allClosed')}</Text>}
      {page.data.lessons.slice(0, shownUnclosed).map((lesson) => <UnclosedLine key={lesson.lessonId} lesson={lesson} />)}
      {page.data.lessons.length > shownUnclosed && (
        <Anchor component={PageLink} page="attendance.day" size="sm">{t('home.teacher.moreUnclosed', { count: page.data.lessons.length - shownUnclosed })}</Anchor>
      )}
    </HomeCard>
  );
}

export function UnclosedLine({ lesson, staff = false }: { lesson: UnclosedSheet; staff?: boolean }) {
  const { t } = useTranslation();
  const teacher = lesson.teachers[0];
  const label = `${formatDate(lesson.startAt)} · ${timeSpan(lesson)}`;
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" data-testid="unclosed-sheet" data-lesson-id={lesson.lessonId}
      style={{ borderLeft: '4px solid var(--mantine-color-orange-5)', paddingLeft: 8 }}>
      <Stack gap={0} style={{ minWidth: 0, flex: '1 1 200px' }}>
        <Text fw={600}>{label}</Text>
        <Details parts={[lesson.schoolSubject?.name ?? t('attendance.noSubject'), lesson.planningGroups.join(', '), staff ? lesson.teachers.map(personName).join(', ') : null]} />
      </Stack>
      <Group gap="xs" wrap="nowrap">
        <Badge color="orange" variant="light">{t(`home.unclosedState.${lesson.sheet}`)}</Badge>
        {lesson.schoolSubject && (staff
          ? teacher && <Anchor component={PageLink} page="attendance.staffSheet" params={{ teacher: teacher.id, schoolSubject: lesson.schoolSubject.id, lesson: lesson.lessonId }} size="sm" py={10}>{t('home.unclosedOpen')}</Anchor>
          : <Anchor component={PageLink} page="attendance.sheet" params={{ schoolSubject: lesson.schoolSubject.id, lesson: lesson.lessonId }} size="sm" py={10} data-testid="unclosed-open">{t('home.unclosedOpen')}</Anchor>)}
      </Group>
    </Group>
  );
}
