import type { ReactNode } from 'react';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { parisDay } from '@alterna/planning/validation';
import { formatDayMonth, formatTime } from '../../shared/format';

/** A home's section: a titled card, an optional link beside the title. */
export function HomeCard({ title, link, children, testId }: { title: string; link?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Card withBorder radius="lg" padding="md" data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} fz="lg">{title}</Title>
          {link}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** "Today", "Tomorrow", else "Thursday 3 December": a lesson's day as a person says it (Paris). */
export function useDayLabel(): (iso: string) => string {
  const { t, i18n } = useTranslation();
  const today = parisDay(Date.now());
  const tomorrow = parisDay(Date.now() + 86_400_000);
  const weekday = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'fr-FR', { weekday: 'long', timeZone: 'Europe/Paris' });
  return (iso) => {
    const day = parisDay(iso);
    if (day === today) return t('home.day.today');
    if (day === tomorrow) return t('home.day.tomorrow');
    const name = weekday.format(new Date(iso));
    return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${formatDayMonth(iso)}`;
  };
}

/** '09:00 – 10:30', Paris. */
export const timeSpan = (lesson: { startAt: string; endAt: string }) => `${formatTime(lesson.startAt)} – ${formatTime(lesson.endAt)}`;

/** A dimmed line of what is known, parts joined by ' · ', '—' when none. */
export function Details({ parts, testId }: { parts: (string | null | undefined)[]; testId?: string }) {
  const shown = parts.filter(Boolean);
  return <Text size="sm" c="dimmed" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>{shown.length ? shown.join(' · ') : '—'}</Text>;
}
