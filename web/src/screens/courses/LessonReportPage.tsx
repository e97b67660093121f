import { Alert, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { lessonReportSchema, maxTextLength } from '@alterna/courses/validation';
import { PageLink } from '../../navigation';
import { ServerForm, useServerForm } from '../../shared/form';
import { PageTitle } from '../../shared/PageTitle';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { lessonReportUrl, loadLessonReport, type LessonReportPage as ReportPage } from './api';
import { personName, useParisFormat } from './shared';
import { usePageParams } from '../../page-params';

/** SPEC §2 `/my-courses/eventLessonSchedule/{id}`: what was done in the session and the homework given. */
export function LessonReportPage() {
  const { id } = usePageParams('courses.lessonReport');
  const page = usePageData(['courses.lessonReport', id], () => loadLessonReport(id), { keepPrevious: false });
  if (page.error) return <Alert color="red" variant="light" role="alert">{page.error}</Alert>;
  return page.data ? <ReportForm page={page.data} onSaved={page.reload} /> : null;
}

function ReportForm({ page, onSaved }: { page: ReportPage; onSaved: () => Promise<void> }) {
  const { t } = useTranslation();
  const format = useParisFormat();
  const { lesson, report } = page;
  const form = useServerForm<{ done: string; homework: string }, ReportPage>({
    initialValues: { done: report?.done ?? '', homework: report?.homework ?? '' },
    validationSchema: lessonReportSchema,
    action: lessonReportUrl(lesson.id),
    onSuccess: async () => {
      toast.success(t('courses.report.saved'));
      await onSaved();
    },
  });
  const back = lesson.schoolSubject ? (
    <PageLink page="courses.subject" params={{ schoolSubject: lesson.schoolSubject.id }}><Text size="sm">{t('courses.report.back')}</Text></PageLink>
  ) : undefined;
  return (
    <Stack gap="lg" maw={860} data-testid="lesson-report-page">
      <PageTitle
        back={back}
        title={t('courses.report.title')}
        intro={t('courses.report.intro', { subject: lesson.schoolSubject?.name ?? '—', when: format.at(lesson.startAt), groups: lesson.planningGroups.join(', ') || '—' })}
      />
      <Card withBorder radius="lg" padding="lg">
        <ServerForm form={form} data-testid="lesson-report-form">
          <Textarea id="done" label={t('courses.report.done')} autosize minRows={5} maxLength={maxTextLength} readOnly={!page.canWrite} {...form.inputProps('done')} data-testid="report-done" />
          <Textarea id="homework" label={t('courses.report.homework')} autosize minRows={3} maxLength={maxTextLength} readOnly={!page.canWrite} {...form.inputProps('homework')} data-testid="report-homework" />
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {report ? t('courses.report.updated', { at: format.at(report.updatedAt), name: report.writtenBy ? personName(report.writtenBy) : '—' }) : t('courses.report.empty')}
            </Text>
            {page.canWrite && <Button type="submit" loading={form.submitting} data-testid="report-save">{t('courses.report.save')}</Button>}
          </Group>
        </ServerForm>
      </Card>
    </Stack>
  );
}
