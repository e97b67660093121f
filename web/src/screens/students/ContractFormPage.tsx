import { Alert, Button, Card, Center, Group, Loader, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isWorkStudy } from '@alterna/students/validation';
import { PageLink, useGoTo } from '../../navigation';
import { SearchSelect, formatCompanyOption } from '../../shared/SearchSelect';
import { ServerForm, useServerForm } from '../../shared/form';
import { requestJson } from '../../shared/http';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { apiPaths, loadStudent, searchCorporations, type CorporationOption, type Student, type StudentRegistration } from './api';
import { DateField } from '../../shared/DateFields';
import { usePageParams } from '../../page-params';

/** A work-study contract for one of the student's registrations. */
export function NewContractPage() {
  const { id = '' } = usePageParams('students.contractNew');
  return <ContractFormLoader studentId={id} contractId={null} />;
}

/** /students/{id}/contract/{studentContract}/edit: corporation and dates. */
export function EditContractPage() {
  const { id = '', studentContract = '' } = usePageParams('students.contractEdit');
  return <ContractFormLoader studentId={id} contractId={studentContract} />;
}

function ContractFormLoader({ studentId, contractId }: { studentId: string; contractId: string | null }) {
  const page = usePageData(
    ['students.contract-form', studentId, contractId],
    (): Promise<{ student: Student; registration: StudentRegistration | null }> =>
      Promise.all([
        loadStudent(studentId),
        contractId ? requestJson<{ registration: StudentRegistration }>('GET', apiPaths.contractEdit(studentId, contractId)) : Promise.resolve(null),
      ]).then(([student, found]) => ({ student, registration: found?.registration ?? null })),
    { keepPrevious: false },
  );
  const { data, error } = page;
  if (error) return <Alert color="red" variant="light">{error}</Alert>;
  if (!data) return <Center p="xl"><Loader size="sm" /></Center>;
  return <ContractForm {...data} />;
}

interface ContractValues {
  studentRegistration: string | null;
  corporationId: string | null;
  startDate: string;
  endDate: string;
}

function ContractForm({ student, registration }: { student: Student; registration: StudentRegistration | null }) {
  const { t } = useTranslation();
  const goTo = useGoTo();
  const contract = registration?.contract ?? null;
  const open = student.registrations.filter((r) => isWorkStudy(r.studentStatus) && !r.contract);
  const first = open[0];
  const form = useServerForm<ContractValues, { message: string }>({
    initialValues: {
      studentRegistration: registration?.id ?? first?.id ?? null,
      corporationId: contract?.corporation.id ?? null,
      startDate: contract?.startDate ?? first?.trainingGroup.trainingSession.startDate ?? '',
      endDate: contract?.endDate ?? first?.trainingGroup.trainingSession.endDate ?? '',
    },
    action: contract ? apiPaths.contractEdit(student.id, contract.id) : apiPaths.contractNew(student.id),
    onSuccess: async (result) => {
      toast.success(result.message);
      await goTo('students.show', { id: student.id });
    },
  });
  const values = form.formik.values;
  const set = (name: keyof ContractValues, value: unknown) => {
    void form.formik.setFieldValue(name, value);
    form.clearFieldError(name);
  };
  const selected: CorporationOption | null = contract ? { ...contract.corporation } : null;

  return (
    <Stack gap="lg" data-testid="contract-form-page">
      <div>
        <PageLink page="students.show" params={{ id: student.id }}><Text size="sm">← {student.lastName} {student.firstName}</Text></PageLink>
        <Title order={1} fz={28}>{t(contract ? 'students.contract.editTitle' : 'students.contract.newTitle')}</Title>
      </div>
      <Card withBorder radius="lg" padding="lg" maw={900}>
        <ServerForm form={form} data-testid="contract-form">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              id="studentRegistration" name="studentRegistration" label={t('students.contract.registration')} required disabled={!!contract}
              data={(contract ? [registration!] : open).map((r) => ({ value: r.id, label: `${r.trainingGroup.shortName} – ${r.trainingGroup.trainingSession.name} (${t(`students.statuses.${r.studentStatus}`)})` }))}
              value={values.studentRegistration} onChange={(v) => set('studentRegistration', v)} error={form.fieldError('studentRegistration')}
            />
            <SearchSelect<CorporationOption>
              id="corporationId" name="corporationId" label={t('students.contract.corporation')} required
              loadOptions={searchCorporations} formatOption={formatCompanyOption} selected={selected}
              value={values.corporationId} onChange={(v) => set('corporationId', v)} error={form.fieldError('corporationId')}
              data-testid="contract-corporation"
            />
            <DateField id="startDate" label={t('students.contract.startDate')} required {...form.inputProps('startDate')} />
            <DateField id="endDate" label={t('students.contract.endDate')} required {...form.inputProps('endDate')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} data-testid="contract-save">{t('students.common.save')}</Button>
          </Group>
        </ServerForm>
      </Card>
    </Stack>
  );
}
