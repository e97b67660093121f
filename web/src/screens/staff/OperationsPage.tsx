import { Fragment, useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, Center, Group, Loader, Progress, Select, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { PageTitle } from '../../shared/PageTitle';
import { useTranslation } from 'react-i18next';
import { fullName } from '../../session';
import { OPERATIONS_POLL_MS } from '../../shared/constants';
import { confirm } from '../../shared/dialogs';
import { formatDateTime, percent } from '../../shared/format';
import { errorMessage, requestJson } from '../../shared/http';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { ITEM_STATUS_COLOR, KNOWN_KINDS, OUTCOME_COLOR, STATUS_COLOR, isActive, isSignatureChain, runOutcome, type Operation } from './operations';
import { operationStates, usePageSearch } from '../../page-search';
import { isPlanningRun, runResult, undoRun } from '../planning/bulk/api';
import { RunResults } from '../planning/bulk/RunResults';
import { useUndoneRuns } from '../planning/bulk/useUndoneRuns';
import { HiddenHeader } from '../../shared/HiddenHeader';

/** A run whose progress moves by itself (a signature chain waits for people instead). */
const isMoving = (operation: Operation) => isActive(operation) && !isSignatureChain(operation);

/** Staff operations page: bulk runs with live progress, per-item results and cancel. */
export function OperationsPage() {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const [cancelling, setCancelling] = useState<Record<string, boolean>>({});
  const [undoing, setUndoing] = useState<Record<string, boolean>>({});
  const [{ kind, state }, setSearch] = usePageSearch('staff.operations');
  // One request for the page (each run's progress and undo in the list's answer), asked again every
  // OPERATIONS_POLL_MS while a run is live, so its progress moves on the page.
  const query = new URLSearchParams({ ...(kind ? { kind } : {}), ...(state ? { status: state } : {}) }).toString();
  const page = usePageData(['operations.list', kind, state], async () => (await requestJson<{ operations: Operation[] }>('GET', `/api/operations${query ? `?${query}` : ''}`)).operations ?? [], {
    // A signature chain waits for people for days: only a bulk job moving by itself keeps the page polling.
    pollMs: (list) => (list?.some(isMoving) ? OPERATIONS_POLL_MS : false),
  });
  const operations: Operation[] | null = page.data ?? null;
  const { error: loadError, reload: load } = page;
  const anyActive = operations?.some(isMoving) ?? false;
  const { undone, markUndone } = useUndoneRuns(operations);

  const kindLabel = (kind: string) => t(`operations.kinds.${kind}`, { defaultValue: kind });

  const cancel = async (operation: Operation) => {
    const chain = isSignatureChain(operation);
    const ok = await confirm({
      title: chain ? t('operations.chain.cancelTitle') : t('operations.cancelTitle'),
      message: chain
        ? t('operations.chain.cancelConfirm', { subject: operation.subject, count: operation.progress.done, total: operation.progress.total })
        : t('operations.cancelConfirm', { kind: kindLabel(operation.kind), subject: operation.subject }),
      confirmLabel: chain ? t('operations.chain.cancelOk') : t('operations.cancelOk'),
      cancelLabel: chain ? t('operations.chain.cancelKeep') : t('operations.cancelKeep'),
      color: 'red',
    });
    if (!ok) return;
    setCancelling((c) => ({ ...c, [operation.id]: true }));
    try {
      const body = await requestJson<{ operation: Operation }>('POST', `/api/operations/${encodeURIComponent(operation.id)}/cancel`);
      page.update((list) => list.map((o) => (o.id === body.operation.id ? body.operation : o)));
      toast.success(t('operations.cancelRequested'));
      void load();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setCancelling((c) => ({ ...c, [operation.id]: false }));
    }
  };

  // A finished planning run can be undone; the undo is a run of its own, listed like any other.
  const undo = async (operation: Operation) => {
    const ok = await confirm({
      title: t('planning.bulk.undo.title'),
      message: t('planning.bulk.undo.confirmRun', { kind: kindLabel(operation.kind), subject: operation.subject }),
      confirmLabel: t('planning.bulk.undo.ok'),
      color: 'orange',
    });
    if (!ok) return;
    setUndoing((u) => ({ ...u, [operation.id]: true }));
    try {
      const started = await undoRun(operation.id);
      markUndone(operation.id);
      page.update((list) => [started, ...list.filter((o) => o.id !== started.id)]);
      toast.success(t('planning.bulk.undo.started'));
      void load();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setUndoing((u) => ({ ...u, [operation.id]: false }));
    }
  };

  // Signature chains wait for people (days, weeks): listed apart from the bulk jobs, which run by themselves.
  const chains = (operations ?? []).filter(isSignatureChain);
  const bulk = (operations ?? []).filter((operation) => !isSignatureChain(operation));
  const kindChoices = [...new Set([...KNOWN_KINDS, ...(operations ?? []).map((operation) => operation.kind), ...(kind ? [kind] : [])])];

  const table = (list: Operation[], testId: string) => (
    <Table.ScrollContainer minWidth={880}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover className="operations-table" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <HiddenHeader w={44} label={t('table.details')} />
            <Table.Th miw={140}>{t('operations.columns.kind')}</Table.Th>
            <Table.Th miw={120}>{t('operations.columns.subject')}</Table.Th>
            <Table.Th>{t('operations.columns.startedBy')}</Table.Th>
            <Table.Th>{t('operations.columns.startedAt')}</Table.Th>
            <Table.Th>{t('operations.columns.status')}</Table.Th>
            <Table.Th w={180}>{t('operations.columns.progress')}</Table.Th>
            <HiddenHeader w={100} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((operation) => {
            const open = expanded[operation.id] ?? false;
            const done = operation.progress?.done ?? 0;
            const total = operation.progress?.total ?? 0;
            // A run that did nothing (nothing to do, nothing created) never shows as a green 100 %.
            const outcome = runOutcome(operation);
            const pct = outcome === 'nothing' ? 0 : percent(done, total);
            const color = outcome && outcome !== 'done' ? OUTCOME_COLOR[outcome] : (STATUS_COLOR[operation.status] ?? 'blue');
            const active = isActive(operation);
            return (
              <Fragment key={operation.id}>
                <Table.Tr
                  data-testid="operation-row"
                  data-operation-id={operation.id}
                  data-status={operation.status}
                >
                  <Table.Td>
                    <Tooltip label={open ? t('operations.hideItems') : t('operations.showItems')} openDelay={300}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        onClick={() => setExpanded((e) => ({ ...e, [operation.id]: !open }))}
                        aria-expanded={open}
                        aria-label={open ? t('operations.hideItems') : t('operations.showItems')}
                        data-testid="operation-toggle"
                      >
                        <svg
                          className={`chevron${open ? ' chevron-open' : ''}`}
                          width="16"
                          height="16"
                          viewBox="0 0 16 16"
                          aria-hidden="true"
                        >
                          <path d="M6 3.5 10.5 8 6 12.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
                        </svg>
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                  <Table.Td fw={600} data-testid="operation-kind">
                    {kindLabel(operation.kind)}
                  </Table.Td>
                  <Table.Td data-testid="operation-subject">{operation.subject}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="operation-started-by">
                    {operation.startedBy ? fullName(operation.startedBy) : <Text c="dimmed" size="sm">{t('operations.system')}</Text>}
                  </Table.Td>
                  <Table.Td ff="monospace" fz="sm" style={{ whiteSpace: 'nowrap' }} data-testid="operation-started-at">
                    {formatDateTime(operation.startedAt)}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge
                      color={color}
                      variant="light"
                      style={{ overflow: 'visible' }}
                      data-testid="operation-status"
                    >
                      {outcome && outcome !== 'done' ? t(`operations.outcome.${outcome}`) : t(`operations.status.${operation.status}`, { defaultValue: operation.status })}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4}>
                      <Progress.Root
                        size="lg"
                        radius="xl"
                        role="progressbar"
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-valuenow={pct}
                        aria-label={t('operations.columns.progress')}
                        data-testid="operation-progress"
                      >
                        <Progress.Section
                          value={pct}
                          withAria={false}
                          color={color}
                          animated={active}
                        />
                      </Progress.Root>
                      <Text size="xs" c="dimmed" data-testid="operation-progress-label">
                        {isSignatureChain(operation) ? t('operations.chain.progressLabel', { count: done, total }) : t('operations.progressLabel', { done, total, percent: pct })}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="right">
                    {undone[operation.id] && (
                      <Badge color="gray" variant="light" data-testid="operation-undone">
                        {t('planning.bulk.undo.done')}
                      </Badge>
                    )}
                    {isPlanningRun(operation) && operation.status === 'completed' && outcome !== 'nothing' && runResult(operation)?.undoable && undone[operation.id] === false && (
                      <Button
                        size="xs"
                        color="orange"
                        variant="light"
                        loading={undoing[operation.id] ?? false}
                        onClick={() => void undo(operation)}
                        data-testid="operation-undo"
                      >
                        {t('planning.bulk.undo.button')}
                      </Button>
                    )}
                    {operation.canCancel && (
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        loading={cancelling[operation.id] ?? false}
                        onClick={() => void cancel(operation)}
                        data-testid="operation-cancel"
                      >
                        {t('operations.cancel')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
                {open && (
                  <Table.Tr data-testid="operation-details" data-operation-id={operation.id} className="operation-details">
                    <Table.Td />
                    <Table.Td colSpan={7}>
                      <OperationDetails operation={operation} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );

  return (
    <Stack gap="lg" data-testid="operations-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle title={t('operations.title')} intro={t('operations.intro')} />
        <Group gap="xs">
          {anyActive && (
            <Badge variant="dot" color="blue" data-testid="operations-live">
              {t('operations.live')}
            </Badge>
          )}
          <Button variant="default" onClick={() => void load()} data-testid="operations-refresh">
            {t('operations.refresh')}
          </Button>
        </Group>
      </Group>

      {loadError && (
        <Alert color="red" variant="light" role="alert" data-testid="operations-error">
          {loadError}
        </Alert>
      )}

      <Group gap="sm" align="flex-end" data-testid="operations-filters">
        <Select
          label={t('operations.filters.kind')}
          data={[{ value: '', label: t('operations.filters.allKinds') }, ...kindChoices.map((value) => ({ value, label: kindLabel(value) }))]}
          value={kind}
          onChange={(value) => setSearch({ kind: value || null })}
          allowDeselect={false}
          w={260}
          data-testid="operations-kind"
        />
        <Select
          label={t('operations.filters.state')}
          data={operationStates.map((value) => ({ value, label: value ? t(`operations.status.${value}`) : t('operations.filters.allStates') }))}
          value={state}
          onChange={(value) => setSearch({ state: (value ?? '') as (typeof operationStates)[number] })}
          allowDeselect={false}
          w={200}
          data-testid="operations-state"
        />
      </Group>

      {operations !== null && chains.length > 0 && (
        <Stack gap="xs" data-testid="operations-chains">
          <Title order={2} size="h4">{t('operations.chain.title')}</Title>
          <Text size="sm" c="dimmed">{t('operations.chain.intro')}</Text>
          <Card withBorder radius="lg" padding={0}>{table(chains, 'operations-chains-table')}</Card>
        </Stack>
      )}

      <Stack gap="xs" data-testid="operations-bulk">
        {operations !== null && chains.length > 0 && <Title order={2} size="h4">{t('operations.bulkTitle')}</Title>}
        <Card withBorder radius="lg" padding={0}>
          {operations === null ? (
            <Center p="xl">{!loadError && <Loader size="sm" />}</Center>
          ) : bulk.length === 0 ? (
            <Stack align="center" gap={4} p={48} data-testid="operations-empty">
              <Text fw={600}>{t('operations.emptyTitle')}</Text>
              <Text size="sm" c="dimmed">
                {kind || state ? t('operations.emptyFiltered') : t('operations.empty')}
              </Text>
            </Stack>
          ) : (
            table(bulk, 'operations-table')
          )}
        </Card>
      </Stack>
    </Stack>
  );
}

function OperationDetails({ operation }: { operation: Operation }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" py="xs">
      <Group gap="lg">
        {operation.closedAt && (
          <Text size="sm">
            <Text span c="dimmed">
              {t('operations.closedAt')}{' '}
            </Text>
            <Text span ff="monospace">
              {formatDateTime(operation.closedAt)}
            </Text>
          </Text>
        )}
      </Group>
      {operation.error && (
        <Alert color="red" variant="light" data-testid="operation-error">
          {operation.error}
        </Alert>
      )}
      {isPlanningRun(operation) ? (
        operation.status === 'running' ? (
          <Text size="sm" c="dimmed">
            {t('planning.bulk.results.whenDone')}
          </Text>
        ) : (
          <RunResults operationId={operation.id} />
        )
      ) : operation.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('operations.noItems')}
        </Text>
      ) : (
        <Table withTableBorder withRowBorders verticalSpacing={6} fz="sm" data-testid="operation-items">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('operations.items.label')}</Table.Th>
              <Table.Th w={140}>{t('operations.items.status')}</Table.Th>
              <Table.Th>{t('operations.items.message')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {operation.items.map((item) => (
              <Table.Tr key={item.key} data-testid="operation-item" data-item-key={item.key} data-status={item.status}>
                <Table.Td>{item.label}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={ITEM_STATUS_COLOR[item.status] ?? 'gray'}>
                    {t(`operations.itemStatus.${item.status}`, { defaultValue: item.status })}
                  </Badge>
                </Table.Td>
                <Table.Td c={item.status === 'error' ? 'red' : undefined}>{item.message ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
