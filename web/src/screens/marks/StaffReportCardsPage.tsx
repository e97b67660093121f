import { useState } from 'react';
import { Alert, Anchor, Button, Card, Checkbox, Group, Progress, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { personName } from '../../shared/format';
import { semesters } from '@alterna/marks/validation';
import type { Operation } from '@alterna/core/operations/types';
import { PageLink } from '../../navigation';
import { PageTitle } from '../../shared/PageTitle';
import { errorMessage } from '../../shared/http';
import { usePageSearch } from '../../page-search';
import { usePageData } from '../../shared/queries';
import { exportDownloadUrl, type ReportCard, loadGroupReportCards, loadOperation, loadReportCardGroups, startReportCardsExport } from './api';
import { AppraisalsDrawer } from './AppraisalsDrawer';
import { useMarkFormat } from './ReportCardView';
import { useMe } from '../../session';
import { HiddenHeader } from '../../shared/HiddenHeader';

/** Staff: the report cards of a training group for a semester (averages, rank), and their zip as a tracked run. */
export function StaffReportCardsPage() {
  const { t } = useTranslation();
  const format = useMarkFormat();
  const [{ group, semester }, setSearch] = usePageSearch('marks.groups');
  const groups = usePageData(['marks.groups'], loadReportCardGroups);
  const cards = usePageData(['marks.group', group, semester], () => loadGroupReportCards(group!, semester), { enabled: !!group });
  const elements = cards.data?.cards[0]?.subjects ?? [];
  const me = useMe();
  const canAppraise = !!me?.permissions.includes('marks.report-card.appraise');
  const [appraising, setAppraising] = useState<ReportCard | null>(null);
  return (
    <Stack gap="lg" data-testid="staff-report-cards-page">
      <PageTitle title={t('marks.reportCards.staffTitle')} intro={t('marks.reportCards.staffIntro')} />
      {me?.permissions.includes('marks.exam.manage') && (
        <div><Button component={PageLink} page="marks.staffExams" variant="light" data-testid="staff-exams">{t('marks.exams.title')}</Button></div>
      )}
      {groups.error && <Alert color="red" variant="light" role="alert">{groups.error}</Alert>}
      <Group align="flex-end">
        <Select
          label={t('marks.reportCards.group')} searchable w={360} data-testid="report-cards-group"
          data={(groups.data?.groups ?? []).map((g) => ({ value: g.id, label: t('marks.reportCards.groupOption', { name: g.name, training: g.training, year: g.schoolYear }) }))}
          value={group} onChange={(v) => setSearch({ group: v })}
        />
        <SegmentedControl
          value={String(semester)} onChange={(v) => setSearch({ semester: semesters.find((s) => String(s) === v) ?? null })} data-testid="report-cards-semester"
          data={semesters.map((s) => ({ value: String(s), label: t('marks.semester', { semester: s }) }))}
        />
      </Group>
      {cards.error && <Alert color="red" variant="light" role="alert">{cards.error}</Alert>}
      {group && cards.data && <ExportPanel key={`${group}:${semester}`} group={group} semester={semester} />}
      {group && cards.data && (
        <Card withBorder radius="lg" padding={0} style={{ overflowX: 'auto' }}>
          <Table striped highlightOnHover data-testid="report-cards-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('marks.reportCards.student')}</Table.Th>
                {elements.map((e) => <Table.Th key={e.elementId} ta="right">{e.name} <Text span size="xs" c="dimmed">×{format.coefficient(e.coefficient)}</Text></Table.Th>)}
                <Table.Th ta="right">{t('marks.reportCards.generalShort')}</Table.Th>
                <Table.Th ta="right">{t('marks.reportCards.rankShort')}</Table.Th>
                {canAppraise && <HiddenHeader />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cards.data.cards.map((card) => (
                <Table.Tr key={card.student.id} data-testid="report-card-row" data-student={card.student.id}>
                  <Table.Td fw={500}>{personName(card.student)}</Table.Td>
                  {card.subjects.map((s) => <Table.Td key={s.elementId} ta="right">{format.mark(s.average)}</Table.Td>)}
                  <Table.Td ta="right" fw={700}>{format.mark(card.general)}</Table.Td>
                  <Table.Td ta="right">{card.rank ?? '–'}</Table.Td>
                  {canAppraise && (
                    <Table.Td ta="right">
                      <Button size="compact-xs" variant="subtle" onClick={() => setAppraising(card)} data-testid="open-appraisals">{t('marks.appraisals.open')}</Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
      <AppraisalsDrawer
        card={appraising} group={group ?? ''} onClose={() => setAppraising(null)}
        onSaved={async () => {
          await cards.reload();
        }}
      />
    </Stack>
  );
}

/** Starts the zip run, follows its progress (the operations registry), then offers the download. */
function ExportPanel({ group, semester }: { group: string; semester: number }) {
  const { t } = useTranslation();
  const [withRank, setWithRank] = useState(true);
  const [operationId, setOperationId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = usePageData(['marks.export', operationId], () => loadOperation(operationId!), {
    enabled: !!operationId,
    pollMs: (data) => (data?.operation.status === 'running' ? 1000 : false),
  });
  const operation: Operation | undefined = run.data?.operation;
  const start = async () => {
    setError(null);
    try {
      const { operation: started } = await startReportCardsExport(group, { semester, withRank, requestId: crypto.randomUUID() });
      setOperationId(started.id);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Card withBorder radius="lg" padding="md" data-testid="report-cards-export">
      <Stack gap="xs">
        <Group justify="space-between">
          <Checkbox label={t('marks.reportCards.withRank')} checked={withRank} onChange={(e) => setWithRank(e.currentTarget.checked)} />
          <Button onClick={() => void start()} loading={operation?.status === 'running'} data-testid="report-cards-export-start">{t('marks.reportCards.export')}</Button>
        </Group>
        {error && <Alert color="red" variant="light" role="alert">{error}</Alert>}
        {operation && (
          <Stack gap={4}>
            <Progress value={operation.progress.total ? (100 * operation.progress.done) / operation.progress.total : 0} animated={operation.status === 'running'} />
            <Text size="sm" data-testid="report-cards-export-status">
              {t(`marks.reportCards.exportStatus.${operation.status}`, { done: operation.progress.done, total: operation.progress.total, defaultValue: operation.status })}
            </Text>
            {operation.status === 'completed' && (
              <Anchor href={exportDownloadUrl(operation.id)} data-testid="report-cards-download">{t('marks.reportCards.download')}</Anchor>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
