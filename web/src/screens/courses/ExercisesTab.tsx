import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../navigation';
import { deleteExercise, pageParams, toggleExercise, type Course, type CourseRef, type Exercise } from './api';
import { ItemActions } from './ItemActions';
import { PublishedBadge, useParisFormat } from './shared';

/** The course's exercises (event homework), newest due date first; the teacher creates, edits and publishes them. */
export function ExercisesTab({ courseRef, course, exercises, reload }: { courseRef: CourseRef; course: Course; exercises: Exercise[]; reload: () => Promise<void> }) {
  const { t } = useTranslation();
  const format = useParisFormat();
  const mine = !courseRef.teacher;
  return (
    <Stack gap="md">
      {course.canWrite && (
        <Group justify="flex-end">
          <Button component={PageLink} page={mine ? 'courses.exerciseNew' : 'courses.teacherExerciseNew'} params={pageParams(courseRef)} data-testid="new-exercise">{t('courses.exercises.new')}</Button>
        </Group>
      )}
      {!exercises.length && <Text c="dimmed">{t('courses.exercises.none')}</Text>}
      {exercises.map((exercise) => (
        <Card key={exercise.id} withBorder radius="lg" padding="md" data-testid="exercise" data-title={exercise.title}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text fw={700}>{exercise.title}</Text>
                <PublishedBadge published={exercise.published} />
              </Group>
              <Text size="sm" fw={500}>{t('courses.exercises.due', { date: format.day(exercise.dueDate) })}</Text>
              {exercise.lesson && <Text size="xs" c="dimmed">{t('courses.exercises.lesson', { at: format.at(exercise.lesson.startAt) })}</Text>}
              <Group gap={4}>{exercise.planningGroups.map((g) => <Badge key={g.id} size="sm" variant="outline" color="gray">{g.name}</Badge>)}</Group>
              {exercise.instructions && <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }} lineClamp={4}>{exercise.instructions}</Text>}
            </Stack>
            {course.canWrite && (
              <ItemActions
                id={exercise.id} published={exercise.published} edit={mine ? { page: 'courses.exerciseEdit', params: { id: exercise.id } } : { page: 'courses.teacherExerciseEdit', params: { ...pageParams(courseRef), id: exercise.id } }}
                confirmText={t('courses.exercises.deleteConfirm', { title: exercise.title })} deletedText={t('courses.exercises.deleted')}
                toggle={() => toggleExercise(exercise.id)} remove={() => deleteExercise(exercise.id)} reload={reload}
              />
            )}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
