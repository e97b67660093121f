import { useEffect, useState } from 'react';
import { Alert, Badge, Center, Group, List, Loader, Pagination, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/http';
import { formatSlot } from '../shared/time';
import { getRunItems, type RunItemsPage, type RunItemStatus } from './api';
import { ITEM_COLOUR, ITEM_ORDER } from './statuses';

export const RESULTS_PAGE_SIZE = 20;

/** The per-occurrence result of a run: outcome, date, reasons (with what collides); filter and pages. */
export function RunResults({ operationId }: { operationId: string }) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<RunItemStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<RunItemsPage | null>(null);
  const [counts, setCounts] = useState<RunItemsPage['counts']>({});
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    let live = true;
    setLoading(true);
    getRunItems(operationId, { status: status === 'all' ? null : status, offset: (page - 1) * RESULTS_PAGE_SIZE, limit: RESULTS_PAGE_SIZE })
      .then((result) => {
        if (!live) return;
        setData(result);
        if (status === 'all') setCounts(result.counts);
        setError(null);
      })
      .catch((e: unknown) => live && setError(errorMessage(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [operationId, status, page]);

  const statuses = ITEM_ORDER.filter((s) => counts[s]);
  const all = Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);
  const pages = data ? Math.max(1, Math.ceil(data.total / RESULTS_PAGE_SIZE)) : 1;
  return (
    <Stack gap="sm" data-testid="run-results">
      {statuses.length > 1 && (
        <SegmentedControl
          value={status}
          onChange={(value) => {
            setStatus(value as RunItemStatus | 'all');
            setPage(1);
          }}
          data={[
            { value: 'all', label: t('planning.bulk.results.all', { count: all }) },
            ...statuses.map((s) => ({ value: s, label: `${t(`planning.bulk.itemStatus.${s}`)} (${counts[s]})` })),
          ]}
          data-testid="results-filter"
          style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
        />
      )}
      {error && (
        <Alert color="red" variant="light">
          {error}
        </Alert>
      )}
      {!data ? (
        <Center p="md">{loading && <Loader size="sm" />}</Center>
      ) : data.items.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="results-empty">
          {t('planning.bulk.results.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table withTableBorder verticalSpacing={6} fz="sm" data-testid="results-table" aria-busy={loading || undefined}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={56}>#</Table.Th>
                <Table.Th w={130}>{t('planning.bulk.results.status')}</Table.Th>
                <Table.Th w={260}>{t('planning.bulk.results.date')}</Table.Th>
                <Table.Th>{t('planning.bulk.results.reasons')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((item) => (
                <Table.Tr key={item.seq} data-testid="result-row" data-status={item.status} data-lesson-id={item.lessonId ?? undefined}>
                  <Table.Td c="dimmed">{item.seq + 1}</Table.Td>
                  <Table.Td>
                    <Badge color={ITEM_COLOUR[item.status] ?? 'gray'} variant="light" data-testid="result-status">
                      {t(`planning.bulk.itemStatus.${item.status}`, { defaultValue: item.status })}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{item.startAt ? formatSlot(item.startAt, item.endAt ?? '', i18n.language) : '—'}</Table.Td>
                  <Table.Td>
                    {item.reasons.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    ) : (
                      <List size="sm" spacing={2}>
                        {item.reasons.map((reason, i) => (
                          <List.Item key={i} data-testid="result-reason">
                            {reason.message ?? t(`planning.bulk.reasonKinds.${reason.kind}`, { defaultValue: reason.kind })}
                          </List.Item>
                        ))}
                      </List>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {/* Another page or filter on its way: a spinner beside the pages, the rows kept as they are (faded, they read badly). */}
      {(pages > 1 || (data && loading)) && (
        <Group justify="center" gap="sm">
          {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" data-testid="results-pages" />}
          {data && loading && <Loader size="xs" data-testid="results-loading" />}
        </Group>
      )}
    </Stack>
  );
}
