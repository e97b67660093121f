import { Alert, Button, Card, Center, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { PageTitle } from '../../shared/PageTitle';
import { useTranslation } from 'react-i18next';
import { formatDateRange } from '../../shared/format';
import { PageLink } from '../../navigation';
import { useMe } from '../../session';
import { usePageSearch } from '../../page-search';
import { usePageQuery } from '../../shared/page-query';
import type { TrainingGroup } from './api';
import { groupsQuery, sessionsQuery, shownSession } from './queries';
import { can } from './fields';

/** Training groups of the actor's campuses, for a session (the current one first). */
export function TrainingGroupsPage() {
  const { t } = useTranslation();
  const me = useMe();
  // Loaded by the route's loader (page-loaders.ts): the sessions and the groups shown are in the cache when the page renders.
  const loadedSessions = usePageQuery(sessionsQuery, {}, {});
  const sessions = loadedSessions.data ?? [];
  // The session shown is in the URL (?session=…); none means the current one (else the first).
  const [search, setSearch] = usePageSearch('trainings.groups');
  const sessionId = shownSession(search, loadedSessions.data);
  const loadedGroups = usePageQuery(groupsQuery, {}, { sessionId: sessionId ?? '' }, { enabled: !!sessionId });
  const error = loadedSessions.error ?? loadedGroups.error;
  const groups: TrainingGroup[] | null = loadedSessions.data && !sessionId ? [] : (loadedGroups.data ?? null);

  return (
    <Stack gap="lg" data-testid="groups-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle title={t('trainings.groups.title')} intro={t('trainings.groups.intro')} />
        <Group align="flex-end">
          <Select
            label={t('trainings.common.session')}
            data={sessions.map((s) => ({ value: s.id, label: s.isCurrent ? `${s.name} (${t('trainings.common.current')})` : s.name }))}
            value={sessionId}
            onChange={(session) => setSearch({ session })}
            allowDeselect={false}
            data-testid="groups-session"
          />
          {can(me?.permissions, 'trainings.group.update') && (
            <PageLink page="trainings.groupNew" data-testid="group-new">
              <Button component="span">{t('trainings.groups.new')}</Button>
            </PageLink>
          )}
        </Group>
      </Group>
      {error && <Alert color="red" variant="light">{error}</Alert>}
      <Card withBorder radius="lg" padding={0}>
        {groups === null ? (
          <Center p="xl">{!error && <Loader size="sm" />}</Center>
        ) : groups.length === 0 ? (
          <Text p="xl" c="dimmed" ta="center">{t('trainings.groups.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={860}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid="groups-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('trainings.groups.shortName')}</Table.Th>
                  <Table.Th>{t('trainings.groups.name')}</Table.Th>
                  <Table.Th>{t('trainings.groups.training')}</Table.Th>
                  <Table.Th>{t('trainings.groups.variant')}</Table.Th>
                  <Table.Th>{t('trainings.groups.campus')}</Table.Th>
                  <Table.Th>{t('trainings.groups.dates')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {groups.map((group) => (
                  <Table.Tr key={group.id} data-testid="group-row" data-short-name={group.shortName}>
                    <Table.Td fw={600}>
                      <PageLink page="trainings.group" params={{ id: group.id }}>{group.shortName}</PageLink>
                    </Table.Td>
                    <Table.Td>{group.name}</Table.Td>
                    <Table.Td>{group.training.shortName}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{group.variant.name}</Table.Td>
                    <Table.Td>{group.campus.name}</Table.Td>
                    <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>{formatDateRange(group.startDate, group.endDate)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
