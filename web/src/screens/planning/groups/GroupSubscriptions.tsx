import { useState } from 'react';
import { Alert, Button, Group, MultiSelect, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../shared/dialogs';
import { errorMessage, ViolationError } from '../../../shared/http';
import { toast } from '../../../shared/toast';
import { addSubscriptions, registrationLabel, removeSubscription, type PlanningGroupPageData } from './api';
import { HiddenHeader } from '../../../shared/HiddenHeader';

interface Props {
  page: PlanningGroupPageData;
  onChanged: () => Promise<void> | void;
}

/** The students of a planning group: add registrations of its training group (or campus) at once, remove one. */
export function GroupSubscriptions({ page, onChanged }: Props) {
  const { t } = useTranslation();
  const groupId = page.planningGroup.id;
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: () => Promise<{ message: string }>) => {
    setBusy(true);
    setError(null);
    try {
      toast.success((await action()).message);
      setChosen([]);
      await onChanged();
    } catch (e: unknown) {
      setError(e instanceof ViolationError ? e.violations.map((v) => v.message).join('\n') : errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (registrationId: string, label: string) => {
    const ok = await confirm({ message: t('planning.groups.subscriptions.confirmRemove', { student: label }), color: 'red', confirmLabel: t('planning.groups.subscriptions.remove') });
    if (ok) await run(() => removeSubscription(groupId, registrationId));
  };

  return (
    <Stack gap="sm" data-testid="group-subscriptions">
      {page.canUpdate && (
        <Group align="flex-end" wrap="nowrap">
          <MultiSelect
            style={{ flex: 1 }}
            label={t('planning.groups.subscriptions.available')}
            description={page.planningGroup.trainingGroup
              ? t('planning.groups.subscriptions.ofTrainingGroup', { group: page.planningGroup.trainingGroup.shortName })
              : t('planning.groups.subscriptions.ofCampus', { campus: page.planningGroup.campus.name })}
            placeholder={page.availableRegistrations.length ? t('planning.groups.subscriptions.pick') : t('planning.groups.subscriptions.noneAvailable')}
            data={page.availableRegistrations.map((r) => ({ value: r.id, label: registrationLabel(r) }))}
            value={chosen}
            onChange={setChosen}
            searchable
            clearable
            disabled={!page.availableRegistrations.length}
            nothingFoundMessage={t('select.nothingFound')}
            data-testid="subscriptions-pick"
          />
          <Button onClick={() => void run(() => addSubscriptions(groupId, chosen))} disabled={!chosen.length} loading={busy} data-testid="subscriptions-add">
            {t('planning.groups.subscriptions.add')}
          </Button>
        </Group>
      )}
      {error && (
        <Alert color="red" variant="light" withCloseButton onClose={() => setError(null)} style={{ whiteSpace: 'pre-line' }} data-testid="subscriptions-error">
          {error}
        </Alert>
      )}
      {page.subscriptions.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="subscriptions-empty">{t('planning.groups.subscriptions.empty')}</Text>
      ) : (
        <Table verticalSpacing={6} highlightOnHover data-testid="subscriptions-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('planning.groups.subscriptions.student')}</Table.Th>
              <Table.Th>{t('planning.groups.trainingGroup')}</Table.Th>
              <Table.Th>{t('planning.groups.subscriptions.status')}</Table.Th>
              {page.canUpdate && <HiddenHeader w={110} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.subscriptions.map(({ id, registration }) => (
              <Table.Tr key={id} data-testid="subscription-row">
                <Table.Td fw={500}>{registration.student.lastName} {registration.student.firstName}</Table.Td>
                <Table.Td>{registration.trainingGroup.shortName}</Table.Td>
                <Table.Td>{t(`students.statuses.${registration.studentStatus}`, { defaultValue: registration.studentStatus })}</Table.Td>
                {page.canUpdate && (
                  <Table.Td ta="right">
                    <Button size="xs" variant="subtle" color="red" disabled={busy} onClick={() => void remove(registration.id, registrationLabel(registration))} data-testid="subscription-remove">
                      {t('planning.groups.subscriptions.remove')}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
