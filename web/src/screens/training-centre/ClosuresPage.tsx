import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, Center, Grid, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { PageTitle } from '../../shared/PageTitle';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format';
import { gql } from '../../shared/gql';
import { mutations, type Closure, type PublicHoliday } from './api';
import { closuresQuery } from './queries';
import { CampusSwitch } from './CampusSwitch';
import { ClosureDialog } from './ClosureDialog';
import { confirmAndRun } from './remove';
import { useCampusChoice } from './useCampusChoice';
import { usePageQuery } from '../../shared/page-query';
import { HiddenHeader } from '../../shared/HiddenHeader';

const TYPE_COLOR: Record<string, string> = { holidays: 'blue', closure: 'red', bridge: 'grape', other: 'gray' };

/** Days since 1970 of a 'YYYY-MM-DD' date: spans of whole days, whatever the time zone. */
const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

/** Closures of a campus for a year, beside the public holidays of that year (planning skips both). */
export function ClosuresPage() {
  const { t, i18n } = useTranslation();
  const { campuses, campus, setCampusId, error: campusError } = useCampusChoice();
  const [year, setYear] = useState(() => new Date().getFullYear());
  const [dialog, setDialog] = useState<{ closure: Closure | null } | null>(null);
  const campusId = campus?.uuid ?? null;
  // Loaded by the route's loader (page-loaders.ts) for the first campus; another campus chosen loads here.
  const page = usePageQuery(closuresQuery, {}, { campusId: campusId ?? '', year }, { enabled: !!campusId });
  const data: { closures: Closure[]; holidays: PublicHoliday[] } | null = page.data ?? null;
  const { error: loadError, reload: load } = page;

  const long = (date: string, withYear = false) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'short', day: 'numeric', month: 'long', year: withYear ? 'numeric' : undefined, timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
  // A closure over New Year shows both years, else "20 December to 4 January" reads backwards.
  const period = (closure: Closure) => {
    const years = closure.startDate.slice(0, 4) !== closure.endDate.slice(0, 4);
    return closure.startDate === closure.endDate
      ? long(closure.startDate)
      : t('trainingCentre.closures.range', { start: long(closure.startDate, years), end: long(closure.endDate, years) });
  };
  const days = (closure: Closure) => dayNumber(closure.endDate) - dayNumber(closure.startDate) + 1;
  const saved = () => {
    setDialog(null);
    void load();
  };
  const remove = (closure: Closure) =>
    confirmAndRun({
      title: t('trainingCentre.closures.deleteTitle'),
      message: t('trainingCentre.closures.deleteConfirm', { name: closure.name ?? t(`trainingCentre.closures.types.${closure.type}`), start: formatDate(closure.startDate), end: formatDate(closure.endDate) }),
      run: () => gql(mutations.deleteClosure, { input: { id: closure.uuid } }),
      done: t('trainingCentre.closures.deleted'),
    }).then((done) => {
      if (done) void load();
    });

  return (
    <Stack gap="lg" maw={1200} data-testid="closures-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle title={t('trainingCentre.closures.title')} intro={t('trainingCentre.closures.intro')} />
        {campus?.canEdit && (
          <Button onClick={() => setDialog({ closure: null })} data-testid="closure-new">
            {t('trainingCentre.closures.new')}
          </Button>
        )}
      </Group>
      <Group justify="space-between">
        {campuses && campuses.length > 1 ? <CampusSwitch campuses={campuses} value={campusId} onChange={setCampusId} /> : <span />}
        <Group gap={4}>
          <ActionIcon variant="default" onClick={() => setYear(year - 1)} aria-label={t('trainingCentre.closures.previousYear')}>
            ‹
          </ActionIcon>
          <Text fw={600} w={60} ta="center" data-testid="closures-year">
            {year}
          </Text>
          <ActionIcon variant="default" onClick={() => setYear(year + 1)} aria-label={t('trainingCentre.closures.nextYear')}>
            ›
          </ActionIcon>
        </Group>
      </Group>
      {(campusError || loadError) && (
        <Alert color="red" variant="light" role="alert">
          {campusError ?? loadError}
        </Alert>
      )}
      {data === null ? (
        campusId && !loadError && (
          <Center p="xl">
            <Loader size="sm" />
          </Center>
        )
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Card withBorder radius="lg" padding="lg">
              <Title order={2} fz={18} mb="sm">
                {t('trainingCentre.closures.listTitle', { year })}
              </Title>
              {data.closures.length === 0 ? (
                <Text c="dimmed" size="sm" data-testid="closures-empty">
                  {t('trainingCentre.closures.empty')}
                </Text>
              ) : (
                <Table verticalSpacing="xs" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('trainingCentre.closures.name')}</Table.Th>
                      <Table.Th>{t('trainingCentre.closures.period')}</Table.Th>
                      <Table.Th>{t('trainingCentre.closures.type')}</Table.Th>
                      <HiddenHeader />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.closures.map((closure) => (
                      <Table.Tr key={closure.uuid} data-testid="closure-row">
                        <Table.Td fw={500}>{closure.name ?? '—'}</Table.Td>
                        <Table.Td>
                          <Text size="sm">{period(closure)}</Text>
                          <Text size="xs" c="dimmed">
                            {t('trainingCentre.closures.days', { count: days(closure) })}
                          </Text>
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          <Badge color={TYPE_COLOR[closure.type] ?? 'gray'} variant="light" radius="sm" tt="none" styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}>
                            {t(`trainingCentre.closures.types.${closure.type}`, { defaultValue: closure.type })}
                          </Badge>
                        </Table.Td>
                        <Table.Td ta="right">
                          {campus?.canEdit && (
                            <Group gap={4} justify="flex-end" wrap="nowrap">
                              <Button size="compact-xs" variant="default" onClick={() => setDialog({ closure })}>
                                {t('trainingCentre.edit')}
                              </Button>
                              <Button size="compact-xs" variant="subtle" color="red" onClick={() => void remove(closure)}>
                                {t('trainingCentre.delete')}
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
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card withBorder radius="lg" padding="lg" data-testid="public-holidays">
              <Title order={2} fz={18}>
                {t('trainingCentre.closures.holidaysTitle', { year })}
              </Title>
              <Text size="xs" c="dimmed" mb="sm">
                {t('trainingCentre.closures.holidaysIntro')}
              </Text>
              <Stack gap={6}>
                {data.holidays.map((holiday) => (
                  <Group key={holiday.key} justify="space-between" wrap="nowrap" data-testid="public-holiday">
                    <Text size="sm">{holiday.name}</Text>
                    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {long(holiday.date)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
      )}
      {dialog && campusId && <ClosureDialog campusId={campusId} closure={dialog.closure} onClose={() => setDialog(null)} onSaved={saved} />}
    </Stack>
  );
}
