import { Alert, Anchor, Badge, Button, Card, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../shared/PageTitle';
import { formatDate } from '../../shared/format';
import { usePageData } from '../../shared/queries';
import { loadMyMarks, loadMyReportCards, myMarksExportUrl } from './api';
import { ReportCardView, useMarkFormat } from './ReportCardView';

/** "Mes notes / My marks": the student's marks, newest first, and the xlsx export (SPEC §2 /my-marks/export). */
export function MyMarksPage() {
  const { t, i18n } = useTranslation();
  const format = useMarkFormat();
  const page = usePageData(['marks.mine'], loadMyMarks);
  const marks = page.data?.marks ?? [];
  return (
    <Stack gap="lg" data-testid="my-marks-page">
      <PageTitle title={t('marks.mine.title')} intro={t('marks.mine.intro')} />
      <div>
        <Button component="a" href={myMarksExportUrl(i18n.language)} variant="light" data-testid="my-marks-export">{t('marks.mine.export')}</Button>
      </div>
      {page.error && <Alert color="red" variant="light" role="alert">{page.error}</Alert>}
      {page.data && !marks.length && <Text c="dimmed">{t('marks.mine.none')}</Text>}
      {!!marks.length && (
        <Card withBorder radius="lg" padding={0}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('marks.mine.date')}</Table.Th>
                <Table.Th>{t('marks.mine.subject')}</Table.Th>
                <Table.Th>{t('marks.mine.exam')}</Table.Th>
                <Table.Th>{t('marks.mine.semester')}</Table.Th>
                <Table.Th ta="right">{t('marks.mine.coefficient')}</Table.Th>
                <Table.Th ta="right">{t('marks.mine.mark')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {marks.map((mark) => (
                <Table.Tr key={mark.examId} data-testid="my-mark" data-exam={mark.examId}>
                  <Table.Td>{formatDate(mark.date)}</Table.Td>
                  <Table.Td>{mark.subject}</Table.Td>
                  <Table.Td>{mark.title}{mark.element && <Text size="xs" c="dimmed">{mark.element}</Text>}</Table.Td>
                  <Table.Td>{mark.semester ? t('marks.semester', { semester: mark.semester }) : '–'}</Table.Td>
                  <Table.Td ta="right">{format.coefficient(mark.coefficient)}</Table.Td>
                  <Table.Td ta="right" fw={700} data-testid="my-mark-value">
                    {mark.status === 'present' ? format.mark(mark.value) : <Badge color={mark.status === 'absent' ? 'red' : 'gray'} variant="light">{t(`marks.statuses.${mark.status}`)}</Badge>}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
      <Text size="xs" c="dimmed">{t('marks.mine.rules')} <Anchor size="xs" href={myMarksExportUrl(i18n.language)}>{t('marks.mine.exportLink')}</Anchor></Text>
    </Stack>
  );
}

/** "Mes bulletins / My report cards": one card per training group and semester the student has marks in. */
export function MyReportCardsPage() {
  const { t } = useTranslation();
  const page = usePageData(['marks.reportCards'], loadMyReportCards);
  return (
    <Stack gap="lg" data-testid="my-report-cards-page">
      <PageTitle title={t('marks.reportCards.mineTitle')} intro={t('marks.reportCards.mineIntro')} />
      {page.error && <Alert color="red" variant="light" role="alert">{page.error}</Alert>}
      {page.data && !page.data.reportCards.length && <Text c="dimmed">{t('marks.reportCards.none')}</Text>}
      {(page.data?.reportCards ?? []).map((card) => <ReportCardView key={`${card.trainingGroup.id}:${card.semester}`} card={card} />)}
    </Stack>
  );
}
