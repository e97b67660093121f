import { Badge, Card, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format';
import type { StudentMark } from './api';
import { useMarkFormat } from './ReportCardView';
import { StackedCell, StackedTable } from '../../shared/StackedTable';

/** A student's marks, as given (newest first): date, subject, exam and its element, semester, coefficient, mark or status. */
export function MarksTable({ marks }: { marks: StudentMark[] }) {
  const { t } = useTranslation();
  const format = useMarkFormat();
  return (
    <Card withBorder radius="lg" padding={0} className="stacked-frame" data-testid="marks-table">
      <StackedTable striped highlightOnHover>
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
            <Table.Tr key={mark.examId} data-testid="student-mark" data-exam={mark.examId}>
              <StackedCell label={t('marks.mine.date')}>{formatDate(mark.date)}</StackedCell>
              <StackedCell label={t('marks.mine.subject')}>{mark.subject}</StackedCell>
              <StackedCell label={t('marks.mine.exam')}>{mark.title}{mark.element && <Text size="xs" c="dimmed">{mark.element}</Text>}</StackedCell>
              <StackedCell label={t('marks.mine.semester')}>{mark.semester ? t('marks.semester', { semester: mark.semester }) : '–'}</StackedCell>
              <StackedCell label={t('marks.mine.coefficient')} ta="right">{format.coefficient(mark.coefficient)}</StackedCell>
              <StackedCell label={t('marks.mine.mark')} ta="right" fw={700} data-testid="student-mark-value">
                {mark.status === 'present' ? format.mark(mark.value) : <Badge color={mark.status === 'absent' ? 'red' : 'gray'} variant="light">{t(`marks.statuses.${mark.status}`)}</Badge>}
              </StackedCell>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </StackedTable>
    </Card>
  );
}
