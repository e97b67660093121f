import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, personName } from '../../shared/format';
import { alertSettingsSchema, type AlertSettings } from '@alterna/attendance/validation';
import { useMe } from '../../session';
import { DecimalInput } from '../../shared/DecimalInput';
import { ServerForm, useServerForm } from '../../shared/form';
import { requestJson } from '../../shared/http';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { alertSettingsUrl, loadAlerts, loadAlertSettings, type AbsenceSearch } from './absences-api';

/** The alerts the evening run raised on the staff's campuses, and the chosen campus's thresholds. */
export function AlertsPanel({ search }: { search: AbsenceSearch }) {
  const { t } = useTranslation();
  const page = usePageData(['attendance.alerts', search.campus, search.from, search.to], () => loadAlerts(search));
  return (
    <Stack gap="md">
      {search.campus ? <AlertSettingsCard campusId={search.campus} /> : <Text size="sm" c="dimmed">{t('attendance.alerts.pickCampus')}</Text>}
      {page.error && <Alert color="red" variant="light" role="alert">{page.error}</Alert>}
      {page.data && !page.data.alerts.length && <Text c="dimmed">{t('attendance.alerts.none')}</Text>}
      {page.data && page.data.alerts.length > 0 && (
        <Table striped withTableBorder data-testid="staff-alerts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('attendance.alerts.day')}</Table.Th>
              <Table.Th>{t('attendance.absences.student')}</Table.Th>
              <Table.Th>{t('attendance.absences.kind')}</Table.Th>
              <Table.Th>{t('attendance.alerts.told')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.data.alerts.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>{formatDate(a.day)}</Table.Td>
                <Table.Td>{personName(a.student)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={a.kind === 'consecutive-absences' ? 'orange' : 'red'}>{t(`attendance.alerts.kinds.${a.kind}`)}</Badge>{' '}
                  <Text span size="xs" c="dimmed">{t('attendance.alerts.countOf', { count: a.count, threshold: a.threshold })}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{a.mailedAt ? (a.recipients?.length ? a.recipients.join(', ') : t('attendance.alerts.nobody')) : t('attendance.alerts.pending')}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

const fields = ['unjustifiedHalfDays', 'windowDays', 'consecutiveAbsences', 'justifyWithinDays'] as const;

function AlertSettingsCard({ campusId }: { campusId: string }) {
  const { t } = useTranslation();
  const me = useMe();
  const canEdit = !!me?.permissions.includes('attendance.alert.manage');
  const page = usePageData(['attendance.alertSettings', campusId], () => loadAlertSettings(campusId));
  const form = useServerForm<AlertSettings>({
    initialValues: page.data?.settings ?? { unjustifiedHalfDays: 3, windowDays: 30, consecutiveAbsences: 2, justifyWithinDays: 5 },
    enableReinitialize: true,
    validationSchema: alertSettingsSchema,
    action: (values) => requestJson('POST', alertSettingsUrl(campusId), values),
    onSuccess: () => {
      toast.success(t('attendance.alerts.saved'));
    },
  });
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} size="h5" mb="xs">{t('attendance.alerts.settingsTitle')}</Title>
      <ServerForm form={form} data-testid="alert-settings">
        <Group grow align="flex-start">
          {fields.map((name) => (
            <DecimalInput key={name} id={name} label={t(`attendance.alerts.fields.${name}`)} integer disabled={!canEdit} {...form.decimalProps(name)} />
          ))}
        </Group>
        {canEdit && (
          <Group justify="flex-end">
            <Button type="submit" size="xs" loading={form.submitting}>{t('attendance.alerts.save')}</Button>
          </Group>
        )}
      </ServerForm>
    </Card>
  );
}
