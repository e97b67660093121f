import { useMemo } from 'react';
import { Alert, Badge, Button, Card, Center, Group, Loader, MultiSelect, Select, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format';
import { PageLink } from '../../navigation';
import { useMe } from '../../session';
import { PageTitle } from '../../shared/PageTitle';
import { usePageSearch } from '../../page-search';
import { usePageQuery } from '../../shared/page-query';
import { apiPaths, type GroupOption, type StudentListRow, type TrainingOption } from './api';
import { studentChoicesQuery, studentFilter, studentsQuery } from './queries';
import { can } from './permissions';

/** The student list of the actor's campuses, with filters (campus, session, trainings, groups) and the .xlsx export. */
export function StudentsPage() {
  const { t } = useTranslation();
  const me = useMe();
  // Loaded by the route's loader (page-loaders.ts): the choices and the list are in the cache when the page renders.
  const { data: choices, error: choicesError } = usePageQuery(studentChoicesQuery, {}, {});
  const [search, setSearch] = usePageSearch('students.list');
  const filter = studentFilter(search, choices);
  const list = usePageQuery(studentsQuery, {}, filter, { enabled: !!choices });
  const error = choicesError ?? list.error;
  const rows: StudentListRow[] | null = list.error ? [] : (list.data ?? null);

  const campuses = me?.campuses ?? [];
  // The options offered follow the campus and session chosen; choices made before stay, and the server says if they no longer fit.
  const trainings = useMemo(
    () => (choices?.trainings ?? []).filter((tr) => !filter.campusId || tr.campuses.some((c) => c.id === filter.campusId)),
    [choices, filter.campusId],
  );
  const groups = useMemo(
    () => (choices?.groups ?? []).filter((g) =>
      (!filter.campusId || g.campus.id === filter.campusId)
      && (!filter.trainingSessionId || g.trainingSession.id === filter.trainingSessionId)
      && (!filter.trainingIds.length || filter.trainingIds.includes(g.training.id))),
    [choices, filter.campusId, filter.trainingSessionId, filter.trainingIds],
  );
  const withChosen = <T extends { value: string }>(options: T[], chosen: string[], all: { id: string; label: string }[]) =>
    [...options, ...chosen.filter((id) => !options.some((o) => o.value === id)).map((id) => ({ value: id, label: all.find((a) => a.id === id)?.label ?? id }))];
  const trainingLabel = (tr: TrainingOption) => `${tr.shortName} – ${tr.name}`;
  const groupLabel = (g: GroupOption) => `${g.shortName} (${g.trainingSession.name})`;

  return (
    <Stack gap="lg" data-testid="students-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle title={t('students.list.title')} intro={t('students.list.intro')} />
        <Group>
          <Button component="a" href={apiPaths.export(filter)} variant="light" data-testid="students-export">{t('students.list.export')}</Button>
          {can(me, 'students.student.update') && (
            <PageLink page="students.new" data-testid="student-new">
              <Button component="span">{t('students.list.new')}</Button>
            </PageLink>
          )}
        </Group>
      </Group>
      <Card withBorder radius="lg" padding="md">
        <Group align="flex-end" grow>
          <Select
            label={t('students.list.campus')} placeholder={t('students.list.allCampuses')} clearable
            data={campuses.map((c) => ({ value: c.id, label: c.name }))} value={filter.campusId}
            onChange={(id) => setSearch({ campus: id })} data-testid="filter-campus"
          />
          <Select
            label={t('students.list.session')} placeholder={t('students.list.allSessions')} clearable
            data={(choices?.sessions ?? []).map((s) => ({ value: s.id, label: s.isCurrent ? `${s.name} (${t('students.common.current')})` : s.name }))}
            value={filter.trainingSessionId} onChange={(id) => setSearch({ session: id ?? 'all' })} data-testid="filter-session"
          />
          <MultiSelect
            label={t('students.list.trainings')} placeholder={t('students.list.allTrainings')} searchable clearable
            data={withChosen(trainings.map((tr) => ({ value: tr.id, label: trainingLabel(tr) })), filter.trainingIds, (choices?.trainings ?? []).map((tr) => ({ id: tr.id, label: trainingLabel(tr) })))}
            value={filter.trainingIds} onChange={(ids) => setSearch({ trainings: ids.length ? ids : null })} data-testid="filter-trainings"
          />
          <MultiSelect
            label={t('students.list.groups')} placeholder={t('students.list.allGroups')} searchable clearable
            data={withChosen(groups.map((g) => ({ value: g.id, label: groupLabel(g) })), filter.trainingGroupIds, (choices?.groups ?? []).map((g) => ({ id: g.id, label: groupLabel(g) })))}
            value={filter.trainingGroupIds} onChange={(ids) => setSearch({ groups: ids.length ? ids : null })} data-testid="filter-groups"
          />
        </Group>
      </Card>
      {error && <Alert color="red" variant="light" data-testid="students-error">{error}</Alert>}
      <Card withBorder radius="lg" padding={0}>
        {rows === null ? (
          <Center p="xl"><Loader size="sm" /></Center>
        ) : rows.length === 0 ? (
          <Text p="xl" c="dimmed" ta="center">{t('students.list.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid="students-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('students.list.name')}</Table.Th>
                  <Table.Th>{t('students.form.dateOfBirth')}</Table.Th>
                  <Table.Th>{t('students.list.campus')}</Table.Th>
                  <Table.Th>{t('students.list.group')}</Table.Th>
                  <Table.Th>{t('students.list.status')}</Table.Th>
                  <Table.Th>{t('students.list.corporation')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => {
                  const registration = row.registration;
                  return (
                    <Table.Tr key={`${row.id}-${registration?.id ?? ''}`} data-testid="student-row" data-name={`${row.lastName} ${row.firstName}`}>
                      <Table.Td fw={600}>
                        <PageLink page="students.show" params={{ id: row.id }}>{row.lastName} {row.firstName}</PageLink>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text span fz="sm">{formatDate(row.dateOfBirth)}</Text>{' '}
                        {row.isMinor && <Badge color="orange" variant="light" size="sm">{t('students.form.minor')}</Badge>}
                      </Table.Td>
                      <Table.Td>{registration ? registration.trainingGroup.campus.name : row.campuses.map((c) => c.name).join(', ')}</Table.Td>
                      <Table.Td>{registration ? `${registration.trainingGroup.shortName} · ${registration.trainingGroup.trainingSession.name}` : '—'}</Table.Td>
                      <Table.Td>{registration ? t(`students.statuses.${registration.studentStatus}`) : '—'}</Table.Td>
                      <Table.Td>{registration?.contract ? (registration.contract.corporation.shortName || registration.contract.corporation.name) : '—'}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
