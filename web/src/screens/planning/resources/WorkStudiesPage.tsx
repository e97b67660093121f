import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Select, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../../../shared/dayjs';
import { daysIncluded } from '@alterna/planning/validation';
import { confirm } from '../../../shared/dialogs';
import { errorMessage, requestJson } from '../../../shared/http';
import { usePageSearch } from '../../../page-search';
import { usePageData } from '../../../shared/queries';
import { PageTitle } from '../../../shared/PageTitle';
import { toast } from '../../../shared/toast';
import { loadTrainingGroups, loadWorkStudies, resourceRoutes, type TrainingGroupChoice, type WorkStudyPeriod } from './api';
import { WorkStudyDialog } from './WorkStudyDialog';
import { HiddenHeader } from '../../../shared/HiddenHeader';

const TYPE_COLOR: Record<string, string> = { Entreprise: 'orange', Formation: 'indigo' };
type Loaded = Awaited<ReturnType<typeof loadWorkStudies>>;

/** Work-study periods of a training group: company periods (no training) and training periods, on a timeline and in a table. */
export function WorkStudiesPage() {
  const { t, i18n } = useTranslation();
  const [dialog, setDialog] = useState<{ period: WorkStudyPeriod | null } | null>(null);
  const groupList = usePageData(['planning.work-studies.groups'], () => loadTrainingGroups());
  const groups: TrainingGroupChoice[] | null = groupList.data ?? null;
  // The training group shown is in the URL (?group=), the first one by default.
  const [{ group: chosenId }, setSearch] = usePageSearch('planning.workStudies');
  const setGroupId = (group: string | null) => setSearch({ group });
  const groupId = groups?.some((group) => group.id === chosenId) ? chosenId : (groups?.[0]?.id ?? null);
  const periods = usePageData(['planning.work-studies', groupId], () => loadWorkStudies(groupId!), { enabled: !!groupId });
  const data: Loaded | null = periods.data ?? null;
  const error = groupList.error ?? periods.error;
  const load = periods.reload;

  const day = (value: string) => new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
  const remove = async (period: WorkStudyPeriod) => {
    const ok = await confirm({
      title: t('planning.resources.workStudy.deleteTitle'),
      message: t('planning.resources.workStudy.deleteConfirm', { type: t(`planning.resources.workStudy.types.${period.type}`), start: day(period.startDate), end: day(period.endDate) }),
      confirmLabel: t('planning.resources.delete'),
      color: 'red',
    });
    if (!ok) return;
    try {
      toast.success((await requestJson<{ message: string }>('POST', resourceRoutes.workStudyDelete(period.id))).message);
      void load();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  const group = data?.trainingGroup;
  return (
    <Stack gap="lg" maw={1200} data-testid="work-studies-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle title={t('planning.resources.workStudy.pageTitle')} intro={t('planning.resources.workStudy.intro')} />
        {data?.canUpdate && (
          <Button onClick={() => setDialog({ period: null })} data-testid="work-study-new">
            {t('planning.resources.workStudy.add')}
          </Button>
        )}
      </Group>
      <Select
        label={t('planning.resources.workStudy.trainingGroup')}
        placeholder={t('planning.resources.workStudy.trainingGroupPlaceholder')}
        data={(groups ?? []).map((g) => ({ value: g.id, label: `${g.shortName} — ${g.name} (${g.campus.name})` }))}
        value={groupId}
        onChange={(id) => id && setGroupId(id)}
        searchable
        allowDeselect={false}
        nothingFoundMessage={t('select.nothingFound')}
        maw={520}
        data-testid="work-study-group"
      />
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {groups && groups.length === 0 && <Text c="dimmed">{t('planning.resources.workStudy.noGroup')}</Text>}
      {group && data && (
        <Card withBorder radius="lg" padding="lg">
          <Group justify="space-between" mb="sm">
            <Title order={2} fz={18}>
              {group.shortName} · {group.name}
            </Title>
            <Text size="sm" c="dimmed">
              {t('planning.resources.workStudy.groupDates', { start: day(group.startDate), end: day(group.endDate) })}
            </Text>
          </Group>
          <Timeline group={group} periods={data.periods} label={(p) => `${t(`planning.resources.workStudy.types.${p.type}`)} · ${day(p.startDate)} – ${day(p.endDate)}`} />
          <Group gap="md" mt={6} mb="md">
            {Object.entries(TYPE_COLOR).map(([type, color]) => (
              <Badge key={type} color={color} variant="light" tt="none">
                {t(`planning.resources.workStudy.typeLong.${type}`)}
              </Badge>
            ))}
          </Group>
          {data.periods.length === 0 ? (
            <Text c="dimmed" size="sm" data-testid="work-studies-empty">
              {t('planning.resources.workStudy.empty')}
            </Text>
          ) : (
            <Table verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('planning.resources.workStudy.typeLabel')}</Table.Th>
                  <Table.Th>{t('planning.resources.workStudy.period')}</Table.Th>
                  <Table.Th>{t('planning.resources.workStudy.length')}</Table.Th>
                  <HiddenHeader />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.periods.map((p) => (
                  <Table.Tr key={p.id} data-testid="work-study-row" data-type={p.type}>
                    <Table.Td>
                      <Badge color={TYPE_COLOR[p.type] ?? 'gray'} variant="light" tt="none">
                        {t(`planning.resources.workStudy.typeLong.${p.type}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{t('planning.resources.workStudy.range', { start: day(p.startDate), end: day(p.endDate) })}</Table.Td>
                    <Table.Td>{t('planning.resources.workStudy.days', { count: daysIncluded(p.startDate, p.endDate) })}</Table.Td>
                    <Table.Td ta="right">
                      {data.canUpdate && (
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <Button size="compact-xs" variant="default" onClick={() => setDialog({ period: p })}>
                            {t('planning.resources.edit')}
                          </Button>
                          <Button size="compact-xs" variant="subtle" color="red" onClick={() => void remove(p)}>
                            {t('planning.resources.delete')}
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
      )}
      {dialog && group && (
        <WorkStudyDialog
          group={group}
          period={dialog.period}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void load();
          }}
        />
      )}
    </Stack>
  );
}

/** The group's span as a bar with month ticks, each period a coloured segment at its place. */
function Timeline({ group, periods, label }: { group: { startDate: string; endDate: string }; periods: WorkStudyPeriod[]; label: (p: WorkStudyPeriod) => string }) {
  const { i18n } = useTranslation();
  const total = Math.max(1, daysIncluded(group.startDate, group.endDate));
  const offset = (date: string) => ((daysIncluded(group.startDate, date) - 1) / total) * 100;
  const months: string[] = [];
  for (let month = dayjs.utc(group.startDate).startOf('month').add(1, 'month'); month.format('YYYY-MM-DD') <= group.endDate; month = month.add(1, 'month')) {
    months.push(month.format('YYYY-MM-DD'));
  }
  const monthName = (day: string) => new Intl.DateTimeFormat(i18n.language, { month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  return (
    <div data-testid="work-study-timeline">
      <div style={{ position: 'relative', height: 28, borderRadius: 6, background: 'var(--mantine-color-gray-1)', overflow: 'hidden' }}>
        {months.map((month) => (
          <div key={month} style={{ position: 'absolute', top: 0, bottom: 0, left: `${offset(month)}%`, borderLeft: '1px solid var(--mantine-color-gray-3)' }} />
        ))}
        {periods.map((p) => (
          <Tooltip key={p.id} label={label(p)} withArrow>
            <div
              data-testid="work-study-segment"
              style={{
                position: 'absolute',
                top: 0,
                bottom: 0,
                left: `${offset(p.startDate)}%`,
                width: `${Math.max(0.5, (daysIncluded(p.startDate, p.endDate) / total) * 100)}%`,
                background: `var(--mantine-color-${TYPE_COLOR[p.type] ?? 'gray'}-5)`,
                borderRight: '1px solid white',
              }}
            />
          </Tooltip>
        ))}
      </div>
      <div style={{ position: 'relative', height: 16 }}>
        {months.map((month) => (
          <Text key={month} size="10px" c="dimmed" style={{ position: 'absolute', left: `${offset(month)}%`, paddingLeft: 3 }}>
            {monthName(month)}
          </Text>
        ))}
      </div>
    </div>
  );
}
