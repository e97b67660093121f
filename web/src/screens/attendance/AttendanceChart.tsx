import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AttendanceStatistics } from './absences-api';

/** One colour per line status, the same on every chart. */
export const statusColors: Record<string, string> = {
  present: 'teal', 'without-signature': 'green', late: 'yellow', 'early-exit': 'orange', 'temporary-exit': 'cyan',
  'temporary-exclusion': 'grape', fraud: 'pink', absent: 'red',
};

/** SPEC §9's attendance chart: one bar of every status, the legend as `label (value/total)`. */
export function AttendanceChart({ statistics }: { statistics: AttendanceStatistics }) {
  const { t, i18n } = useTranslation();
  const shown = statistics.counts.filter((c) => c.count > 0);
  if (!statistics.total) return <Text c="dimmed">{t('attendance.absences.noStatistics')}</Text>;
  return (
    <Stack gap="sm" data-testid="attendance-chart">
      <Progress.Root size={22} radius="md">
        {shown.map((c) => (
          <Progress.Section key={c.status} value={(100 * c.count) / statistics.total} color={statusColors[c.status]} aria-label={t(`attendance.status.${c.status}`)} />
        ))}
      </Progress.Root>
      <Group gap="lg" data-testid="attendance-legend">
        {shown.map((c) => (
          <Group key={c.status} gap={6} wrap="nowrap">
            <span className="legend-dot" style={{ background: `var(--mantine-color-${statusColors[c.status]}-6)` }} />
            <Text size="sm">{`${t(`attendance.status.${c.status}`)} (${c.count}/${statistics.total})`}</Text>
          </Group>
        ))}
      </Group>
      {statistics.hours.rate !== null && (
        <Text size="sm" fw={600} data-testid="attendance-rate">
          {t('attendance.absences.rate', {
            rate: new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }).format(statistics.hours.rate),
            attended: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(statistics.hours.attended),
            scheduled: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(statistics.hours.scheduled),
          })}
        </Text>
      )}
    </Stack>
  );
}
