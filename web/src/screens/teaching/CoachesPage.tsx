import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../navigation';
import { PageTitle } from '../../shared/PageTitle';
import { loadCoaches } from './api';
import { CampusFilter, fullName, Loading, useCan, useLoaded } from './common';

/** Coaches of the actor's campuses with the students they follow in the current session. */
export function CoachesPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [campus, setCampus] = useState<string | null>(null);
  const { data: coaches, error } = useLoaded(['coaches', campus], () => loadCoaches(campus ? [campus] : null));
  return (
    <Stack gap="lg" data-testid="coaches-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle title={t('teaching.coaches.title')} intro={t('teaching.coaches.intro')} />
        <Group>
          <CampusFilter value={campus} onChange={setCampus} />
          {can('teaching.coach.update') && (
            <PageLink page="teaching.attribution" data-testid="attribution-link">
              <Button component="span">{t('teaching.attribution.title')}</Button>
            </PageLink>
          )}
        </Group>
      </Group>
      <Card withBorder radius="lg" padding={0}>
        {!coaches ? (
          <Loading error={error} />
        ) : coaches.length === 0 ? (
          <Text p="xl" c="dimmed" ta="center">{t('teaching.coaches.empty')}</Text>
        ) : (
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid="coaches-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('teaching.coaches.name')}</Table.Th>
                <Table.Th>{t('teaching.coaches.campuses')}</Table.Th>
                <Table.Th>{t('teaching.coaches.students')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {coaches.map((coach) => (
                <Table.Tr key={coach.uuid} data-testid="coach-row">
                  <Table.Td>
                    <PageLink page="teaching.coach" params={{ id: coach.uuid }} style={{ textDecoration: 'none' }} data-testid="coach-link"><Text fw={600} c="indigo.7" span>{fullName(coach)}</Text></PageLink>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>{coach.actorAccessRules.map((r) => <Badge key={r.campus.uuid} variant="outline" color="gray">{r.campus.name}</Badge>)}</Group>
                  </Table.Td>
                  <Table.Td>
                    {coach.students.length === 0 ? (
                      <Text size="sm" c="dimmed">{t('teaching.coaches.noStudent')}</Text>
                    ) : (
                      <Group gap={4}>
                        {coach.students.map((s) => (
                          <PageLink key={s.uuid} page="teaching.studentFollowUps" params={{ student: s.uuid }}>
                            <Badge variant="light" style={{ cursor: 'pointer' }}>{fullName(s)}</Badge>
                          </PageLink>
                        ))}
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}
