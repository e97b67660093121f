import { useState } from 'react';
import { Alert, Badge, Button, Card, Checkbox, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { parisDay, parisTime, parisToday } from '@alterna/planning/validation';
import { PageLink } from '../../navigation';
import { DateField } from '../../shared/DateFields';
import { errorMessage } from '../../shared/http';
import { PageTitle } from '../../shared/PageTitle';
import { usePageSearch } from '../../page-search';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { downloadSheets, loadSheets, type ListedSheet } from './sheets-api';
import { SheetWindowCard } from './SheetWindowCard';

const shift = (value: string, days: number) => new Date(Date.parse(`${value}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Staff: the attendance sheets of their campuses over a period, ticked and downloaded as a zip of PDFs (SPEC §7). */
export function SheetsPage() {
  const { t, i18n } = useTranslation();
  const [{ campus, from: fromParam, to: toParam }, setFilters] = usePageSearch('attendance.sheets');
  // The server's default period, shown in the fields: the last 30 days.
  const to = toParam || parisToday();
  const from = fromParam || shift(to, -30);
  const search = { campus, from, to };
  const page = usePageData(['attendance.sheets', search], () => loadSheets(search));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const sheets = page.data?.sheets ?? [];
  // Only what the list shows now is downloaded, whatever was ticked under other filters.
  const chosen = sheets.filter((sheet) => selected.has(sheet.lessonId)).map((sheet) => sheet.lessonId);
  const allChosen = sheets.length > 0 && chosen.length === sheets.length;
  const toggle = (lessonId: string, on: boolean) => setSelected((current) => {
    const next = new Set(current);
    if (on) next.add(lessonId);
    else next.delete(lessonId);
    return next;
  });
  const dayLabel = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/Paris' });
  const when = (sheet: ListedSheet) => `${dayLabel.format(new Date(sheet.startAt))} ${parisTime(sheet.startAt)}–${parisTime(sheet.endAt)}`;

  const download = async () => {
    setBusy(true);
    try {
      const name = await downloadSheets(chosen);
      toast.success(t('attendance.sheetList.downloaded', { name }));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg" data-testid="attendance-sheets-page">
      <PageTitle title={t('attendance.sheetList.title')} intro={t('attendance.sheetList.intro')} />
      <Card withBorder radius="lg" padding="md">
        <Group align="flex-end" grow>
          <Select
            label={t('attendance.sheetList.campus')} clearable placeholder={t('attendance.sheetList.allCampuses')} data-testid="sheets-campus"
            data={(page.data?.campuses ?? []).map((c) => ({ value: c.id, label: c.name }))} value={campus} onChange={(v) => setFilters({ campus: v })}
          />
          <DateField label={t('attendance.sheetList.from')} value={from} onChange={(e) => setFilters({ from: e.target.value })} data-testid="sheets-from" />
          <DateField label={t('attendance.sheetList.to')} value={to} onChange={(e) => setFilters({ to: e.target.value })} data-testid="sheets-to" />
        </Group>
      </Card>
      {campus && <SheetWindowCard campusId={campus} />}
      {page.error && (
        <Alert color="red" variant="light" role="alert">
          {page.error}
        </Alert>
      )}
      {page.data?.truncated && (
        <Alert color="yellow" variant="light">
          {t('attendance.sheetList.truncated')}
        </Alert>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="sheets-selected">
          {t('attendance.sheetList.selected', { count: chosen.length })}
        </Text>
        <Button onClick={() => void download()} disabled={!chosen.length} loading={busy} data-testid="sheets-download">
          {t('attendance.sheetList.download')}
        </Button>
      </Group>
      {page.data && !sheets.length && <Text c="dimmed">{t('attendance.sheetList.none')}</Text>}
      {sheets.length > 0 && (
        <Table striped withTableBorder highlightOnHover verticalSpacing="xs" data-testid="sheets-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('attendance.sheetList.selectAll')} checked={allChosen} indeterminate={chosen.length > 0 && !allChosen} data-testid="sheets-select-all"
                  onChange={(e) => setSelected(e.currentTarget.checked ? new Set(sheets.map((s) => s.lessonId)) : new Set())}
                />
              </Table.Th>
              <Table.Th>{t('attendance.sheetList.when')}</Table.Th>
              <Table.Th>{t('attendance.sheetList.subject')}</Table.Th>
              <Table.Th>{t('attendance.sheetList.groups')}</Table.Th>
              <Table.Th>{t('attendance.sheetList.teachers')}</Table.Th>
              <Table.Th>{t('attendance.sheetList.campus')}</Table.Th>
              <Table.Th miw={120}>{t('attendance.sheetList.state')}</Table.Th>
              <Table.Th ta="right">{t('attendance.sheetList.signed')}</Table.Th>
              <Table.Th ta="right">{t('attendance.sheetList.absent')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sheets.map((sheet) => (
              <Table.Tr key={sheet.sheetId} data-testid="sheets-row" data-lesson={sheet.lessonId} data-day={parisDay(sheet.startAt)}>
                <Table.Td>
                  <Checkbox
                    aria-label={t('attendance.sheetList.select', { when: when(sheet) })} checked={selected.has(sheet.lessonId)}
                    onChange={(e) => toggle(sheet.lessonId, e.currentTarget.checked)} data-testid="sheets-select"
                  />
                </Table.Td>
                <Table.Td>
                  {/* The sheet's page, under its teacher and subject (SPEC §2): managers correct it there, others read it. */}
                  {sheet.teacherId && sheet.schoolSubject ? (
                    <PageLink
                      page="attendance.staffSheet" params={{ teacher: sheet.teacherId, schoolSubject: sheet.schoolSubject.id, lesson: sheet.lessonId }}
                      aria-label={t('attendance.sheetList.openSheet', { when: when(sheet), subject: sheet.schoolSubject.name })} data-testid="sheets-open"
                    >
                      {when(sheet)}
                    </PageLink>
                  ) : when(sheet)}
                </Table.Td>
                <Table.Td>{sheet.schoolSubject?.name ?? t('attendance.noSubject')}</Table.Td>
                <Table.Td>{sheet.planningGroups.join(', ') || '—'}</Table.Td>
                <Table.Td>{sheet.teachers.join(', ') || '—'}</Table.Td>
                <Table.Td>{sheet.campus.name}</Table.Td>
                <Table.Td>
                  <Badge color={sheet.state === 'closed' ? 'green' : 'blue'} variant="light">
                    {t(`attendance.sheetState.${sheet.state}`)}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">
                  {sheet.signed} / {sheet.students}
                </Table.Td>
                <Table.Td ta="right">{sheet.absent}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
