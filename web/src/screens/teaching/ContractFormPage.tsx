import { useState } from 'react';
import { ActionIcon, Alert, Button, Card, Divider, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { teacherContractSchema } from '@alterna/teaching/validation';
import { PageLink, useGoTo } from '../../navigation';
import { PageTitle } from '../../shared/PageTitle';
import { ServerForm, useServerForm } from '../../shared/form';
import { toast } from '../../shared/toast';
import { apiPaths, loadContractForm, type ContractFormData, type TeacherCompany } from './api';
import { ActivityLines, type ActivityLineValue } from './ActivityLines';
import { CompanyPopup } from './CompanyPopup';
import type { CompanySaved } from './companies';
import { errorOf, fullName, Loading, setField, useLoaded, useNumber } from './common';
import { DateField } from '../../shared/DateFields';
import { DecimalInput } from '../../shared/DecimalInput';
import { usePageParams } from '../../page-params';

interface ContractValues {
  campusId: string | null;
  trainingSessionId: string | null;
  startDate: string;
  endDate: string;
  teacherStatusId: string | null;
  teacherCompanyId: string | null;
  schoolSubjectLines: { schoolSubjectId: string | null; hours: number | null }[];
  relatedActivityLines: ActivityLineValue[];
}

/** /teachers/{id}/contract/new */
export function ContractNewPage() {
  const { id = '' } = usePageParams('teaching.contractNew');
  return <ContractFormLoader teacherId={id} contractId={null} />;
}

/** /teachers/{id}/contract/{teacherContract}/edit */
export function ContractEditPage() {
  const { id = '', teacherContract = '' } = usePageParams('teaching.contractEdit');
  return <ContractFormLoader teacherId={id} contractId={teacherContract} />;
}

function ContractFormLoader({ teacherId, contractId }: { teacherId: string; contractId: string | null }) {
  const { data, error } = useLoaded(['contractForm', teacherId, contractId], () => loadContractForm(teacherId, contractId));
  if (!data) return <Loading error={error} />;
  return <ContractForm key={contractId ?? 'new'} data={data} />;
}

/** The company option text of SPEC §9: '[name] - [siret]'. */
const optionText = (company: { name: string; siret: string }) => `${company.name} - ${company.siret}`;

function ContractForm({ data }: { data: ContractFormData }) {
  const { t } = useTranslation();
  const goTo = useGoTo();
  const { number } = useNumber();
  const { teacher, teacherContract: contract } = data;
  const session = contract?.trainingSession ?? data.currentSession;
  const [companies, setCompanies] = useState<{ value: string; label: string; invalidated: boolean }[]>(() =>
    data.companies.map((c: TeacherCompany) => ({ value: c.id, label: optionText(c), invalidated: !!c.invalidatedAt })),
  );
  const [popup, setPopup] = useState(false);

  const form = useServerForm<ContractValues, { message: string }>({
    initialValues: contract
      ? {
          campusId: contract.campus.id, trainingSessionId: contract.trainingSession.id, startDate: contract.startDate, endDate: contract.endDate,
          teacherStatusId: contract.teacherStatus.id, teacherCompanyId: contract.teacherCompany?.id ?? null,
          schoolSubjectLines: contract.schoolSubjectLines.map((l) => ({ schoolSubjectId: l.schoolSubject.id, hours: l.hours })),
          relatedActivityLines: contract.relatedActivityLines.map((l) => ({ relatedActivityId: l.relatedActivity.id, amount: l.amount, price: l.price })),
        }
      : {
          campusId: data.campuses.length === 1 ? data.campuses[0]!.id : null, trainingSessionId: session?.id ?? null,
          startDate: session?.startDate ?? '', endDate: session?.endDate ?? '', teacherStatusId: null, teacherCompanyId: null,
          schoolSubjectLines: [{ schoolSubjectId: null, hours: null }], relatedActivityLines: [],
        },
    validationSchema: teacherContractSchema,
    action: contract ? apiPaths.contractEdit(teacher.id, contract.id) : apiPaths.contractNew(teacher.id),
    onSuccess: async (result) => {
      toast.success(result.message);
      await goTo('teaching.teacher', { id: teacher.id });
    },
  });
  const values = form.formik.values;
  const status = data.teacherStatuses.find((s) => s.id === values.teacherStatusId);
  const kept = new Set(contract?.schoolSubjectLines.map((l) => l.schoolSubject.id) ?? []);
  const subjects = data.schoolSubjects.filter((s) => !s.archived || kept.has(s.id));
  const hours = values.schoolSubjectLines.reduce((sum, line) => (line.hours !== null && Number.isFinite(line.hours) ? sum + line.hours : sum), 0);

  const pickSession = (id: string | null) => {
    setField(form, 'trainingSessionId', id);
    const chosen = data.sessions.find((s) => s.id === id);
    if (chosen) {
      setField(form, 'startDate', chosen.startDate);
      setField(form, 'endDate', chosen.endDate);
    }
  };

  /** The company saved or reused in the popup becomes an option of the field, selected. */
  const choose = (saved: CompanySaved) => {
    setCompanies((list) => [...list.filter((c) => c.value !== saved.value), { value: saved.value, label: saved.text, invalidated: false }]);
    setField(form, 'teacherCompanyId', saved.value);
    setPopup(false);
  };

  const setLines = (lines: ContractValues['schoolSubjectLines']) => setField(form, 'schoolSubjectLines', lines);

  return (
    <Stack gap="lg" data-testid="contract-form-page">
      <PageTitle
        back={<PageLink page="teaching.teacher" params={{ id: teacher.id }}><Text size="sm">← {fullName(teacher)}</Text></PageLink>}
        title={t(contract ? 'teaching.contract.editTitle' : 'teaching.contract.newTitle')}
        intro={t('teaching.contract.formIntro', { name: fullName(teacher) })}
      />
      {data.campuses.length === 0 && <Alert color="yellow" variant="light">{t('teaching.contract.noWritableCampus')}</Alert>}
      <Card withBorder radius="lg" padding="lg" maw={1100}>
        <ServerForm form={form} data-testid="contract-form">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              id="campusId" name="campusId" label={t('teaching.contract.campus')} required allowDeselect={false}
              data={data.campuses.map((c) => ({ value: c.id, label: c.name }))}
              value={values.campusId} onChange={(v) => setField(form, 'campusId', v)} error={errorOf(form, 'campusId')} data-testid="contract-campus"
            />
            <Select
              id="trainingSessionId" name="trainingSessionId" label={t('teaching.contract.session')} required allowDeselect={false}
              data={data.sessions.map((s) => ({ value: s.id, label: s.isCurrent ? `${s.name} (${t('teaching.common.current')})` : s.name }))}
              value={values.trainingSessionId} onChange={pickSession} error={errorOf(form, 'trainingSessionId')} data-testid="contract-session"
            />
            <DateField id="startDate" label={t('teaching.contract.startDate')} required {...form.inputProps('startDate')} data-testid="contract-start" />
            <DateField id="endDate" label={t('teaching.contract.endDate')} required {...form.inputProps('endDate')} data-testid="contract-end" />
            <Select
              id="teacherStatusId" name="teacherStatusId" label={t('teaching.contract.teacherStatus')} required allowDeselect={false}
              data={data.teacherStatuses.map((s) => ({ value: s.id, label: t(`teaching.teacherStatus.${s.reference}`) }))}
              value={values.teacherStatusId} onChange={(v) => setField(form, 'teacherStatusId', v)} error={errorOf(form, 'teacherStatusId')}
              data-testid="contract-teacher-status"
            />
            <div style={{ gridColumn: '1 / -1' }}>
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <Select
                  id="teacherCompanyId" name="teacherCompanyId" label={t('teaching.contract.company')} required={!!status?.requiresCompany} clearable searchable
                  style={{ flex: 1 }}
                  placeholder={t('teaching.contract.companyPlaceholder')}
                  nothingFoundMessage={t('teaching.contract.companyNone')}
                  data={companies.filter((c) => !c.invalidated || c.value === values.teacherCompanyId).map(({ value, label }) => ({ value, label }))}
                  value={values.teacherCompanyId} onChange={(v) => setField(form, 'teacherCompanyId', v)} error={errorOf(form, 'teacherCompanyId')}
                  data-testid="contract-company"
                />
                <Button variant="light" onClick={() => setPopup(true)} disabled={data.campuses.length === 0} data-testid="company-new">{t('teaching.company.new')}</Button>
              </Group>
              {status?.requiresCompany && <Text size="xs" c="dimmed" mt={4}>{t('teaching.contract.companyNeeded')}</Text>}
            </div>
          </SimpleGrid>

          <Divider my="xs" />
          <Title order={2} fz={18}>{t('teaching.contract.subjects')}</Title>
          <Stack gap="xs" data-testid="subject-lines">
            <Table verticalSpacing={6} withRowBorders={false}>
              <Table.Tbody>
                {values.schoolSubjectLines.map((line, i) => (
                  <Table.Tr key={i} data-testid="subject-line">
                    <Table.Td w="60%">
                      <Select
                        id={`schoolSubjectLines[${i}].schoolSubjectId`} name={`schoolSubjectLines[${i}].schoolSubjectId`} label={t('teaching.contract.subject')} required searchable
                        data={subjects.map((s) => ({ value: s.id, label: `${s.shortName} – ${s.name}` }))}
                        nothingFoundMessage={t('select.nothingFound')}
                        value={line.schoolSubjectId} onChange={(v) => setField(form, `schoolSubjectLines[${i}].schoolSubjectId`, v)}
                        error={errorOf(form, `schoolSubjectLines[${i}].schoolSubjectId`)} data-testid="subject-line-subject"
                      />
                    </Table.Td>
                    <Table.Td>
                      <DecimalInput
                        id={`schoolSubjectLines[${i}].hours`} name={`schoolSubjectLines[${i}].hours`} label={t('teaching.activity.hours')} required
                        value={line.hours} onChange={(value) => setField(form, `schoolSubjectLines[${i}].hours`, value)}
                        onBlur={() => void form.formik.setFieldTouched(`schoolSubjectLines[${i}].hours`, true)}
                        error={errorOf(form, `schoolSubjectLines[${i}].hours`)} data-testid="subject-line-hours"
                      />
                    </Table.Td>
                    <Table.Td w={40} style={{ verticalAlign: 'bottom', paddingBottom: 10 }}>
                      <ActionIcon variant="subtle" color="red" aria-label={t('teaching.common.remove')} onClick={() => setLines(values.schoolSubjectLines.filter((_, j) => j !== i))} data-testid="subject-line-remove">
                        ×
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group justify="space-between">
              <Button variant="light" size="xs" onClick={() => setLines([...values.schoolSubjectLines, { schoolSubjectId: null, hours: null }])} data-testid="subject-line-add">
                {t('teaching.contract.addSubject')}
              </Button>
              <Text size="sm" fw={600} data-testid="subject-lines-total">{t('teaching.contract.totalHours', { hours: number(hours) })}</Text>
            </Group>
            {errorOf(form, 'schoolSubjectLines') && <Text size="sm" c="red" data-testid="subject-lines-error">{errorOf(form, 'schoolSubjectLines')}</Text>}
          </Stack>

          <Divider my="xs" />
          <Title order={2} fz={18}>{t('teaching.contract.relatedActivities')}</Title>
          <ActivityLines form={form} activities={data.relatedActivities} />

          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} disabled={data.campuses.length === 0} data-testid="contract-save">{t('teaching.common.save')}</Button>
          </Group>
        </ServerForm>
      </Card>
      <CompanyPopup
        opened={popup}
        teacherId={teacher.id}
        companyId={null}
        onClose={() => setPopup(false)}
        onSaved={choose}
        onReuse={choose}
      />
    </Stack>
  );
}
