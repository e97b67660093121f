import { Alert, Button, Card, Checkbox, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { examSchema, maxTextLength, maxTitleLength } from '@alterna/courses/validation';
import { PageLink, useGoTo } from '../../navigation';
import { DateField, TimeField } from '../../shared/DateFields';
import { DecimalInput } from '../../shared/DecimalInput';
import { ServerForm, useServerForm } from '../../shared/form';
import { PageTitle } from '../../shared/PageTitle';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { examEditUrl, examNewUrl, loadExam, loadLessons, pageParams, type Course, type Exam } from './api';
import { GroupsField, setField } from './FormParts';
import { useFormCourse } from './shared';
import { usePageParams } from '../../page-params';

/** An exam of the course (`/my-courses/{schoolSubject}/exams`, POST). */
export function ExamNewPage() {
  const { schoolSubject } = usePageParams('courses.examNew', 'courses.teacherExamNew');
  const { teacher } = useFormCourse();
  const page = usePageData(['courses.examNew', teacher, schoolSubject], () => loadLessons({ teacher, schoolSubject }), { keepPrevious: false });
  if (page.error) return <Alert color="red" variant="light" role="alert">{page.error}</Alert>;
  return page.data ? <ExamForm course={page.data.course} exam={null} /> : null;
}

export function ExamEditPage() {
  const { id } = usePageParams('courses.examEdit', 'courses.teacherExamEdit');
  const page = usePageData(['courses.examEdit', id], () => loadExam(id), { keepPrevious: false });
  if (page.error) return <Alert color="red" variant="light" role="alert">{page.error}</Alert>;
  return page.data ? <ExamForm course={page.data.course} exam={page.data.exam} /> : null;
}

interface ExamValues {
  title: string;
  planningGroupIds: string[];
  date: string;
  time: string;
  durationMinutes: number | null;
  coefficient: number | null;
  description: string;
  published: boolean;
}

function ExamForm({ course, exam }: { course: Course; exam: Exam | null }) {
  const { t } = useTranslation();
  const goTo = useGoTo();
  const where = useFormCourse();
  const form = useServerForm<ExamValues, { exam: Exam }>({
    initialValues: {
      title: exam?.title ?? '', planningGroupIds: exam?.planningGroups.map((g) => g.id) ?? (course.groups.length === 1 ? [course.groups[0]!.id] : []),
      date: exam?.date ?? '', time: exam?.time ?? '', durationMinutes: exam?.durationMinutes ?? 60, coefficient: exam?.coefficient ?? 1,
      description: exam?.description ?? '', published: exam?.published ?? false,
    },
    validationSchema: examSchema,
    action: exam ? examEditUrl(exam.id) : examNewUrl({ teacher: where.teacher, schoolSubject: course.schoolSubject.id }),
    onSuccess: async () => {
      toast.success(t('courses.exams.saved'));
      await goTo(where.listPage('exams'), pageParams({ teacher: where.teacher, schoolSubject: course.schoolSubject.id }));
    },
  });
  const values = form.formik.values;
  return (
    <Stack gap="lg" maw={760} data-testid="exam-form-page">
      <PageTitle
        back={<PageLink page={where.listPage('exams')} params={pageParams({ teacher: where.teacher, schoolSubject: course.schoolSubject.id })}><Text size="sm">← {course.schoolSubject.name}</Text></PageLink>}
        title={exam ? t('courses.exams.editTitle') : t('courses.exams.newTitle')}
        intro={course.schoolSubject.name}
      />
      <Card withBorder radius="lg" padding="lg">
        <ServerForm form={form} data-testid="exam-form">
          <TextInput id="title" label={t('courses.exams.title')} required maxLength={maxTitleLength} {...form.inputProps('title')} data-testid="exam-title" />
          <GroupsField form={form} course={course} label={t('courses.exams.groups')} />
          <Group grow align="flex-start">
            <DateField id="date" label={t('courses.exams.date')} required {...form.inputProps('date')} data-testid="exam-date" />
            <TimeField id="time" label={t('courses.exams.time')} required {...form.inputProps('time')} data-testid="exam-time" />
          </Group>
          <Group grow align="flex-start">
            <DecimalInput id="durationMinutes" label={t('courses.exams.duration')} required integer {...form.decimalProps('durationMinutes')} data-testid="exam-duration" />
            <DecimalInput id="coefficient" label={t('courses.exams.coefficient')} required {...form.decimalProps('coefficient')} data-testid="exam-coefficient" />
          </Group>
          <Textarea id="description" label={t('courses.exams.description')} autosize minRows={3} maxLength={maxTextLength} {...form.inputProps('description')} />
          <Checkbox id="published" label={t('courses.exercises.publishNow')} checked={values.published} onChange={(e) => setField(form, 'published', e.currentTarget.checked)} />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} data-testid="exam-save">{t('courses.exercises.save')}</Button>
          </Group>
        </ServerForm>
      </Card>
    </Stack>
  );
}
