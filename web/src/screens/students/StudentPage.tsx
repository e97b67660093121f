import { Alert, Badge, Button, Card, Center, Group, Loader, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateRange, personName } from '../../shared/format';
import { LAST_SITUATIONS, isWorkStudy } from '@alterna/students/validation';
import { countryName } from '@alterna/students/validation';
import { useLanguage } from '../../language';
import { PageLink } from '../../navigation';
import { useMe } from '../../session';
import { PageTitle } from '../../shared/PageTitle';
import { HistoryButton } from '../../shared/HistoryPanel';
import { ServerForm, useServerForm } from '../../shared/form';
import { toast } from '../../shared/toast';
import { apiPaths, loadStudent, type Student } from './api';
import { can } from './permissions';
import { usePageData } from '../../shared/queries';
import { HiddenHeader } from '../../shared/HiddenHeader';
import { usePageParams } from '../../page-params';

/** A student: coordinates, legal guardian, registrations with their contracts, and the Y-1 situation. */
export function StudentPage() {
  const { t } = useTranslation();
  const { id = '' } = usePageParams('students.show');
  const me = useMe();
  const language = useLanguage();
  const canChange = can(me, 'students.student.update');
  const page = usePageData(['students.show', id], () => loadStudent(id));
  const student: Student | null = page.data ?? null;
  const { error, reload: load } = page;

  if (error) return <Alert color="red" variant="light">{error}</Alert>;
  if (!student) return <Center p="xl"><Loader size="sm" /></Center>;
  const guardian = student.legalGuardian;

  return (
    <Stack gap="lg" data-testid="student-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle
          back={<PageLink page="students.list"><Text size="sm">← {t('students.list.title')}</Text></PageLink>}
          title={personName(student)} titleTestId="student-title"
          intro={student.campuses.map((c) => c.name).join(', ')}
        />
        <Group gap="xs">
          <HistoryButton kind="student" id={student.id} valueLabel={(field, value) => (field === 'situation' ? t(`students.situations.${String(value)}`) : null)} />
          {canChange && (
            <PageLink page="students.edit" params={{ id: student.id }} data-testid="student-edit">
              <Button component="span" variant="light">{t('students.show.editCoordinates')}</Button>
            </PageLink>
          )}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="lg" mb="sm">{t('students.show.coordinates')}</Title>
          <Stack gap={6}>
            <Text><b>{t('students.form.dateOfBirth')}</b> : <span data-testid="student-dob">{formatDate(student.dateOfBirth)}</span>{' '}
              {student.isMinor && <Badge color="orange" variant="light">{t('students.form.minor')}</Badge>}</Text>
            <Text><b>{t('students.form.birthplace')}</b> : <span data-testid="student-birthplace">{student.birthplace}{student.birthCityCode ? ` (${student.birthCityCode})` : ''}</span></Text>
            <Text><b>{t('students.form.birthCountry')}</b> : {student.birthCountry ? countryName(student.birthCountry, language) : '—'}</Text>
            <Text><b>{t('students.form.email')}</b> : {student.email}</Text>
          </Stack>
        </Card>
        {guardian && (
          <Card withBorder radius="lg" padding="lg" data-testid="student-guardian">
            <Title order={2} fz="lg" mb="sm">{t('students.form.guardian')}</Title>
            <Stack gap={6}>
              <Text fw={600} data-testid="guardian-name">{personName({ firstName: guardian.guardianFirstName, lastName: guardian.guardianLastName })}</Text>
              <Text>{guardian.guardianEmail} · {guardian.guardianPhone}</Text>
              <Text>{[guardian.guardianStreetAddress, guardian.guardianAddressSupplement].filter(Boolean).join(', ')}</Text>
              <Text>{guardian.guardianPostalCode} {guardian.guardianAddressLocality}{guardian.guardianAddressCountry ? `, ${countryName(guardian.guardianAddressCountry, language)}` : ''}</Text>
            </Stack>
          </Card>
        )}
      </SimpleGrid>

      <Card withBorder radius="lg" padding={0}>
        <Group justify="space-between" p="lg" pb="sm">
          <Title order={2} fz="lg">{t('students.show.registrations')}</Title>
          {canChange && (
            <Group>
              {student.registrations.some((r) => isWorkStudy(r.studentStatus) && !r.contract) && (
                <PageLink page="students.contractNew" params={{ id: student.id }} data-testid="contract-new">
                  <Button component="span" variant="light" size="sm">{t('students.show.newContract')}</Button>
                </PageLink>
              )}
              <PageLink page="students.registrationNew" params={{ id: student.id }} data-testid="registration-new">
                <Button component="span" size="sm">{t('students.show.newRegistration')}</Button>
              </PageLink>
            </Group>
          )}
        </Group>
        {student.registrations.length === 0 ? (
          <Text p="lg" pt={0} c="dimmed">{t('students.show.noRegistration')}</Text>
        ) : (
          <Table verticalSpacing="sm" horizontalSpacing="lg" data-testid="registrations-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('students.list.session')}</Table.Th>
                <Table.Th>{t('students.list.group')}</Table.Th>
                <Table.Th>{t('students.list.status')}</Table.Th>
                <Table.Th>{t('students.show.contract')}</Table.Th>
                <HiddenHeader />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {student.registrations.map((r) => (
                <Table.Tr key={r.id} data-testid="registration-row">
                  <Table.Td>{r.trainingGroup.trainingSession.name}</Table.Td>
                  <Table.Td>{r.trainingGroup.shortName} <Text span c="dimmed" fz="sm">({r.trainingGroup.campus.name})</Text></Table.Td>
                  <Table.Td>{t(`students.statuses.${r.studentStatus}`)}</Table.Td>
                  <Table.Td>
                    {r.contract ? `${r.contract.corporation.shortName || r.contract.corporation.name} · ${formatDateRange(r.contract.startDate, r.contract.endDate)}` : '—'}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <HistoryButton kind="registration" id={r.id} icon name={t('history.registrationOf', { group: r.trainingGroup.shortName })}
                        valueLabel={(field, value) => (field === 'student_status' ? t(`students.statuses.${String(value)}`) : value === r.trainingGroup.id ? r.trainingGroup.shortName : null)} />
                      {r.contract && <HistoryButton kind="contract" id={r.contract.id} icon name={t('history.contractOf', { company: r.contract.corporation.shortName || r.contract.corporation.name })} />}
                      {canChange && (
                        <>
                          <PageLink page="students.registrationEdit" params={{ id: student.id, studentRegistration: r.id }} data-testid="registration-edit">
                            <Button component="span" size="xs" variant="default">{t('students.show.editRegistration')}</Button>
                          </PageLink>
                          {r.contract && (
                            <PageLink page="students.contractEdit" params={{ id: student.id, studentContract: r.contract.id }} data-testid="contract-edit">
                              <Button component="span" size="xs" variant="default">{t('students.show.editContract')}</Button>
                            </PageLink>
                          )}
                        </>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>

      <LastSituationCard student={student} canChange={canChange} onSaved={load} />
    </Stack>
  );
}

/** The situation the year before joining (Y-1): POST /students/students/last-situation/new. */
function LastSituationCard({ student, canChange, onSaved }: { student: Student; canChange: boolean; onSaved: () => void }) {
  const { t } = useTranslation();
  const form = useServerForm({
    initialValues: {
      student: student.id, situation: student.lastSituation?.situation ?? null as string | null,
      establishment: student.lastSituation?.establishment ?? '', diploma: student.lastSituation?.diploma ?? '',
    },
    action: apiPaths.lastSituation(),
    onSuccess: (result: { message: string }) => {
      toast.success(result.message);
      onSaved();
    },
  });
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="last-situation">
      <Title order={2} fz="lg" mb="sm">{t('students.show.lastSituation')}</Title>
      <ServerForm form={form}>
        <fieldset disabled={!canChange} style={{ border: 0, padding: 0, margin: 0 }}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              id="situation" name="situation" label={t('students.show.situation')} required
              data={LAST_SITUATIONS.map((s) => ({ value: s, label: t(`students.situations.${s}`) }))}
              value={form.formik.values.situation} onChange={(v) => void form.formik.setFieldValue('situation', v)} error={form.fieldError('situation')}
            />
            <TextInput id="establishment" label={t('students.show.establishment')} {...form.inputProps('establishment')} />
            <TextInput id="diploma" label={t('students.show.diploma')} {...form.inputProps('diploma')} />
          </SimpleGrid>
        </fieldset>
        {canChange && (
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={form.submitting} data-testid="last-situation-save">{t('students.common.save')}</Button>
          </Group>
        )}
      </ServerForm>
    </Card>
  );
}
