import { useMemo } from 'react';
import { Alert, Badge, Button, Card, Center, Group, Loader, MultiSelect, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../../navigation';
import { useMe } from '../../../session';
import { PageTitle } from '../../../shared/PageTitle';
import { usePageSearch } from '../../../page-search';
import { usePageData } from '../../../shared/queries';
import { formatHours, groupPermissions, loadGroupsByCampus, type GraphPlanningGroup } from './api';
import { staffTypologies } from '@alterna/core/validation';


/** Planning groups of the user's campuses (SPEC §7 PlanningGroupByCampus), filtered by campus. */
export function PlanningGroupsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const campuses = useMemo(() => (me?.campuses ?? []).filter((c) => c.typologies.some((typology) => (staffTypologies as readonly string[]).includes(typology))), [me]);
  // The campus filter is in the URL (?campuses=…): a reload or a shared link shows the same groups.
  const [{ campuses: campusIds }, setSearch] = usePageSearch('planning.groups');
  const { data, error } = usePageData(['planning.groups', campusIds], () => loadGroupsByCampus(campusIds.length ? campusIds : null));
  const groups: GraphPlanningGroup[] | null = data ?? null;

  return (
    <Stack gap="lg" data-testid="planning-groups-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle title={t('planning.groups.title')} intro={t('planning.groups.intro')} />
        <Group align="flex-end">
          {campuses.length > 1 && (
            <MultiSelect
              label={t('planning.groups.campus')}
              placeholder={campusIds.length ? undefined : t('planning.groups.allCampuses')}
              data={campuses.map((c) => ({ value: c.id, label: c.name }))}
              value={campusIds}
              onChange={(ids) => setSearch({ campuses: ids })}
              clearable
              miw={220}
              data-testid="planning-groups-campus"
            />
          )}
          {me?.permissions.includes(groupPermissions.update) && (
            <PageLink page="planning.groupNew" data-testid="planning-group-new">
              <Button component="span">{t('planning.groups.new')}</Button>
            </PageLink>
          )}
        </Group>
      </Group>
      {error && <Alert color="red" variant="light">{error}</Alert>}
      <Card withBorder radius="lg" padding={0}>
        {groups === null ? (
          <Center p="xl">{!error && <Loader size="sm" />}</Center>
        ) : groups.length === 0 ? (
          <Text p="xl" c="dimmed" ta="center" data-testid="planning-groups-empty">{t('planning.groups.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={800}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid="planning-groups-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('planning.groups.name')}</Table.Th>
                  <Table.Th>{t('planning.groups.campus')}</Table.Th>
                  <Table.Th>{t('planning.groups.trainingGroup')}</Table.Th>
                  <Table.Th>{t('planning.groups.parent')}</Table.Th>
                  <Table.Th ta="right">{t('planning.groups.subjectCount')}</Table.Th>
                  <Table.Th ta="right">{t('planning.groups.students')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {groups.map((group) => (
                  <Table.Tr key={group.uuid} data-testid="planning-group-row" data-name={group.name}>
                    <Table.Td fw={600}>
                      <PageLink page="planning.group" params={{ id: group.uuid }}>{group.name}</PageLink>
                    </Table.Td>
                    <Table.Td>{group.campus.name}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {group.trainingGroup ? (
                        <Badge variant="light" title={group.trainingGroup.name} styles={{ root: { maxWidth: 'none' }, label: { overflow: 'visible' } }}>
                          {group.trainingGroup.shortName}
                        </Badge>
                      ) : (
                        <Text c="dimmed" size="sm">—</Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {group.parent ? <PageLink page="planning.group" params={{ id: group.parent.uuid }}>{group.parent.name}</PageLink> : <Text c="dimmed" size="sm">—</Text>}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="planning-group-subjects">
                      {t('planning.groups.subjectSummary', {
                        count: group.schoolSubjectLines.length,
                        hours: formatHours(group.schoolSubjectLines.reduce((sum, line) => sum + line.hours, 0)),
                      })}
                    </Table.Td>
                    <Table.Td ta="right" data-testid="planning-group-students">{group.subscriptionsCount}</Table.Td>
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
