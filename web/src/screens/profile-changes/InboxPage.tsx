import { useState } from 'react';
import { Alert, Button, Card, Center, Group, Loader, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../shared/PageTitle';
import { confirm } from '../../shared/dialogs';
import { formatDateTime } from '../../shared/format';
import { errorMessage } from '../../shared/http';
import { profileChangeFilters, usePageSearch } from '../../page-search';
import { usePageData, useReload } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { fullName, useMe } from '../../session';
import { decide, loadInbox, type ProfileChangeRequest, type RequestStatus, type Transition } from './api';
import { ChangesList, StatusBadge } from './RequestParts';
import { HiddenHeader } from '../../shared/HiddenHeader';

type Filter = (typeof profileChangeFilters)[number];

/** The approvers' inbox: requests of their campuses, approve or reject after a confirmation. */
export function ProfileChangeInboxPage() {
  const { t } = useTranslation();
  const me = useMe();
  // The status and campus shown are in the URL (?status=…&campus=…): a reload keeps them.
  const [{ status: filter, campus: campusId }, setSearch] = usePageSearch('profileChanges.inbox');
  const reload = useReload();
  const inbox = usePageData(['profileChanges.inbox', filter, campusId], () => loadInbox(filter === 'all' ? null : (filter as RequestStatus), campusId));
  const requests: ProfileChangeRequest[] | null = inbox.data ?? null;
  const loadError = inbox.error;
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (request: ProfileChangeRequest, transition: Transition) => {
    const name = fullName(request.person);
    const confirmed = await confirm({
      title: t(`profileChanges.inbox.${transition}Title`),
      message: t(`profileChanges.inbox.${transition}Confirm`, { name }),
      confirmLabel: t(`profileChanges.inbox.${transition}`),
      cancelLabel: t('profileChanges.inbox.keep'),
      color: transition === 'approve' ? 'teal' : 'red',
    });
    if (!confirmed) return;
    setBusy(request.uuid);
    try {
      const { request: decided, message } = await decide(request.uuid, transition);
      if (message) toast.warning(message);
      else if (decided.status === 'failed') toast.error(decided.failureMessage ?? t('profileChanges.inbox.failed'), { title: t('profileChanges.inbox.failedTitle', { name }) });
      else toast.success(t(`profileChanges.inbox.done.${decided.status}`, { name, defaultValue: t(`profileChanges.status.${decided.status}`) }));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
      void reload(['profileChanges.inbox']);
    }
  };

  const campuses = me?.campuses ?? [];
  return (
    <Stack gap="lg" maw={1300} data-testid="profile-change-inbox">
      <PageTitle title={t('profileChanges.inbox.title')} intro={t('profileChanges.inbox.intro')} />
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          value={filter}
          onChange={(value) => setSearch({ status: value as Filter })}
          data={profileChangeFilters.map((value) => ({ value, label: t(`profileChanges.inbox.filters.${value}`) }))}
          data-testid="inbox-filter"
        />
        {campuses.length > 1 && (
          <Select
            aria-label={t('profileChanges.inbox.campus')}
            placeholder={t('profileChanges.inbox.allCampuses')}
            data={campuses.map((campus) => ({ value: campus.id, label: campus.name }))}
            value={campusId}
            onChange={(campus) => setSearch({ campus })}
            clearable
            w={220}
            data-testid="inbox-campus"
          />
        )}
      </Group>
      {loadError && (
        <Alert color="red" variant="light" role="alert">
          {loadError}
        </Alert>
      )}
      {requests === null ? (
        !loadError && (
          <Center p="xl">
            <Loader size="sm" />
          </Center>
        )
      ) : requests.length === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <Text c="dimmed" ta="center" data-testid="inbox-empty">
            {t(filter === 'pending' ? 'profileChanges.inbox.emptyPending' : 'profileChanges.inbox.empty')}
          </Text>
        </Card>
      ) : (
        <Card withBorder radius="lg" padding={0}>
          <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('profileChanges.inbox.columns.person')}</Table.Th>
                <Table.Th>{t('profileChanges.inbox.columns.changes')}</Table.Th>
                <Table.Th>{t('profileChanges.inbox.columns.filed')}</Table.Th>
                <Table.Th>{t('profileChanges.inbox.columns.status')}</Table.Th>
                <HiddenHeader />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {requests.map((request) => (
                <Table.Tr key={request.uuid} data-testid="inbox-row" data-request-id={request.uuid} data-person={fullName(request.person)}>
                  <Table.Td style={{ minWidth: 190 }}>
                    <Text fw={600} size="sm">
                      {fullName(request.person)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {request.person.email}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('profileChanges.inbox.campusName', { name: request.campus.name })}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ minWidth: 200 }}>
                    <ChangesList changes={request.changes} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(request.createdAt)}
                    </Text>
                    {request.requestedBy && request.requestedBy.uuid !== request.person.uuid && (
                      <Text size="xs" c="dimmed">
                        {t('profileChanges.inbox.filedBy', { name: fullName(request.requestedBy) })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      <StatusBadge status={request.status} />
                      <Text size="xs" c="dimmed">
                        {request.status === 'pending'
                          ? t('profileChanges.expiresAt', { date: formatDateTime(request.expiresAt) })
                          : request.decidedBy
                            ? t('profileChanges.decidedBy', { name: fullName(request.decidedBy), date: formatDateTime(request.decidedAt) })
                            : t('profileChanges.endedAt', { date: formatDateTime(request.decidedAt) })}
                      </Text>
                      {request.failureMessage && (
                        <Text size="xs" c="red">
                          {request.failureMessage}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="right">
                    {request.canDecide && (
                      <Group gap={6} justify="flex-end" wrap="nowrap">
                        <Button size="compact-sm" color="teal" loading={busy === request.uuid} onClick={() => void act(request, 'approve')} data-testid="request-approve">
                          {t('profileChanges.inbox.approve')}
                        </Button>
                        <Button size="compact-sm" variant="light" color="red" disabled={busy === request.uuid} onClick={() => void act(request, 'reject')} data-testid="request-reject">
                          {t('profileChanges.inbox.reject')}
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          </Table.ScrollContainer>
        </Card>
      )}
    </Stack>
  );
}
