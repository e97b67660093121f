import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../navigation';
import { PageTitle } from '../../shared/PageTitle';
import { loadTeachers } from './api';
import { CampusFilter, ContractStatusBadge, fullName, Loading, useCan, useLoaded, useNumber } from './common';
import { HiddenHeader } from '../../shared/HiddenHeader';

/** Teachers of the actor's campuses with their contracts of the current session (TeacherWithCampusesWithTeacherContract). */
export function TeachersPage() {
  const { t } = useTranslation();
  const can = useCan();
  const { number } = useNumber();
  const [campus, setCampus] = useState<string | null>(null);
  const { data: teachers, error } = useLoaded(['teachers', campus], () => loadTeachers(campus ? [campus] : null));

  return (
    <Stack gap="lg" data-testid="teachers-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle title={t('teaching.teachers.title')} intro={t('teaching.teachers.intro')} />
        <CampusFilter value={campus} onChange={setCampus} />
      </Group>
      <Card withBorder radius="lg" padding={0}>
        {!teachers ? (
          <Loading error={error} />
        ) : teachers.length === 0 ? (
          <Text p="xl" c="dimmed" ta="center">{t('teaching.teachers.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={860}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid="teachers-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('teaching.teachers.name')}</Table.Th>
                  <Table.Th>{t('teaching.teachers.campuses')}</Table.Th>
                  <Table.Th>{t('teaching.teachers.contracts')}</Table.Th>
                  <Table.Th ta="right">{t('teaching.teachers.hours')}</Table.Th>
                  <HiddenHeader />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {teachers.map((teacher) => {
                  const live = teacher.teacherContracts.filter((c) => c.status !== 'cancelled');
                  return (
                    <Table.Tr key={teacher.uuid} data-testid="teacher-row" data-teacher-id={teacher.uuid}>
                      <Table.Td>
                        <PageLink page="teaching.teacher" params={{ id: teacher.uuid }} style={{ textDecoration: 'none' }} data-testid="teacher-link">
                          <Text fw={600} c="indigo.7" span>{fullName(teacher)}</Text>
                        </PageLink>
                        {teacher.archived && <Badge ml="xs" color="gray" variant="outline">{t('teaching.common.archived')}</Badge>}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {teacher.actorAccessRules.map((rule) => (
                            <Badge key={`${rule.campus.uuid}-${rule.actorTypology.reference}`} variant="outline" color="gray">
                              {rule.campus.name} · {rule.actorTypology.name}
                            </Badge>
                          ))}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        {teacher.teacherContracts.length === 0 ? (
                          <Text size="sm" c="dimmed">{t('teaching.teachers.noContract')}</Text>
                        ) : (
                          <Group gap={4}>
                            {teacher.teacherContracts.map((contract) => <ContractStatusBadge key={contract.uuid} status={contract.status} />)}
                          </Group>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{number(live.reduce((sum, c) => sum + c.totals.teachingHours, 0))} h</Table.Td>
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <PageLink page="teaching.teacher" params={{ id: teacher.uuid }}>
                            <Button size="xs" variant="light" component="span">{t('teaching.teachers.open')}</Button>
                          </PageLink>
                          {can('teaching.teacher.update') && (
                            <PageLink page="teaching.contractNew" params={{ id: teacher.uuid }} data-testid="teacher-contract-new">
                              <Button size="xs" variant="default" component="span">{t('teaching.contract.new')}</Button>
                            </PageLink>
                          )}
                        </Group>
                      </Table.Td>
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
