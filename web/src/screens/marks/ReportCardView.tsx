import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportCard } from './api';
import { StackedCell, StackedTable } from '../../shared/StackedTable';

/** A mark or an average as the page's language writes it (two decimals), or a dash. */
export function useMarkFormat() {
  const { i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const coefficient = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  return { mark: (value: number | null) => (value === null ? '–' : number.format(value)), coefficient: (value: number) => coefficient.format(value) };
}

/** One report card: a line per grade scale element, the general average, the rank, the appraisals. */
/** `headingOrder`: 2 directly under the page's title, 3 under a section's. */
export function ReportCardView({ card, withRank = true, headingOrder = 2 }: { card: ReportCard; withRank?: boolean; headingOrder?: 2 | 3 }) {
  const { t } = useTranslation();
  const format = useMarkFormat();
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="report-card" data-semester={card.semester} data-student={card.student.id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={0}>
            <Title order={headingOrder} fz="lg">{t('marks.reportCards.semesterTitle', { semester: card.semester })}</Title>
            <Text size="sm" c="dimmed">{card.training.name} · {card.trainingGroup.name}</Text>
          </Stack>
          <Stack gap={2} align="flex-end">
            <Badge size="xl" variant="light" color="indigo" tt="none" data-testid="general-average">{t('marks.reportCards.general', { average: format.mark(card.general) })}</Badge>
            {withRank && card.rank !== null && <Text size="sm" c="dimmed">{t('marks.reportCards.rank', { rank: card.rank, size: card.groupSize })}</Text>}
          </Stack>
        </Group>
        <StackedTable striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('marks.reportCards.subject')}</Table.Th>
              <Table.Th ta="right">{t('marks.reportCards.coefficient')}</Table.Th>
              <Table.Th ta="right">{t('marks.reportCards.average')}</Table.Th>
              <Table.Th>{t('marks.reportCards.appraisal')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {card.subjects.map((subject) => (
              <Table.Tr key={subject.elementId} data-testid="report-card-subject" data-name={subject.name}>
                <StackedCell label={t('marks.reportCards.subject')} fw={500}>{subject.name}</StackedCell>
                <StackedCell label={t('marks.reportCards.coefficient')} ta="right">{format.coefficient(subject.coefficient)}</StackedCell>
                <StackedCell label={t('marks.reportCards.average')} ta="right" fw={600}>{format.mark(subject.average)}</StackedCell>
                <StackedCell label={t('marks.reportCards.appraisal')}>{subject.appraisal && <Text size="sm" c="dimmed">{subject.appraisal}</Text>}</StackedCell>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </StackedTable>
        {card.appraisal && (
          <Text size="sm"><Text span fw={700}>{t('marks.reportCards.generalAppraisal')} : </Text>{card.appraisal}</Text>
        )}
      </Stack>
    </Card>
  );
}
