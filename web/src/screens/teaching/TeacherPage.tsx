import { useState } from 'react';
import { Badge, Button, Card, Group, Menu, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format';
import { contractTransitions, isContractDeletable, isContractEditable } from '@alterna/teaching/validation';
import { PageLink } from '../../navigation';
import { PageTitle } from '../../shared/PageTitle';
import { confirm } from '../../shared/dialogs';
import { requestJson, errorMessage } from '../../shared/http';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import type { ContractHours } from '@alterna/attendance/types';
import { apiPaths, loadTeacherPage, type TeacherCompany, type TeacherContract, type TeacherPageData } from './api';
import { CompanyPopup } from './CompanyPopup';
import { addressText } from './companies';
import { ContractStatusBadge, fullName, Loading, useCan, useLoaded, useNumber } from './common';
import { HiddenHeader } from '../../shared/HiddenHeader';
import { usePageParams } from '../../page-params';

/** /teachers/{id}/informations: the teacher, its informations, contracts of the current session and companies. */
export function TeacherPage() {
  const { id = '' } = usePageParams('teaching.teacher');
  const { data, error, reload } = useLoaded(['teacherPage', id], () => loadTeacherPage(id));
  if (!data) return <Loading error={error} />;
  return <TeacherView data={data} reload={reload} />;
}

function TeacherView({ data, reload }: { data: TeacherPageData; reload: () => Promise<void> }) {
  const { t } = useTranslation();
  const { teacher, informations } = data;
  const writable = data.writableCampusIds.length > 0;
  return (
    <Stack gap="lg" data-testid="teacher-page">
      <PageTitle
        back={<PageLink page="teaching.teachers"><Text size="sm">← {t('teaching.teachers.title')}</Text></PageLink>}
        title={fullName(teacher)}
        titleTestId="teacher-name"
        intro={teacher.email}
      />
      <Group gap={4}>
        {teacher.rules.map((rule) => (
          <Badge key={`${rule.campus.id}-${rule.typology}`} variant="outline" color="gray">{rule.campus.name} · {t(`teaching.typology.${rule.typology}`)}</Badge>
        ))}
        <PageLink page="courses.teacher" params={{ teacher: teacher.id }} data-testid="teacher-courses">
          <Button size="xs" variant="light" component="span" ml="sm">{t('courses.subjects.teacherCourses')}</Button>
        </PageLink>
      </Group>

      <Card withBorder radius="lg" padding="lg" data-testid="teacher-informations">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz={18}>{t('teaching.teacher.informations')}</Title>
          {writable && (
            <PageLink page={informations ? 'teaching.teacherInformationsEdit' : 'teaching.teacherInformationsNew'} params={{ id: teacher.id }} data-testid="teacher-informations-edit">
              <Button size="xs" variant="light" component="span">{t(informations ? 'teaching.common.edit' : 'teaching.teacher.addInformations')}</Button>
            </PageLink>
          )}
        </Group>
        {informations ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {(['specialities', 'diploma', 'professionalExperience', 'comment'] as const).map((field) => (
              <div key={field}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t(`teaching.teacher.fields.${field}`)}</Text>
                <Text style={{ whiteSpace: 'pre-wrap' }}>{informations[field] || '—'}</Text>
              </div>
            ))}
          </SimpleGrid>
        ) : (
          <Text c="dimmed">{t('teaching.teacher.noInformations')}</Text>
        )}
      </Card>

      <ContractsCard data={data} reload={reload} writable={writable} />
      <CompaniesCard data={data} reload={reload} writable={writable} />
    </Stack>
  );
}

function ContractsCard({ data, reload, writable }: { data: TeacherPageData; reload: () => Promise<void>; writable: boolean }) {
  const { t } = useTranslation();
  const { number, money } = useNumber();
  const { teacher } = data;
  const canWrite = (contract: TeacherContract) => data.writableCampusIds.includes(contract.campus.id);
  // Hours planned and delivered per contract (attendance sheets closed): what the teacher can be paid for.
  const delivered = usePageData(['attendance.contractHours', teacher.id], () =>
    requestJson<{ contracts: ContractHours[] }>('GET', `/api/attendance/teachers/${encodeURIComponent(teacher.id)}/contract-hours`));
  const hoursOf = new Map((delivered.data?.contracts ?? []).map((c) => [c.contractId, c]));

  const move = async (contract: TeacherContract, status: string) => {
    const ok = await confirm({
      message: t('teaching.contract.statusConfirm', { from: t(`teaching.contractStatus.${contract.status}`), to: t(`teaching.contractStatus.${status}`) }),
      color: status === 'cancelled' ? 'red' : undefined,
    });
    if (!ok) return;
    try {
      const result = await requestJson<{ message: string }>('POST', apiPaths.contractStatus(contract.id), { status });
      toast.success(result.message);
      await reload();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  const remove = async (contract: TeacherContract) => {
    if (!(await confirm({ message: t('teaching.contract.deleteConfirm'), color: 'red', confirmLabel: t('teaching.common.delete') }))) return;
    try {
      const result = await requestJson<{ message: string }>('DELETE', apiPaths.contractDelete(teacher.id, contract.id));
      toast.success(result.message);
      await reload();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="teacher-contracts">
      <Group justify="space-between" mb="sm">
        <div>
          <Title order={2} fz={18}>{t('teaching.contract.listTitle')}</Title>
          {data.currentSession && <Text size="sm" c="dimmed">{t('teaching.contract.currentSession', { name: data.currentSession.name })}</Text>}
        </div>
        {writable && (
          <PageLink page="teaching.contractNew" params={{ id: teacher.id }} data-testid="contract-new">
            <Button size="xs" component="span">{t('teaching.contract.new')}</Button>
          </PageLink>
        )}
      </Group>
      {data.teacherContracts.length === 0 ? (
        <Text c="dimmed">{t('teaching.contract.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table verticalSpacing="sm" data-testid="contracts-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('teaching.contract.campus')}</Table.Th>
                <Table.Th>{t('teaching.contract.period')}</Table.Th>
                <Table.Th>{t('teaching.contract.subjects')}</Table.Th>
                <Table.Th>{t('teaching.contract.company')}</Table.Th>
                <Table.Th ta="right">{t('teaching.contract.hours')}</Table.Th>
                <Table.Th ta="right">{t('teaching.contract.activities')}</Table.Th>
                <Table.Th>{t('teaching.contract.status')}</Table.Th>
                <HiddenHeader />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.teacherContracts.map((contract) => (
                <Table.Tr key={contract.id} data-testid="contract-row" data-contract-id={contract.id}>
                  <Table.Td>{contract.campus.name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatDate(contract.startDate)}</Text>
                    <Text size="sm" c="dimmed">→ {formatDate(contract.endDate)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={0}>
                      {contract.schoolSubjectLines.map((line) => (
                        <Text key={line.id} size="sm" style={{ whiteSpace: 'nowrap' }}>{line.schoolSubject.shortName} · {number(line.hours)} h</Text>
                      ))}
                    </Stack>
                  </Table.Td>
                  <Table.Td data-testid="contract-company">{contract.teacherCompany ? contract.teacherCompany.name : '—'}</Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{number(contract.totals.teachingHours)} h</Text>
                    {hoursOf.has(contract.id) && (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="contract-delivered">
                        {t('teaching.contract.delivered', { delivered: number(hoursOf.get(contract.id)!.deliveredHours), planned: number(hoursOf.get(contract.id)!.plannedHours) })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{money(contract.totals.activityAmount)}</Table.Td>
                  <Table.Td><ContractStatusBadge status={contract.status} /></Table.Td>
                  <Table.Td>
                    {canWrite(contract) && (
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        {isContractEditable(contract.status) && (
                          <PageLink page="teaching.contractEdit" params={{ id: teacher.id, teacherContract: contract.id }} data-testid="contract-edit">
                            <Button size="xs" variant="light" component="span">{t('teaching.common.edit')}</Button>
                          </PageLink>
                        )}
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <Button size="xs" variant="default" data-testid="contract-status-menu">{t('teaching.contract.changeStatus')}</Button>
                          </Menu.Target>
                          <Menu.Dropdown>
                            {contractTransitions[contract.status].map((status) => (
                              <Menu.Item key={status} onClick={() => void move(contract, status)} data-testid={`contract-status-${status}`}>
                                {t(`teaching.contract.moveTo.${status}`)}
                              </Menu.Item>
                            ))}
                            {isContractDeletable(contract.status) && (
                              <>
                                <Menu.Divider />
                                <Menu.Item color="red" onClick={() => void remove(contract)} data-testid="contract-delete">{t('teaching.common.delete')}</Menu.Item>
                              </>
                            )}
                          </Menu.Dropdown>
                        </Menu>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

function CompaniesCard({ data, reload, writable }: { data: TeacherPageData; reload: () => Promise<void>; writable: boolean }) {
  const { t } = useTranslation();
  const can = useCan();
  const [editing, setEditing] = useState<TeacherCompany | null>(null);
  const canChange = writable && can('teaching.company.update');

  const act = async (company: TeacherCompany, kind: 'unlink' | 'invalidate') => {
    const ok = await confirm({ message: t(`teaching.company.${kind}Confirm`, { name: company.name }), color: 'red' });
    if (!ok) return;
    try {
      const result =
        kind === 'unlink'
          ? await requestJson<{ message: string }>('DELETE', apiPaths.companyUnlink(company.id, data.teacher.id))
          : await requestJson<{ message: string }>('POST', apiPaths.companyInvalidate(company.id));
      toast.success(result.message);
      await reload();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="teacher-companies">
      <Title order={2} fz={18} mb="sm">{t('teaching.company.listTitle')}</Title>
      {data.companies.length === 0 ? (
        <Text c="dimmed">{t('teaching.company.none')}</Text>
      ) : (
        <Table verticalSpacing="sm">
          <Table.Tbody>
            {data.companies.map((company) => (
              <Table.Tr key={company.id} data-testid="company-row">
                <Table.Td>
                  <Text fw={600}>{company.name}</Text>
                  <Text size="sm" c="dimmed">{company.siret} · {t(`teaching.legalForm.${company.legalForm}`)}</Text>
                </Table.Td>
                <Table.Td><Text size="sm">{addressText(company.address) ?? t('teaching.company.noAddress')}</Text></Table.Td>
                <Table.Td>{company.invalidatedAt && <Badge color="red" variant="light">{t('teaching.company.invalidatedBadge')}</Badge>}</Table.Td>
                <Table.Td>
                  {canChange && (
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="light" onClick={() => setEditing(company)}>{t('teaching.common.edit')}</Button>
                      <Button size="xs" variant="subtle" color="gray" onClick={() => void act(company, 'unlink')}>{t('teaching.company.unlink')}</Button>
                      {!company.invalidatedAt && (
                        <Button size="xs" variant="subtle" color="red" onClick={() => void act(company, 'invalidate')}>{t('teaching.company.invalidate')}</Button>
                      )}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <CompanyPopup
        opened={editing !== null}
        teacherId={data.teacher.id}
        companyId={editing?.id ?? null}
        onClose={() => setEditing(null)}
        onSaved={async (saved) => {
          setEditing(null);
          toast.success(saved.message);
          await reload();
        }}
        onReuse={async () => {
          setEditing(null);
          await reload();
        }}
      />
    </Card>
  );
}
