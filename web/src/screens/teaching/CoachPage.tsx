import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateRange } from '../../shared/format';
import { PageLink } from '../../navigation';
import { PageTitle } from '../../shared/PageTitle';
import { confirm } from '../../shared/dialogs';
import { errorMessage, requestJson } from '../../shared/http';
import { toast } from '../../shared/toast';
import { apiPaths, loadCoachPage, type CoachContract, type CoachPageData } from './api';
import { fullName, Loading, useLoaded, useNumber } from './common';
import { HiddenHeader } from '../../shared/HiddenHeader';
import { usePageParams } from '../../page-params';

/** /informations/{id}: a coach, its informations, the students it follows and its contracts of the current session. */
export function CoachPage() {
  const { id = '' } = usePageParams('teaching.coach');
  const { data, error, reload } = useLoaded(['coachPage', id], () => loadCoachPage(id));
  if (!data) return <Loading error={error} />;
  return <CoachView data={data} reload={reload} />;
}

function CoachView({ data, reload }: { data: CoachPageData; reload: () => Promise<void> }) {
  const { t } = useTranslation();
  const { number, money } = useNumber();
  const { coach, informations } = data;
  const writable = data.writableCampusIds.length > 0;

  const remove = async (contract: CoachContract) => {
    if (!(await confirm({ message: t('teaching.contract.deleteConfirm'), color: 'red', confirmLabel: t('teaching.common.delete') }))) return;
    try {
      toast.success((await requestJson<{ message: string }>('DELETE', apiPaths.coachContractDelete(coach.id, contract.id))).message);
      await reload();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  return (
    <Stack gap="lg" data-testid="coach-page">
      <PageTitle back={<PageLink page="teaching.coaches"><Text size="sm">← {t('teaching.coaches.title')}</Text></PageLink>} title={fullName(coach)} intro={coach.email} titleTestId="coach-name" />
      <Group gap={4}>{coach.rules.map((r) => <Badge key={r.campus.id} variant="outline" color="gray">{r.campus.name}</Badge>)}</Group>

      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz={18}>{t('teaching.coach.informations')}</Title>
          {writable && (
            <PageLink page={informations ? 'teaching.coachInformationsEdit' : 'teaching.coachInformationsNew'} params={{ id: coach.id }}>
              <Button size="xs" variant="light" component="span">{t(informations ? 'teaching.common.edit' : 'teaching.coach.addInformations')}</Button>
            </PageLink>
          )}
        </Group>
        {informations ? (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <div><Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t('teaching.coach.fields.specialities')}</Text><Text>{informations.specialities || '—'}</Text></div>
            <div><Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t('teaching.coach.fields.maxStudents')}</Text><Text>{informations.maxStudents ?? '—'}</Text></div>
            <div><Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t('teaching.coach.fields.comment')}</Text><Text>{informations.comment || '—'}</Text></div>
          </SimpleGrid>
        ) : (
          <Text c="dimmed">{t('teaching.coach.noInformations')}</Text>
        )}
      </Card>

      <Card withBorder radius="lg" padding="lg" data-testid="coach-students">
        <Title order={2} fz={18} mb="sm">{t('teaching.coach.students', { count: data.students.length })}</Title>
        {data.students.length === 0 ? (
          <Text c="dimmed">{t('teaching.coaches.noStudent')}</Text>
        ) : (
          <Group gap="xs">
            {data.students.map((s) => (
              <PageLink key={s.id} page="teaching.studentFollowUps" params={{ student: s.id }}>
                <Badge size="lg" variant="light" style={{ cursor: 'pointer' }}>{fullName(s)} · {s.campus.name}</Badge>
              </PageLink>
            ))}
          </Group>
        )}
      </Card>

      <Card withBorder radius="lg" padding="lg" data-testid="coach-contracts">
        <Group justify="space-between" mb="sm">
          <div>
            <Title order={2} fz={18}>{t('teaching.coach.contracts')}</Title>
            {data.currentSession && <Text size="sm" c="dimmed">{t('teaching.contract.currentSession', { name: data.currentSession.name })}</Text>}
          </div>
          {writable && (
            <PageLink page="teaching.coachContractNew" params={{ id: coach.id }} data-testid="coach-contract-new">
              <Button size="xs" component="span">{t('teaching.contract.new')}</Button>
            </PageLink>
          )}
        </Group>
        {data.coachContracts.length === 0 ? (
          <Text c="dimmed">{t('teaching.contract.none')}</Text>
        ) : (
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('teaching.contract.campus')}</Table.Th>
                <Table.Th>{t('teaching.contract.period')}</Table.Th>
                <Table.Th>{t('teaching.contract.relatedActivities')}</Table.Th>
                <Table.Th ta="right">{t('teaching.contract.amount')}</Table.Th>
                <HiddenHeader />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.coachContracts.map((contract) => (
                <Table.Tr key={contract.id} data-testid="coach-contract-row">
                  <Table.Td>{contract.campus.name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateRange(contract.startDate, contract.endDate)}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {contract.relatedActivityLines.map((line) => (
                        <Badge key={line.id} variant="light" color="gray">
                          {t(`teaching.relatedActivity.${line.relatedActivity.reference}`)} · {t(line.relatedActivity.isHour ? 'teaching.activity.hourUnit' : 'teaching.activity.unitUnit', { count: line.amount, value: number(line.amount) })}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{money(contract.totals.activityAmount)}</Table.Td>
                  <Table.Td>
                    {data.writableCampusIds.includes(contract.campus.id) && (
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <PageLink page="teaching.coachContractEdit" params={{ id: coach.id, coachContract: contract.id }}>
                          <Button size="xs" variant="light" component="span">{t('teaching.common.edit')}</Button>
                        </PageLink>
                        <Button size="xs" variant="subtle" color="red" onClick={() => void remove(contract)}>{t('teaching.common.delete')}</Button>
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
