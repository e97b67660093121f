import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Lesson } from '@alterna/planning/types';
import { parisTime } from '@alterna/planning/validation';
import { requestJson } from '../../shared/http';
import { PageTitle } from '../../shared/PageTitle';
import { usePageSearch } from '../../page-search';
import { usePageData } from '../../shared/queries';

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const parisDayOf = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(iso));

/** A teacher's or a student's week: their lessons day by day, the week in the URL (`?week=`). */
export function MyTimetablePage() {
  const { t, i18n } = useTranslation();
  const [{ week }, setSearch] = usePageSearch('timetable.teacher', 'timetable.student');
  const setWeek = (next: string | null) => setSearch({ week: next });
  const page = usePageData(['planning.myTimetable', week], () =>
    requestJson<{ week: string; lessons: Lesson[] }>('GET', `/api/planning/my-timetable${week ? `?week=${week}` : ''}`));
  const monday = page.data?.week ?? null;
  const lessonsOf = (day: string) => (page.data?.lessons ?? []).filter((l) => parisDayOf(l.startAt) === day).sort((a, b) => a.startAt.localeCompare(b.startAt));
  // Monday to Saturday, and Sunday when a lesson falls on it (a Sunday lesson was never shown).
  const days = monday ? Array.from({ length: 7 }, (_, i) => addDays(monday, i)).filter((day, i) => i < 6 || lessonsOf(day).length > 0) : [];
  const dayTitle = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  return (
    <Stack gap="lg" data-testid="my-timetable-page">
      <PageTitle title={t('timetable.title')} intro={t('timetable.intro')} />
      <Group>
        <Button variant="default" size="xs" disabled={!monday} onClick={() => monday && setWeek(addDays(monday, -7))} data-testid="previous-week">{t('timetable.previous')}</Button>
        <Button variant="default" size="xs" onClick={() => setWeek(null)}>{t('timetable.thisWeek')}</Button>
        <Button variant="default" size="xs" disabled={!monday} onClick={() => monday && setWeek(addDays(monday, 7))} data-testid="next-week">{t('timetable.next')}</Button>
        {monday && <Text size="sm" c="dimmed">{t('timetable.weekOf', { day: dayTitle.format(new Date(`${monday}T12:00:00Z`)) })}</Text>}
      </Group>
      {page.error && <Alert color="red" variant="light" role="alert">{page.error}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {days.map((day) => (
          <Card key={day} withBorder radius="md" padding="md" data-testid="timetable-day">
            <Title order={2} size="h5" mb="xs">{capitalised(dayTitle.format(new Date(`${day}T12:00:00Z`)))}</Title>
            {!lessonsOf(day).length && <Text size="sm" c="dimmed">{t('timetable.free')}</Text>}
            <Stack gap="xs">
              {lessonsOf(day).map((lesson) => (
                <Card key={lesson.id} withBorder radius="sm" padding="xs" data-testid="timetable-lesson" data-cancelled={lesson.status === 'cancelled' || undefined}
                  style={{ borderLeft: `4px solid ${lesson.schoolSubject?.color ?? 'var(--mantine-color-indigo-5)'}`, background: lesson.status === 'cancelled' ? 'var(--mantine-color-gray-1)' : undefined }}>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" fw={700}>{parisTime(lesson.startAt)}–{parisTime(lesson.endAt)}</Text>
                    {lesson.status === 'cancelled' && <Badge size="xs" color="red" variant="light">{t('timetable.cancelled')}</Badge>}
                  </Group>
                  <Text size="sm" fw={500}>{lesson.schoolSubject?.name ?? t('timetable.noSubject')}</Text>
                  <Text size="xs" c="dimmed">
                    {[lesson.planningGroups.map((g) => g.name).join(', '), lesson.rooms.map((r) => r.name).join(', '), lesson.teachers.map((p) => `${p.firstName} ${p.lastName}`).join(', ')]
                      .filter(Boolean).join(' · ')}
                  </Text>
                </Card>
              ))}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
