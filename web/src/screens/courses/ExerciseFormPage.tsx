import { Alert, Button, Card, Checkbox, Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { exerciseSchema, maxTextLength, maxTitleLength } from '@alterna/courses/validation';
import { PageLink, useGoTo } from '../../navigation';
import { DateField } from '../../shared/DateFields';
import { ServerForm, useServerForm } from '../../shared/form';
import { PageTitle } from '../../shared/PageTitle';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { exerciseEditUrl, exerciseNewUrl, loadExercise, loadLessons, pageParams, type Course, type CourseLesson, type Exercise } from './api';
import { GroupsField, setField } from './FormParts';
import { useFormCourse, useParisFormat } from './shared';
import { usePageParams } from '../../page-params';

/** SPEC §2 `/my-courses/{schoolSubject}/exercices/new`. */
export function ExerciseNewPage() {
  const { schoolSubject } = usePageParams('courses.exerciseNew', 'courses.teacherExerciseNew');
  const { teacher } = useFormCourse();
  const page = usePageData(['courses.exerciseNew', teacher, schoolSubject], () => loadLessons({ teacher, schoolSubject }), { keepPrevious: false });
  if (page.error) return <Alert color="red" variant="light" role="alert">{page.error}</Alert>;
  return page.data ? <ExerciseForm course={page.data.course} lessons={page.data.lessons} exercise={null} /> : null;
}

/** SPEC §2 `/exercices/{id}/edit`. */
export function ExerciseEditPage() {
  const { id } = usePageParams('courses.exerciseEdit', 'courses.teacherExerciseEdit');
  const { teacher } = useFormCourse();
  const page = usePageData(['courses.exerciseEdit', teacher, id], async () => {
    const found = await loadExercise(id);
    const { lessons } = await loadLessons({ teacher, schoolSubject: found.course.schoolSubject.id });
    return { ...found, lessons };
  }, { keepPrevious: false });
  if (page.error) return <Alert color="red" variant="light" role="alert">{page.error}</Alert>;
  return page.data ? <ExerciseForm course={page.data.course} lessons={page.data.lessons} exercise={page.data.exercise} /> : null;
}

interface ExerciseValues {
  title: string;
  instructions: string;
  planningGroupIds: string[];
  lessonId: string | null;
  dueDate: string;
  published: boolean;
}

function ExerciseForm({ course, lessons, exercise }: { course: Course; lessons: CourseLesson[]; exercise: Exercise | null }) {
  const { t } = useTranslation();
  const goTo = useGoTo();
  const where = useFormCourse();
  const format = useParisFormat();
  const form = useServerForm<ExerciseValues, { exercise: Exercise }>({
    initialValues: {
      title: exercise?.title ?? '', instructions: exercise?.instructions ?? '',
      planningGroupIds: exercise?.planningGroups.map((g) => g.id) ?? (course.groups.length === 1 ? [course.groups[0]!.id] : []),
      lessonId: exercise?.lesson?.id ?? null, dueDate: exercise?.dueDate ?? '', published: exercise?.published ?? false,
    },
    validationSchema: exerciseSchema,
    action: exercise ? exerciseEditUrl(exercise.id) : exerciseNewUrl({ teacher: where.teacher, schoolSubject: course.schoolSubject.id }),
    onSuccess: async () => {
      toast.success(t('courses.exercises.saved'));
      await goTo(where.listPage('exercises'), pageParams({ teacher: where.teacher, schoolSubject: course.schoolSubject.id }));
    },
  });
  const values = form.formik.values;
  return (
    <Stack gap="lg" maw={760} data-testid="exercise-form-page">
      <PageTitle
        back={<PageLink page={where.listPage('exercises')} params={pageParams({ teacher: where.teacher, schoolSubject: course.schoolSubject.id })}><Text size="sm">← {course.schoolSubject.name}</Text></PageLink>}
        title={exercise ? t('courses.exercises.editTitle') : t('courses.exercises.newTitle')}
        intro={course.schoolSubject.name}
      />
      <Card withBorder radius="lg" padding="lg">
        <ServerForm form={form} data-testid="exercise-form">
          <TextInput id="title" label={t('courses.exercises.title')} required maxLength={maxTitleLength} {...form.inputProps('title')} data-testid="exercise-title" />
          <Textarea id="instructions" label={t('courses.exercises.instructions')} autosize minRows={4} maxLength={maxTextLength} {...form.inputProps('instructions')} data-testid="exercise-instructions" />
          <GroupsField form={form} course={course} label={t('courses.exercises.groups')} />
          <Select
            id="lessonId" name="lessonId" label={t('courses.exercises.lessonLabel')} placeholder={t('courses.exercises.noLesson')} clearable
            data={lessons.filter((l) => l.status !== 'cancelled').map((l) => ({ value: l.id, label: `${format.at(l.startAt)} · ${l.planningGroups.join(', ')}` }))}
            value={values.lessonId} onChange={(v) => setField(form, 'lessonId', v)} error={form.fieldError('lessonId')}
          />
          <DateField id="dueDate" label={t('courses.exercises.dueDate')} required {...form.inputProps('dueDate')} data-testid="exercise-due-date" />
          <Checkbox id="published" label={t('courses.exercises.publishNow')} checked={values.published} onChange={(e) => setField(form, 'published', e.currentTarget.checked)} data-testid="exercise-published" />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} data-testid="exercise-save">{t('courses.exercises.save')}</Button>
          </Group>
        </ServerForm>
      </Card>
    </Stack>
  );
}
