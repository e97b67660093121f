import { Alert, Badge, Card, Center, Group, Loader, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageSearch } from '../../../page-search';
import { usePageData } from '../../../shared/queries';
import { PageTitle } from '../../../shared/PageTitle';
import { personLabel } from '../shared/labels';
import { GroupsSelect, TeachersSelect } from '../shared/Selects';
import { usePlanningOptions } from '../shared/usePlanningOptions';
import { loadProgress, progressOf, type PlanningProgress, type ProgressLine } from './progress';

/** Planned against target hours per subject, for chosen planning groups and teachers. */
export function PlanningProgressPage() {
  const { t } = useTranslation();
  const { options, errors } = usePlanningOptions();
  // What is shown is in the URL (?groups=…&teachers=…): a reload or a shared link shows the same progress.
  const [{ groups, teachers }, setSearch] = usePageSearch('planning.progress');
  const setGroups = (ids: string[]) => setSearch({ groups: ids });
  const setTeachers = (ids: string[]) => setSearch({ teachers: ids });
  const chosen = groups.length > 0 || teachers.length > 0;
  const page = usePageData(['planning.progress', groups, teachers], () => loadProgress(groups, teachers), { enabled: chosen });
  const progress: PlanningProgress | null = chosen ? (page.data ?? null) : null;
  const { loading, error: loadError } = page;

  const all = [...errors, ...(loadError ? [loadError] : [])];
  return (
    <Stack gap="lg" maw={1200} data-testid="progress-page">
      <PageTitle title={t('planning.calendar.progress.title')} intro={t('planning.calendar.progress.intro')} />
      <Card withBorder radius="lg" padding="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <GroupsSelect label={t('planning.calendar.progress.groups')} placeholder={t('planning.calendar.progress.pick')} groups={options.groups} value={groups} onChange={setGroups} testId="progress-groups" />
          <TeachersSelect label={t('planning.calendar.progress.teachers')} placeholder={t('planning.calendar.progress.pick')} teachers={options.teachers} value={teachers} onChange={setTeachers} testId="progress-teachers" />
        </SimpleGrid>
      </Card>
      {all.length > 0 && (
        <Alert color="red" variant="light" role="alert">
          {all.join(' ')}
        </Alert>
      )}
      {!groups.length && !teachers.length ? (
        <Text c="dimmed" data-testid="progress-empty">
          {t('planning.calendar.progress.empty')}
        </Text>
      ) : loading && !progress ? (
        <Center p="xl">
          <Loader size="sm" />
        </Center>
      ) : (
        progress && (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            {progress.planningGroups.map((entry) => (
              <ProgressCard key={entry.planningGroup.uuid} title={entry.planningGroup.name} kind={t('planning.calendar.progress.group')} lines={entry.lines} />
            ))}
            {progress.teachers.map((entry) => (
              <ProgressCard key={entry.teacher.uuid} title={personLabel(entry.teacher)} kind={t('planning.calendar.progress.teacher')} lines={entry.lines} />
            ))}
          </SimpleGrid>
        )
      )}
    </Stack>
  );
}

/** Delivered hours as a share of the bar (the target, or the planned hours when there is no target). */
const deliveredShare = (line: ProgressLine) => {
  const whole = line.targetHours > 0 ? line.targetHours : line.plannedHours;
  return whole > 0 ? Math.round((line.deliveredHours / whole) * 100) : 0;
};

const hours = (value: number, lang: string) => new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(value);

function ProgressCard({ title, kind, lines }: { title: string; kind: string; lines: ProgressLine[] }) {
  const { t, i18n } = useTranslation();
  const planned = lines.reduce((sum, line) => sum + line.plannedHours, 0);
  const target = lines.reduce((sum, line) => sum + line.targetHours, 0);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="progress-card" data-title={title}>
      <Group justify="space-between" mb="sm" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {kind}
          </Text>
          <Title order={3} fz={18} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
        </div>
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {t('planning.calendar.progress.total', { planned: hours(planned, i18n.language), target: hours(target, i18n.language) })}
        </Text>
      </Group>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('planning.calendar.progress.noLines')}
        </Text>
      ) : (
        <Stack gap="sm">
          {lines.map((line) => {
            const { value, over, done } = progressOf(line);
            return (
              <div key={line.schoolSubject.uuid} data-testid="progress-line" data-subject={line.schoolSubject.shortName} data-over={over || undefined}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" fw={500} truncate="end" title={line.schoolSubject.name}>
                    {line.schoolSubject.shortName} – {line.schoolSubject.name}
                  </Text>
                  <Group gap={6} wrap="nowrap">
                    {over && (
                      <Badge color="orange" size="xs" variant="light">
                        {t('planning.calendar.progress.over')}
                      </Badge>
                    )}
                    <Text size="sm" c={over ? 'orange' : 'dimmed'} style={{ whiteSpace: 'nowrap' }} data-testid="progress-hours">
                      {t('planning.calendar.progress.hours', { planned: hours(line.plannedHours, i18n.language), target: hours(line.targetHours, i18n.language) })}
                    </Text>
                  </Group>
                </Group>
                <Progress.Root size="md" radius="xl" mt={4} aria-label={`${line.schoolSubject.shortName} ${value}%`}>
                  <Progress.Section value={Math.min(value, deliveredShare(line))} color="teal" />
                  <Progress.Section value={Math.max(0, value - deliveredShare(line))} color={over ? 'orange' : done ? 'teal.3' : 'indigo'} />
                </Progress.Root>
                <Text size="xs" c="dimmed" mt={2} data-testid="progress-delivered">
                  {t('planning.calendar.progress.delivered', { delivered: hours(line.deliveredHours, i18n.language) })}
                </Text>
              </div>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
