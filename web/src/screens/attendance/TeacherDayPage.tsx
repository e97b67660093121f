import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { parisTime, parisToday } from '@alterna/planning/validation';
import { PageLink } from '../../navigation';
import { PageTitle } from '../../shared/PageTitle';
import { usePageSearch } from '../../page-search';
import { usePageData } from '../../shared/queries';
import { loadDay, type TeacherLesson } from './api';

const shift = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The teacher's lessons of a day (today first), each with its attendance sheet's state and a way in. */
export function TeacherDayPage() {
  const { t, i18n } = useTranslation();
  const [{ date }, setSearch] = usePageSearch('attendance.day');
  const day = date || parisToday();
  const setDate = (next: string | null) => setSearch({ date: next });
  const page = usePageData(['attendance.day', day], () => loadDay(day));
  const dayLabel = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/Paris' }).format(new Date(`${day}T12:00:00Z`));
  return (
    <Stack gap="lg" maw={900} data-testid="attendance-day-page">
      <PageTitle title={t('attendance.day.title')} intro={t('attendance.day.intro')} />
      <Group>
        <Button variant="default" onClick={() => setDate(shift(day, -1))} className="touch-target" data-testid="day-previous">
          {t('attendance.day.previous')}
        </Button>
        <Text fw={600} data-testid="day-label">
          {dayLabel}
        </Text>
        <Button variant="default" onClick={() => setDate(shift(day, 1))} className="touch-target" data-testid="day-next">
          {t('attendance.day.next')}
        </Button>
        {day !== parisToday() && (
          <Button variant="subtle" onClick={() => setDate(null)} className="touch-target">
            {t('attendance.day.today')}
          </Button>
        )}
      </Group>
      {page.error && (
        <Alert color="red" variant="light" role="alert">
          {page.error}
        </Alert>
      )}
      {page.data && !page.data.lessons.length && <Text c="dimmed">{t('attendance.day.none')}</Text>}
      {(page.data?.lessons ?? []).map((lesson) => (
        <LessonCard key={lesson.id} lesson={lesson} />
      ))}
    </Stack>
  );
}

function LessonCard({ lesson }: { lesson: TeacherLesson }) {
  const { t } = useTranslation();
  const color = { none: 'gray', open: 'blue', closed: 'green' }[lesson.sheet];
  return (
    <Card withBorder radius="lg" padding="md" data-testid="day-lesson">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text fw={700}>
            {parisTime(lesson.startAt)} – {parisTime(lesson.endAt)} · {lesson.schoolSubject?.name ?? t('attendance.noSubject')}
          </Text>
          <Text size="sm" c="dimmed">
            {lesson.planningGroups.join(', ') || '—'} · {t('attendance.day.students', { count: lesson.students })}
          </Text>
        </Stack>
        <Group gap="sm">
          <Badge color={color} variant="light">
            {t(`attendance.sheetState.${lesson.sheet}`)}
          </Badge>
          {lesson.schoolSubject && (
            <Button component={PageLink} page="attendance.sheet" params={{ schoolSubject: lesson.schoolSubject.id, lesson: lesson.id }} size="xs" className="touch-target" data-testid="take-attendance">
              {lesson.sheet === 'closed' ? t('attendance.day.view') : t('attendance.day.take')}
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}
