import { Badge, Card, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format';
import type { StudentMark } from './api';
import { useMarkFormat } from './ReportCardView';

/** A student's marks, as given (newest first): date, subject, exam and its element, semester, coefficient, mark or status. */
export function MarksTable({ marks }: { marks: StudentMark[] }) {
  const { t } = useTranslation();
  const format = useMarkFormat();
  return (
    <Card withBorder radius="lg" padding={0} data-testid="marks-table">
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
            <Table.Tr key={mark.examId} data-testid="student-mark" data-exam={mark.examId}>
              <Table.Td>{formatDate(mark.date)}</Table.Td>
              <Table.Td>{mark.subject}</Table.Td>
              <Table.Td>{mark.title}{mark.element && <Text size="xs" c="dimmed">{mark.element}</Text>}</Table.Td>
              <Table.Td>{mark.semester ? t('marks.semester', { semester: mark.semester }) : '–'}</Table.Td>
              <Table.Td ta="right">{format.coefficient(mark.coefficient)}</Table.Td>
              <Table.Td ta="right" fw={700} data-testid="student-mark-value">
                {mark.status === 'present' ? format.mark(mark.value) : <Badge color={mark.status === 'absent' ? 'red' : 'gray'} variant="light">{t(`marks.statuses.${mark.status}`)}</Badge>}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
