import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../navigation';
import { deleteExam, pageParams, toggleExam, type Course, type CourseRef, type Exam } from './api';
import { ItemActions } from './ItemActions';
import { PublishedBadge, useParisFormat } from './shared';

/** The course's exams, latest first; the teacher creates, edits and publishes them. */
export function ExamsTab({ courseRef, course, exams, reload }: { courseRef: CourseRef; course: Course; exams: Exam[]; reload: () => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const format = useParisFormat();
  const mine = !courseRef.teacher;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  return (
    <Stack gap="md">
      {course.canWrite && (
        <Group justify="flex-end">
          <Button component={PageLink} page={mine ? 'courses.examNew' : 'courses.teacherExamNew'} params={pageParams(courseRef)} data-testid="new-exam">{t('courses.exams.new')}</Button>
        </Group>
      )}
      {!exams.length && <Text c="dimmed">{t('courses.exams.none')}</Text>}
      {exams.map((exam) => (
        <Card key={exam.id} withBorder radius="lg" padding="md" data-testid="exam" data-title={exam.title}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text fw={700}>{exam.title}</Text>
                <PublishedBadge published={exam.published} />
              </Group>
              <Text size="sm" fw={500}>
                {t('courses.exams.at', { date: format.day(exam.date), time: exam.time, minutes: exam.durationMinutes, coefficient: number.format(exam.coefficient) })}
              </Text>
              <Group gap={4}>{exam.planningGroups.map((g) => <Badge key={g.id} size="sm" variant="outline" color="gray">{g.name}</Badge>)}</Group>
              {exam.description && <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }} lineClamp={4}>{exam.description}</Text>}
            </Stack>
            {course.canWrite && (
              <ItemActions
                id={exam.id} published={exam.published} edit={mine ? { page: 'courses.examEdit', params: { id: exam.id } } : { page: 'courses.teacherExamEdit', params: { ...pageParams(courseRef), id: exam.id } }}
                confirmText={t('courses.exams.deleteConfirm', { title: exam.title })} deletedText={t('courses.exams.deleted')}
                toggle={() => toggleExam(exam.id)} remove={() => deleteExam(exam.id)} reload={reload}
              />
            )}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
