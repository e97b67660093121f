import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../shared/PageTitle';
import { usePageData } from '../../shared/queries';
import { loadMyMarks, loadMyReportCards, myMarksExportUrl } from './api';
import { MarksTable } from './MarksTable';
import { ReportCardView } from './ReportCardView';

/** "Mes notes / My marks": the student's marks, newest first, and the xlsx export (SPEC §2 /my-marks/export). */
export function MyMarksPage() {
  const { t, i18n } = useTranslation();
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
      {!!marks.length && <MarksTable marks={marks} />}
      <Text size="xs" c="dimmed">{t('marks.mine.rules')} <Anchor size="xs" underline="always" href={myMarksExportUrl(i18n.language)}>{t('marks.mine.exportLink')}</Anchor></Text>
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
